// Ingest rate: one batch of 10,000 mails (2,000 players, five entries each, in arrival
// order), through the real ingest (raw copy stored, parsed, journal appended, receipt
// queued in the outbox journal, all fsync'd), then the file transport's flush. Prints the
// rate over the batch and per thousand, so a cost that grows with the round shows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGame } from '../src/game/game.js';
import { Ingestor } from '../src/game/ingest.js';
import { flushOutboxes } from '../src/game/mailer.js';
import { allOutboxes } from '../src/game/rounds.js';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const PLAYERS = 2_000;
const WORDS = ['gurren', 'Besen', 'Ferne', 'Kur', 'Elle', 'Krug', 'Leim', 'Igel', 'Eile', 'Rose', 'Ferse', 'Gras'];

export async function benchIngest(): Promise<{ mails: number; perSecond: number; firstK: number; lastK: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-ingest-'));
  process.env.POSTBOGGLE_NOW = '2026-11-24T10:00:00Z';
  const players = Array.from({ length: PLAYERS }, (_, i) => `  - { email: p${i}@example.test, name: "Player ${i}" }`).join('\n');
  writeFileSync(join(dir, 'postboggle.yaml'), `name: Bench\nlanguage: de\nmail:\n  from: "Bench <gm@example.test>"\n  repliesPerHour: 100\nplayers:\n${players}\n`);
  mkdirSync(join(dir, 'rounds', '001'), { recursive: true });
  writeFileSync(join(dir, 'rounds', '001', 'round.json'), JSON.stringify({ round: 1, field: 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', seed: null, dice: null, opens: '2026-11-22T10:00:00.000+01:00', deadline: '2026-11-29T18:00:00.000+01:00', state: 'open' }));
  const game = openGame(dir);
  await game.lexicon();
  const mails = Array.from({ length: MAILS }, (_, i) => {
    const words = Array.from({ length: 7 }, (_, k) => WORDS[(i + k * 5) % WORDS.length]).join(', ');
    return Buffer.from([`From: Player ${i % PLAYERS} <p${i % PLAYERS}@example.test>`, 'To: gm@example.test', 'Subject: Runde 1', `Message-ID: <bench-${i}@example.test>`,
      'Content-Type: text/plain; charset=utf-8', '', 'Hallo,', '', `Joker: A\n${words}\nErsatz: Igel, Eile`, '', 'Viele Grüße', `Player ${i % PLAYERS}`, ''].join('\r\n'));
  });
  const ing = new Ingestor(game);
  const marks: number[] = [];
  const t0 = performance.now();
  for (const [i, raw] of mails.entries()) {
    await ing.ingest(raw, { receivedAt: new Date(Date.parse('2026-11-23T00:00:00Z') + i * 1000) });
    if ((i + 1) % 1000 === 0) marks.push(performance.now());
  }
  ing.finish();
  await flushOutboxes(game, allOutboxes(game.layout));
  const total = (performance.now() - t0) / 1000;
  rmSync(dir, { recursive: true, force: true });
  const k = (j: number) => 1000 / (((marks[j]! - (j === 0 ? t0 : marks[j - 1]!)) / 1000));
  return { mails: MAILS, perSecond: MAILS / total, firstK: k(0), lastK: k(marks.length - 1) };
}

if (process.argv[1]?.endsWith('ingest.js')) {
  const r = await benchIngest();
  console.log(JSON.stringify(r));
}
