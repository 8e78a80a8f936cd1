// A synthetic big game through the real CLI on the file transport: N players, one round on
// the seed field with the German dictionary, every player mailing one entry. Each step runs
// as the GM would run it (a fresh `postboggle` process) and is timed with its peak RSS, so
// that growth with N shows:
//   open     the game's settings, read (cache warm), in-process
//   publish  round publish: one announcement a player
//   ingest   every player's entry in one batch (ingest --maildir)
//   one      one more mail on its own, piped in (procmail), median of 3
//   score    score --reject-pending, after the deadline
//   letter   newsletter --send: one mail a player
//   ranking  ranking
// Usage: node dist/bench/big-game.js [players] (default 10,000). Prints a table, and a JSON
// line when asked (BENCH_JSON=1). BENCH_STEPS=publish,ingest,score runs only those steps
// (and the ones they need: the round, the Maildir), e.g. to measure ingest and score alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDictionary } from '../src/dict/resolve.js';
import { parseField } from '../src/rules/field.js';
import { seededRng } from '../src/rules/rng.js';
import { solveField } from '../src/rules/solver.js';
import { SEED_FIELD } from './synthetic-game.js';

// BENCH_CLI: another build's dist/src/cli/main.js (the previous design, for comparison).
const MAIN = process.env.BENCH_CLI ?? fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const OPEN = fileURLToPath(new URL('./open-game.js', import.meta.url));
const OPEN_AT = '2026-11-23T10:00:00Z';
const DEADLINE = '2026-11-30T18:00:00+01:00';
const AFTER = '2026-12-01T10:00:00Z';

export interface StepFigure {
  step: string;
  items: number;
  seconds: number;
  rssMB: number;
  /** CPU seconds (user + sys) of the process: the figure that noise from other jobs on the machine disturbs least. */
  cpu?: number;
}

/** Runs a command under /usr/bin/time: wall seconds, CPU seconds (user + sys) and peak RSS. */
function timed(args: string[], env: Record<string, string>, input?: Buffer): { seconds: number; rssMB: number; cpu: number; stdout: string } {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node options for every step (to profile them).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', process.execPath, ...nodeArgs, ...args], {
    input, env: { ...process.env, ...env }, maxBuffer: 1 << 30, encoding: 'buffer',
  });
  const stderr = r.stderr.toString();
  if (r.status !== 0) throw new Error(`${args.slice(1).join(' ')} failed: ${stderr.slice(-500)}`);
  const [seconds, kb, user, sys] = stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds: seconds!, rssMB: kb! / 1024, cpu: user! + sys!, stdout: r.stdout.toString() };
}

function mail(i: number, words: string[], n: number): string {
  return [`From: Player ${i} <p${i}@example.test>`, 'To: Boggle <gm@example.test>', 'Subject: Runde 1', `Message-ID: <big-${i}-${n}@example.test>`,
    `Date: Mon, 23 Nov 2026 12:00:00 +0100`, 'Content-Type: text/plain; charset=utf-8', '', 'Hallo,', '',
    `Joker: ${i % 3 === 0 ? 'E' : 'A'}`, ...words.slice(0, 7).map((w, k) => `${k + 1}. ${w}`), `Ersatz: ${words.slice(7).join(', ')}`, '', 'Gruß', ''].join('\r\n');
}

