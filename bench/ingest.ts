// Ingest rate: one batch of 10,000 mails (2,000 players, five entries each, in arrival
// order; BENCH_MAILS), through the real ingest (raw copy stored, parsed, journal appended, receipt
// queued in the outbox journal, all fsync'd), then the file transport's flush. Prints the
// rate over the batch and per thousand, so a cost that grows with the round shows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGame } from '../src/game/game.js';
import { runIngest } from '../src/game/ingest.js';
import { flushOutboxes } from '../src/game/mailer.js';
import { allOutboxes } from '../src/game/rounds.js';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const PLAYERS = 2_000;
const WORDS = ['gurren', 'Besen', 'Ferne', 'Kur', 'Elle', 'Krug', 'Leim', 'Igel', 'Eile', 'Rose', 'Ferse', 'Gras'];

export async function benchIngest(): Promise<{ mails: number; perSecond: number; firstK: number; lastK: number; perCpuSecond: number }> {
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
  // As `ingest --maildir` feeds a batch: a window of mails handed over ahead, read in the
  // read pool's threads (POSTBOGGLE_READ_THREADS=0: in this thread only, as before the pool).
  const marks: number[] = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await runIngest(game, async (handle) => {
    const window: Promise<unknown>[] = [];
    for (const [i, raw] of mails.entries()) {
      window.push(handle(raw, { receivedAt: new Date(Date.parse('2026-11-23T00:00:00Z') + i * 1000) }).then(() => {
        if ((i + 1) % 1000 === 0) marks.push(performance.now());
      }));
      if (window.length >= 32) await window.shift();
    }
    for (const w of window) await w;
  }, { readAhead: true });
  await flushOutboxes(game, allOutboxes(game.layout));
  const total = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0); // (the process's: the reading threads' CPU too)
  rmSync(dir, { recursive: true, force: true });
  const k = (j: number) => 1000 / (((marks[j]! - (j === 0 ? t0 : marks[j - 1]!)) / 1000));
  return { mails: MAILS, perSecond: MAILS / total, firstK: k(0), lastK: k(marks.length - 1), perCpuSecond: MAILS / ((cpu.user + cpu.system) / 1e6) };
}

if (process.argv[1]?.endsWith('ingest.js')) {
  const r = await benchIngest();
  console.log(JSON.stringify(r));
}
