import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

// What every test of a page looks at, in Debian's Chromium: the page at a phone's and a
// desktop's width, light and dark; nothing wider than the screen, every picture loaded,
// text readable against its background; a screenshot for a person to look at.

const CHROMIUM = '/usr/bin/chromium';
export const SHOTS = fileURLToPath(new URL('../../test-output/', import.meta.url));
export const WIDTHS = [360, 1200] as const;
export const SCHEMES = ['light', 'dark'] as const;

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    execFileSync('bash', ['-c', 'export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q --no-install-recommends chromium'], { stdio: 'inherit' });
  }
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A mail's HTML with its embedded pictures (cid:) turned into data: addresses, as a mail program shows them. */
export async function mailHtml(raw: Buffer): Promise<{ html: string; images: number }> {
  const m = await simpleParser(raw, { keepCidLinks: true });
  let html = m.html || '';
  for (const a of m.attachments) {
    if (a.cid) html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`);
  }
  return { html, images: m.attachments.length };
}

export interface Looked {
  overflow: number;
  brokenImages: string[];
  images: number;
  worstContrast: { ratio: number; text: string; color: string; background: string };
}

/** Measures the page as it is laid out now. */
export async function look(page: Page): Promise<Looked> {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(c);
      return m ? { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: m[4] === undefined ? 1 : +m[4] } : { r: 0, g: 0, b: 0, a: 0 };
    };
    const lum = (c: { r: number; g: number; b: number }) => {
      const f = (v: number) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
    };
    const background = (el: Element | null): { r: number; g: number; b: number } => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c.a > 0.5) return c;
      }
      // The canvas: dark only where the page allows a dark scheme and the reader prefers it.
      const darkCanvas = matchMedia('(prefers-color-scheme: dark)').matches && getComputedStyle(document.documentElement).colorScheme.includes('dark');
      return darkCanvas ? { r: 18, g: 18, b: 18 } : { r: 255, g: 255, b: 255 };
    };
    let worst = { ratio: 99, text: '', color: '', background: '' };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script,style,title')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
      const fg = parse(style.color), bg = background(el);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a! + 0.05) / (b! + 0.05);
      const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.5 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio / needed < worst.ratio / 4.5) worst = { ratio: (ratio / needed) * 4.5, text: text.slice(0, 40), color: style.color, background: `rgb(${bg.r}, ${bg.g}, ${bg.b})` };
    }
    const imgs = [...document.images];
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      brokenImages: imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src.slice(0, 60)),
      images: imgs.length,
      worstContrast: worst,
    };
  });
}

/** The page at each width and colour scheme: no overflow, pictures loaded, contrast AA (large text 3:1). */
export async function checkEverywhere(browser: Browser, name: string, open: (page: Page) => Promise<void>, extra?: (page: Page) => Promise<void>, o: { fullPage?: boolean } = {}): Promise<Looked[]> {
  const seen: Looked[] = [];
  for (const width of WIDTHS) {
    for (const scheme of SCHEMES) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
      await open(page);
      const l = await look(page);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: o.fullPage ?? true });
      expect(l.overflow, `${name} at ${width} px ${scheme}: wider than the screen`).toBeLessThanOrEqual(0);
      expect(l.brokenImages, `${name} at ${width} px ${scheme}: pictures not loaded`).toEqual([]);
      expect(l.worstContrast.ratio, `${name} at ${width} px ${scheme}: ${JSON.stringify(l.worstContrast)}`).toBeGreaterThanOrEqual(4.5);
      if (extra) await extra(page);
      seen.push(l);
      await page.close();
    }
  }
  return seen;
}

/** The field table: 25 cells (5x5), coordinates A–E and 1–5, exactly one joker cell, drawn yellow. */
export async function checkField(page: Page) {
  // The first table with a column "A": the field (classes may have been stripped by a mail program).
  const field = page.locator('table').filter({ has: page.locator('th', { hasText: /^A$/ }) }).first();
  const cells = await field.locator('td').evaluateAll((tds) => tds.map((td) => ({ text: (td as HTMLElement).innerText.trim(), bg: getComputedStyle(td).backgroundColor, border: getComputedStyle(td).borderTopWidth })));
  expect(cells).toHaveLength(25);
  const heads = (await field.locator('th').allInnerTexts()).map((s) => s.trim());
  expect(heads).toEqual(['', 'A', 'B', 'C', 'D', 'E', '1', '2', '3', '4', '5']);
  const jokers = cells.filter((c) => c.bg === 'rgb(255, 213, 79)');
  expect(jokers).toHaveLength(1);
  expect(jokers[0]!.text).toBe('*');
  expect(cells.every((c) => parseFloat(c.border) >= 1)).toBe(true);
}
