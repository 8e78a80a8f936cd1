import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../../src/mail/compose.js';
import { newsletterFor, prepareNewsletter } from '../../src/game/newsletter.js';
import { readJson } from '../../src/game/json-files.js';
import type { RoundResult } from '../../src/rules/round-scoring.js';
import { buildSite, PAGE_SIZE, type SiteReport } from '../../src/site/build.js';
import { serveSite } from '../../src/site/serve.js';
import { playerId } from '../../src/site/urls.js';
import { runCli } from '../cli/run-cli.js';
import { AWKWARD_NAMES, syntheticGame } from '../../bench/synthetic-game.js';
import { checkEverywhere, checkField, launch, mailHtml } from './page-checks.js';

// The tournament site in Chromium: a small game with awkward names over four rounds, and a
// game of 10,000 players, each built once, served by postboggle's own server.

let browser: Browser;
const servers: Server[] = [];
let small = '', big = '';
let bigReport: SiteReport;
let bigGame: Awaited<ReturnType<typeof syntheticGame>>;

async function serve(dir: string): Promise<string> {
  const s = await serveSite(dir, 0, '127.0.0.1');
  servers.push(s);
  return `http://127.0.0.1:${(s.address() as { port: number }).port}/`;
}

beforeAll(async () => {
  browser = await launch();
  const g = await syntheticGame({ players: 6, rounds: 4, entrants: (r, i) => !(r === 2 && i === 5) });
  await buildSite(g.game, join(g.dir, 'site'));
  small = await serve(join(g.dir, 'site'));
  bigGame = await syntheticGame({ players: 10_000 });
  bigReport = await buildSite(bigGame.game, join(bigGame.dir, 'site'));
  big = await serve(join(bigGame.dir, 'site'));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) s.close();
});

