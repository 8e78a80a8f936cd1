import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { newsletterFor, prepareNewsletter } from '../../src/game/newsletter.js';
import { sendNewsletter } from '../../src/game/publish.js';
import { buildSite } from '../../src/site/build.js';
import { readJson } from '../../src/game/json-files.js';
import type { RoundResult } from '../../src/rules/round-scoring.js';
import { textWidth } from '../../src/templates/text-width.js';
import { AWKWARD_NAMES, syntheticGame } from '../../bench/synthetic-game.js';

const LIMIT = 30_000;
const emls = (dir: string) => readdirSync(join(dir, 'rounds/001/outbox')).filter((f) => f.startsWith('newsletter-') && f.endsWith('.eml')).map((f) => join(dir, 'rounds/001/outbox', f));

describe('the newsletter at any number of players', () => {
  it('mails 1,000 players with at most 30 KB each: their own entry, places, the top of the tables and a link to the round page', async () => {
    const { dir, game } = await syntheticGame({ players: 1000, rounds: 2, siteUrl: 'https://boggle.example.test/club/' });
    const result = readJson<RoundResult>(game.layout.results(2));
    const r = await sendNewsletter(game, result);
    expect(r).toMatchObject({ queued: 1000, sent: 1000, failed: 0, warnings: [] });
    const files = readdirSync(join(dir, 'rounds/002/outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1000);
    const sizes = files.map((f) => statSync(join(dir, 'rounds/002/outbox', f)).size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMIT);
    // Player 500's mail: their own words and place, ten rows of each table, the links.
    const p = result.players.find((x) => x.email === 'p500@example.test')!;
    const m = await simpleParser(readFileSync(join(dir, 'rounds/002/outbox', files.find((f) => f.includes('p500_example.test'))!)));
    expect(m.text).toContain(`Platz ${p.rank} von 1000 mit ${p.total} Punkten`);
    for (const w of p.words.filter((x) => x.status === 'counted')) expect(m.text).toContain(w.input);
    expect(m.text).toContain('… und 990 weitere');
    expect(m.text).toContain('Alle 1000 Einsendungen: https://boggle.example.test/club/rounds/002/');
    expect(m.text).toContain(`Deine Seite: https://boggle.example.test/club/players/`);
    expect(m.html).toMatch(/<a href="https:\/\/boggle\.example\.test\/club\/rounds\/002\/"/);
    expect(m.attachments.map((a) => a.contentType)).toEqual(['image/png', 'image/png']);
    // Embedded (multipart/related, by Content-ID), which mailparser turns into data: addresses for the HTML.
    expect(m.attachments.every((a) => a.related && a.cid)).toBe(true);
    expect(m.html!.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
  }, 180_000);

  it('puts every entry in every mail while the mail stays under the limit, and warns the GM when it cannot and no site is set', async () => {
    const small = await syntheticGame({ players: 3 });
    const prepSmall = await prepareNewsletter(small.game, readJson<RoundResult>(small.game.layout.results(1)));
    expect(prepSmall.allEntries).toBe(true);
    const mail = newsletterFor(prepSmall, small.game, { email: 'p2@example.test', name: 'x' });
    for (const name of AWKWARD_NAMES.slice(0, 3)) expect(mail.text).toContain(name); // everyone's entries
    const big = await syntheticGame({ players: 80 });
    const prepBig = await prepareNewsletter(big.game, readJson<RoundResult>(big.game.layout.results(1)));
    expect(prepBig.allEntries).toBe(false);
    expect(prepBig.warnings.join()).toMatch(/set site\.url/);
  }, 120_000);

  it('puts the shared part into each mail as it is, also where it holds $& or $\' (a name, a word)', async () => {
    const { game } = await syntheticGame({ players: 3 });
    const prep = await prepareNewsletter(game, readJson<RoundResult>(game.layout.results(1)));
    const shared = `<p>Team $& and $' and $\` and $$</p>`;
    const mail = newsletterFor({ ...prep, sharedHtml: shared }, game, { email: 'p1@example.test', name: 'x' });
    expect(mail.html).toContain(shared);
    expect(mail.html).not.toContain('<!--postboggle:shared-->');
  }, 60_000);

  it('handles a round with no entries, a player who sent nothing, a game of no players, and a single player', async () => {
    const empty = await syntheticGame({ players: 4, entrants: () => false });
    const prep = await prepareNewsletter(empty.game, readJson<RoundResult>(empty.game.layout.results(1)));
    const m = newsletterFor(prep, empty.game, { email: 'p1@example.test', name: 'Anna' });
    expect(m.text).toContain('Von dir kam in dieser Runde keine Einsendung.');
    expect(m.text).toContain('In dieser Runde kam keine Einsendung.');
    expect(m.html).toContain('In dieser Runde kam keine Einsendung.');
    const none = await syntheticGame({ players: 0 });
    expect(await sendNewsletter(none.game, readJson<RoundResult>(none.game.layout.results(1)))).toMatchObject({ queued: 0, sent: 0 });
    const site = await buildSite(none.game, join(none.dir, 'site'));
    expect(readFileSync(join(site.dir, 'rounds/001/index.html'), 'utf8')).toContain('In dieser Runde kam keine Einsendung.');
    const one = await syntheticGame({ players: 1 });
    const r = await sendNewsletter(one.game, readJson<RoundResult>(one.game.layout.results(1)));
    expect(r.sent).toBe(1);
    const text = (await simpleParser(readFileSync(emls(one.dir)[0]!))).text!;
    expect(text).toMatch(/Platz 1 von 1 mit \d+ Punkten/);
  }, 60_000);

  it('lines up the text tables by display width for any name (HTML, 100 letters, combining marks, CJK)', async () => {
    const { game } = await syntheticGame({ players: 5 });
    const prep = await prepareNewsletter(game, readJson<RoundResult>(game.layout.results(1)));
    const text = newsletterFor(prep, game, null).text;
    const table = text.split('Rundentabelle:\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(table).toHaveLength(5);
    // Every row's total ends in the same column.
    expect(new Set(table.map((l) => textWidth(l))).size).toBe(1);
    for (const name of AWKWARD_NAMES) expect(table.some((l) => l.includes(name))).toBe(true);
    const ranking = text.split('Gesamtwertung (letzte 7 Runden: 1):\n')[1]!.split('\n').slice(0, 5);
    const col = (l: string) => textWidth(l.slice(0, l.indexOf('neu')));
    expect(new Set(ranking.map(col)).size).toBe(1);
  }, 60_000);
});
