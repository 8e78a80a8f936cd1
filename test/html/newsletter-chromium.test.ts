import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../src/game/json-files.js';
import { sendNewsletter } from '../../src/game/publish.js';
import type { RoundResult } from '../../src/rules/round-scoring.js';
import { buildSite } from '../../src/site/build.js';
import { serveSite } from '../../src/site/serve.js';
import { runCli } from '../cli/run-cli.js';
import { AWKWARD_NAMES, syntheticGame } from '../../bench/synthetic-game.js';
import { checkEverywhere, checkField, launch, mailHtml, SHOTS } from './page-checks.js';

// The mails as players see them: rendered by a real headless Chromium (Debian's package),
// at 360 and 1200 px, light and dark, and once more after a mail program's sanitizer.

let browser: Browser;
let server: Server;
const mails: Record<string, Buffer> = {};
let siteBase = '';

const outboxMail = (dir: string, round: number, prefix: string, contains = '') => {
  const box = join(dir, 'rounds', String(round).padStart(3, '0'), 'outbox');
  const f = readdirSync(box).filter((x) => x.startsWith(prefix) && x.endsWith('.eml') && x.includes(contains)).sort()[0]!;
  return readFileSync(join(box, f));
};

beforeAll(async () => {
  browser = await launch();
  // The demo: a real German round, four computer players.
  const cwd = mkdtempSync(join(tmpdir(), 'pb-html-'));
  expect(runCli(['demo', '--seed', 'html'], { cwd }).status).toBe(0);
  const demo = join(cwd, 'postboggle-demo');
  expect(runCli(['newsletter', '--send', '--dir', demo]).status).toBe(0);
  mails.demo = outboxMail(demo, 1, 'newsletter-', 'computer1');
  mails.receipt = outboxMail(demo, 1, 'receipt-');
  mails.announcement = outboxMail(demo, 1, 'announcement-');
  // Awkward names over three rounds, with the site served so that the mail's links can be followed.
  const siteDir = join(mkdtempSync(join(tmpdir(), 'pb-site-')), 'site');
  server = await serveSite(siteDir, 0, '127.0.0.1');
  const port = (server.address() as { port: number }).port;
  siteBase = `http://127.0.0.1:${port}/`;
  const awkward = await syntheticGame({ players: 5, rounds: 3, siteUrl: siteBase });
  await buildSite(awkward.game, siteDir);
  await sendNewsletter(awkward.game, readJson<RoundResult>(awkward.game.layout.results(3)));
  mails.longName = outboxMail(awkward.dir, 3, 'newsletter-', 'p2_example');
  mails.htmlName = outboxMail(awkward.dir, 3, 'newsletter-', 'p1_example');
  const empty = await syntheticGame({ players: 3, entrants: () => false });
  await sendNewsletter(empty.game, readJson<RoundResult>(empty.game.layout.results(1)));
  mails.empty = outboxMail(empty.dir, 1, 'newsletter-');
}, 600_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('HTML mails in Chromium', () => {
  it('the newsletter: field with coordinates and joker, pictures, round table and ranking, at 360 and 1200 px, light and dark', async () => {
    const { html, images } = await mailHtml(mails.demo!);
    expect(images).toBe(2); // the best entry's paths and the player's chart
    await checkEverywhere(browser, 'newsletter', (p) => p.setContent(html, { waitUntil: 'load' }), async (page) => {
      await checkField(page);
      const rows = await page.locator('table.ranking tr').allInnerTexts();
      expect(rows).toHaveLength(5); // header + four computer players
      expect(rows[1]).toMatch(/^1\.\s+Computer 4 \(Meister\)\s+\d+\s+neu\s+\d+\?$/);
      expect(await page.locator('table.round-table tr').count()).toBe(5);
      // Movement in words for screen readers.
      expect(await page.locator('table.ranking [role=img]').first().getAttribute('aria-label')).toBe('neu in der Wertung');
      // Words as the players typed them, the longest words of the field, every entry.
      expect(await page.locator('body').innerText()).toMatch(/die längsten: [A-Z]+/);
      expect(await page.getByRole('heading', { name: 'Alle Einsendungen' }).count()).toBe(1);
    });
  });

  it('survives a mail program\'s sanitizer: no <style>, no classes, styles inlined', async () => {
    const { html } = await mailHtml(mails.demo!);
    // Configured like Gmail's: the head and <style> go, classes and unknown attributes go. The
    // sanitizer is Chromium's own (the HTML Sanitizer API, Element.setHTML), which also drops
    // scripts, event handlers and javascript: links whatever the configuration says.
    const sanitizer = {
      elements: ['div', 'p', 'span', 'b', 'strong', 'i', 's', 'em', 'br', 'h1', 'h2', 'h3', 'ul', 'li', 'table', 'tr', 'td', 'th', 'tbody', 'thead',
        { name: 'a', attributes: ['href'] }, { name: 'img', attributes: ['src', 'alt'] }],
      attributes: ['style', 'align', 'width', 'height', 'title', 'role', 'aria-label', 'border', 'cellpadding', 'cellspacing', 'nowrap'],
    };
    const page = await browser.newPage();
    const clean = await page.evaluate(({ html, sanitizer }) => {
      const body = document.createElement('body');
      (body as unknown as { setHTML(h: string, o: object): void }).setHTML(html, { sanitizer });
      return body.innerHTML;
    }, { html, sanitizer });
    await page.close();
    expect(clean).toContain('<table'); // the sanitizer kept the mail, not an empty body
    expect(html).toMatch(/<style|class=/);
    expect(clean).not.toMatch(/<style|class=/);
    await checkEverywhere(browser, 'newsletter-sanitized', (p) => p.setContent(`<!doctype html><meta name="viewport" content="width=device-width"><body>${clean}</body>`, { waitUntil: 'load' }), async (page) => {
      await checkField(page);
      // Rejected words still red, struck through.
      const struck = await page.locator('s').evaluateAll((ss) => ss.map((e) => getComputedStyle(e).color));
      expect(struck).toContain('rgb(179, 38, 30)');
    });
  });

  it('long, HTML and wide names, a link to every page: nothing overflows and every link resolves', async () => {
    for (const [name, raw] of [['newsletter-long-name', mails.longName!], ['newsletter-html-name', mails.htmlName!]] as const) {
      const { html } = await mailHtml(raw);
      expect(html).not.toContain('<script>x()');
      await checkEverywhere(browser, name, (p) => p.setContent(html, { waitUntil: 'load' }), async (page) => {
        const text = await page.locator('body').innerText();
        expect(text).toContain(AWKWARD_NAMES[0]); // shown as text, not markup
        const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        expect(links.length).toBeGreaterThanOrEqual(3); // round page, the player's page, the site
        for (const href of new Set(links)) {
          expect(href.startsWith(siteBase), href).toBe(true);
          expect((await fetch(href)).status, href).toBe(200);
        }
      });
    }
  });

  it('a round with no entries', async () => {
    const { html } = await mailHtml(mails.empty!);
    await checkEverywhere(browser, 'newsletter-empty', (p) => p.setContent(html, { waitUntil: 'load' }), async (page) => {
      expect(await page.locator('body').innerText()).toContain('In dieser Runde kam keine Einsendung.');
    });
  });

  it('receipt and announcement in the same style, both with the field', async () => {
    for (const [name, raw] of [['receipt', mails.receipt!], ['announcement', mails.announcement!]] as const) {
      const { html } = await mailHtml(raw);
      expect(html).toContain('name="viewport"');
      await checkEverywhere(browser, name, (p) => p.setContent(html, { waitUntil: 'load' }), (page) => checkField(page));
    }
    expect(readdirSync(SHOTS).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(24);
  });
});