/** Every page reachable from the index, and every link on them (pages, pictures, downloads) answering 200. */
async function crawl(base: string, limit = 400): Promise<string[]> {
  const seen = new Set<string>([new URL('index.html', base).href]);
  const queue = [...seen];
  const pages: string[] = [];
  while (queue.length && pages.length < limit) {
    const url = queue.shift()!;
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    if (!url.endsWith('.html')) continue;
    pages.push(url);
    const html = await res.text();
    for (const m of html.matchAll(/(?:href|src)="([^"#]+)"/g)) {
      if (m[1]!.startsWith('data:')) continue;
      const next = new URL(m[1]!, url).href;
      expect(next.startsWith(base), `${url} links outside the site: ${next}`).toBe(true);
      if (!seen.has(next)) { seen.add(next); queue.push(next); }
    }
  }
  return pages;
}

describe('the tournament site', () => {
  it('links every page to existing pages, pictures and downloads; publishes no address', { timeout: 120_000 }, async () => {
    const pages = await crawl(small);
    expect(pages.some((p) => p.endsWith('/rounds/004/index.html'))).toBe(true);
    expect(pages.some((p) => p.includes('/players/'))).toBe(true);
    expect(pages.some((p) => p.endsWith('/ratings.html'))).toBe(true);
    for (const p of pages) expect(await (await fetch(p)).text()).not.toMatch(/@example\.test/);
    expect(await (await fetch(new URL('data/results-004.json', small))).text()).not.toMatch(/@example\.test/);
    const csv = await (await fetch(new URL('data/ranking.csv', small))).text();
    expect(csv.split('\r\n')[0]).toBe('rank,player,name,total,roundsPlayed,round 1,round 2,round 3,round 4');
    expect(csv).toContain(',<b>Bold</b> & <script>x()</script>,'); // a download holds the name as it is
    expect(await (await fetch(new URL('index.html', small))).text()).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;');
  });

  it('index, round, player and ratings pages at 360 and 1200 px, light and dark', { timeout: 300_000 }, async () => {
    const pages: [string, string][] = [
      ['site-index', 'index.html'], ['site-round', 'rounds/004/index.html'], ['site-ratings', 'ratings.html'],
      ['site-player-long-name', `players/${playerId('p2@example.test')}.html`], ['site-player-html-name', `players/${playerId('p1@example.test')}.html`],
    ];
    for (const [name, path] of pages) {
      await checkEverywhere(browser, name, async (p) => { await p.goto(new URL(path, small).href, { waitUntil: 'load' }); }, async (page) => {
        const text = await page.locator('main').innerText();
        if (name === 'site-round') {
          await checkField(page);
          expect(await page.locator('img.picture').count()).toBe(1);
          expect(await page.locator('section.entry').count()).toBe(6);
        }
        if (name === 'site-index') {
          expect(await page.locator('table.ranking tbody tr').count()).toBe(6);
          expect(await page.locator('img[alt]').count()).toBeGreaterThanOrEqual(1); // the ratings chart
          expect(text).toContain(AWKWARD_NAMES[0]);
        }
        if (name.startsWith('site-player')) expect(await page.locator('section.entry').count()).toBeGreaterThanOrEqual(3);
      });
    }
  });

  it('at 10,000 players: pages of at most 200 entries, each well under a few MB; the index and a round page still fit a phone', { timeout: 300_000 }, async () => {
    expect(bigReport.largestPage.bytes).toBeLessThan(2_000_000);
    const roundDir = join(bigGame.dir, 'site', 'rounds', '001');
    expect(existsSync(join(roundDir, `entries-${10_000 / PAGE_SIZE}.html`))).toBe(true);
    expect(statSync(join(roundDir, 'index.html')).size).toBeLessThan(1_000_000);
    for (const [name, path] of [['site-10000-index', 'index.html'], ['site-10000-round', 'rounds/001/entries-2.html']] as const) {
      await checkEverywhere(browser, name, async (p) => { await p.goto(new URL(path, big).href, { waitUntil: 'load' }); }, async (page) => {
        expect(await page.locator('nav.pager a').count()).toBeGreaterThan(5);
      }, { fullPage: false });
    }
  });

  it('at 10,000 players one player\'s newsletter stays under 30 KB and lays out on a phone', { timeout: 120_000 }, async () => {
    const prep = await prepareNewsletter(bigGame.game, readJson<RoundResult>(bigGame.game.layout.results(1)));
    const m = newsletterFor(prep, bigGame.game, { email: 'p9999@example.test', name: 'Player 9999' });
    const raw = await composeMail({ from: { name: 'G', address: 'g@example.test' }, to: { name: 'P', address: 'p9999@example.test' }, subject: m.subject, text: m.text, html: m.html, images: m.attachments, idSeed: 'x', date: new Date(0), autoSubmitted: 'auto-generated' });
    expect(raw.length).toBeLessThanOrEqual(30_000);
    const { html } = await mailHtml(raw);
    await checkEverywhere(browser, 'newsletter-10000', (p) => p.setContent(html, { waitUntil: 'load' }), (page) => checkField(page));
  });
});

describe('postboggle site and serve', () => {
  it('site writes the folder, and will not overwrite a folder it did not make', { timeout: 60_000 }, async () => {
    const g = await syntheticGame({ players: 2 });
    const r = runCli(['site', '--dir', g.dir]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/site written to .*site\/: \d+ files/);
    expect(existsSync(join(g.dir, 'site', 'index.html'))).toBe(true);
    const foreign = mkdtempSync(join(tmpdir(), 'pb-foreign-'));
    writeFileSync(join(foreign, 'keep.txt'), 'mine');
    const refused = runCli(['site', '--dir', g.dir, '--out', foreign]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/was not made by postboggle site/);
    expect(readFileSync(join(foreign, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('serve shows the site on 127.0.0.1 and answers nothing outside it', { timeout: 60_000 }, async () => {
    const g = await syntheticGame({ players: 2 });
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const child = spawn(process.execPath, [main, 'serve', '--port', '0', '--dir', g.dir]);
    try {
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        child.stdout.on('data', (d) => { out += String(d); const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out); if (m) ok(m[1]!); });
        child.on('exit', (code) => fail(new Error(`serve exited ${code}`)));
      });
      const index = await fetch(url);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toMatch(/text\/html/);
      // Raw request lines with "..": fetch() would tidy the path away before sending it.
      const status = (path: string) => new Promise<number>((ok) => request(url, { path }, (res) => ok(res.statusCode ?? 0)).end());
      expect(await status('/../postboggle.yaml')).toBe(404); // read as /postboggle.yaml, which the site does not have
      expect(await status('/..%2Fpostboggle.yaml')).toBe(403);
      expect((await fetch(url, { method: 'POST' })).status).toBe(405);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