export async function benchBigGame(players: number): Promise<StepFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'pb-big-'));
  const dir = join(root, 'game');
  mkdirSync(dir);
  const list = Array.from({ length: players }, (_, i) => `  - { email: p${i}@example.test, name: "Player ${i}" }`).join('\n');
  writeFileSync(join(dir, 'postboggle.yaml'), `name: Big Boggle\nlanguage: de\nmail:\n  from: "Boggle <gm@example.test>"\n  repliesPerHour: 100\nplayers:\n${list}\n`);
  const env = { POSTBOGGLE_NOW: OPEN_AT };
  const figures: StepFigure[] = [];
  const only = process.env.BENCH_STEPS?.split(',').map((x) => x.trim());
  const want = (name: string) => !only || only.includes(name);
  const step = (name: string, items: number, r: { seconds: number; rssMB: number; cpu: number }) => {
    figures.push({ step: name, items, seconds: r.seconds, rssMB: r.rssMB, cpu: r.cpu });
    // (on stderr as each step ends: a long run shows its progress, and what it got to if stopped)
    if (process.env.BENCH_PROGRESS) process.stderr.write(`${JSON.stringify(figures[figures.length - 1])} load ${loadavg()[0]!.toFixed(2)}\n`);
  };

  timed([MAIN, 'round', 'new', '--dir', dir, '--field', SEED_FIELD, '--deadline', DEADLINE], env); // also writes the settings cache
  const gameModule = new URL('../game/game.js', `file://${MAIN}`).href;
  const open = JSON.parse(execFileSync(process.execPath, [OPEN, dir, gameModule], { encoding: 'utf8' })) as { ms: number; rssMB: number };
  figures.push({ step: 'open', items: players, seconds: open.ms / 1000, rssMB: open.rssMB });

  if (want('publish')) step('publish', players, timed([MAIN, 'round', 'publish', '--dir', dir], env));

  // Entries: words of the field (and some that are not), drawn per player.
  const found = solveField(parseField(SEED_FIELD), await loadDictionary('de'), 3).map((w) => w.word.toLowerCase().replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/ue/g, 'ü'));
  const pool = [...found.slice(0, 400), 'xyzzy', 'Haus-Tür', 'ab'];
  const rng = seededRng('big-game');
  const pick = () => Array.from({ length: 10 }, () => pool[Math.floor(rng() * pool.length)]!);
  const maildir = join(root, 'Maildir');
  for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(maildir, sub), { recursive: true });
  for (let i = 0; i < players; i++) writeFileSync(join(maildir, 'new', `${String(i).padStart(7, '0')}.big:2,`), mail(i, pick(), 0));
  if (want('ingest')) step('ingest', players, timed([MAIN, 'ingest', '--dir', dir, '--maildir', maildir], env));

  if (want('one')) {
    const ones = [1, 2, 3].map((n) => timed([MAIN, 'ingest', '--dir', dir], env, Buffer.from(mail(n * 7, pick(), n))));
    step('one mail', 1, ones.sort((a, b) => a.seconds - b.seconds)[1]!);
  }

  const after = { POSTBOGGLE_NOW: AFTER };
  if (want('score')) step('score', players, timed([MAIN, 'score', '--dir', dir, '--reject-pending'], after));
  // BENCH_KEEP also keeps the scored game as it was before the newsletter (game-scored), so
  // the newsletter can be run again and again on copies of it (cp -a) without building anew.
  if (process.env.BENCH_KEEP && want('score')) {
    execFileSync('cp', ['-a', dir, join(root, 'game-scored')]);
    console.error(`scored game kept in ${join(root, 'game-scored')} (newsletter: POSTBOGGLE_NOW=${AFTER})`);
  }
  if (want('newsletter')) step('newsletter', players, timed([MAIN, 'newsletter', '--dir', dir, '--send'], after));
  if (want('ranking')) step('ranking', players, timed([MAIN, 'ranking', '--dir', dir], after));
  // BENCH_KEEP=1 leaves the game (and its Maildir, and the scored copy) in place to profile a step by hand.
  if (process.env.BENCH_KEEP) console.error(`game kept in ${dir}`);
  else rmSync(root, { recursive: true, force: true });
  return figures;
}

export function printBigGame(players: number, figures: StepFigure[]): void {
  console.log(`  ${players.toLocaleString('en')} players:`);
  for (const f of figures) {
    const rate = f.items > 1 ? `${Math.round(f.items / f.seconds).toLocaleString('en').padStart(9)} /s` : ''.padStart(11);
    const time = f.seconds < 10 ? `${(f.seconds * 1000).toFixed(0)} ms` : `${f.seconds.toFixed(1)} s`;
    const cpu = f.cpu === undefined ? '' : `  cpu ${f.cpu < 10 ? `${(f.cpu * 1000).toFixed(0)} ms` : `${f.cpu.toFixed(1)} s`}`.padEnd(14);
    console.log(`    ${f.step.padEnd(11)} ${time.padStart(9)}  ${rate}  peak RSS ${f.rssMB.toFixed(0).padStart(5)} MB${cpu}`);
  }
}

if (process.argv[1]?.endsWith('big-game.js')) {
  const players = Number(process.argv[2] ?? 10_000);
  const figures = await benchBigGame(players);
  printBigGame(players, figures);
  console.log(`    load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (process.env.BENCH_JSON) console.log(JSON.stringify({ players, figures }));
}
