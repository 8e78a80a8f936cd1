// Child process of the benchmark: the newsletter of one round of a synthetic game with N
// players, rendered and queued for every player on the file transport, in a fresh process
// so that each size is measured alike. Prints one JSON line.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from '../src/game/json-files.js';
import { newsletterFor, prepareNewsletter } from '../src/game/newsletter.js';
import { composeMail } from '../src/mail/compose.js';
import { sendNewsletter } from '../src/game/publish.js';
import type { RoundResult } from '../src/rules/round-scoring.js';
import { buildSite } from '../src/site/build.js';
import { syntheticGame } from './synthetic-game.js';

const players = Number(process.argv[2]);
const withSite = process.argv[3] === 'site';
const { dir, game } = await syntheticGame({ players, rounds: 2, siteUrl: 'https://boggle.example.org/' });
const result = readJson<RoundResult>(game.layout.results(2));
const t0 = performance.now();
const prepared = await prepareNewsletter(game, result);
const prepareMs = performance.now() - t0;
// Rendering and composing alone (what this design changed), then the real send, which
// also writes each mail to the outbox (the .eml, its record, then the record marked sent).
const tr = performance.now();
const from = { name: 'G', address: 'g@example.org' };
for (const p of game.settings.players) {
  const m = newsletterFor(prepared, game, p);
  await composeMail({ from, to: { name: p.name, address: p.email }, subject: m.subject, text: m.text, html: m.html, images: m.attachments, idSeed: p.email, date: new Date(0), autoSubmitted: 'auto-generated' });
}
const renderMs = performance.now() - tr;
const ts = performance.now();
const r = await sendNewsletter(game, result, { prepared });
const sendMs = performance.now() - ts;
const totalMs = prepareMs + sendMs;
const box = join(dir, 'rounds', '002', 'outbox');
const sizes = readdirSync(box).filter((f) => f.endsWith('.eml')).map((f) => statSync(join(box, f)).size);
let siteMs = null, largestPage = null;
if (withSite) {
  const t1 = performance.now();
  const site = await buildSite(game, join(dir, 'site'));
  siteMs = performance.now() - t1;
  largestPage = site.largestPage.bytes;
}
process.stdout.write(JSON.stringify({
  players, sent: r.sent, prepareMs, totalMs, perPlayerMs: sendMs / players, renderPerPlayerMs: renderMs / players, queuePerPlayerMs: Math.max(0, sendMs - renderMs) / players /* the send renders again, warm: under group commit the outbox can cost less than the noise */,
  meanBytes: sizes.reduce((a, b) => a + b, 0) / sizes.length, maxBytes: Math.max(...sizes), siteMs, largestPage,
  rssMB: process.memoryUsage().rss / 1e6,
}) + '\n');
