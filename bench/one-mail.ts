// One-mail ingest (procmail: `postboggle ingest < mail.eml`, a fresh process a mail) in a
// round that already holds N players' entries, for N as large as 100,000 without mailing
// them all first: the game's state is written straight to disk as a batch ingest would have
// left it (the round journal with one entry a player, the ingest log, the settings cache
// warm). Then one mail after another is piped into the real CLI, each a fresh process:
//   first   the first mail (reads the whole journals once to build their indexes)
//   next    the median of the next ones (index checkpoint + tail)
// and the CPU time (user + sys) of each, which the machine's load disturbs less than the
// wall time. `node -e 0` is timed alongside for the ratio.
// Usage: node dist/bench/one-mail.js [players] [mails] (defaults 10,000 and 9); BENCH_CLI
// names another build's dist/src/cli/main.js (the previous design); BENCH_JSON=1 adds a JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { journalLine } from '../src/store/journal.js';
import { SEED_FIELD } from './synthetic-game.js';

const MAIN = process.env.BENCH_CLI ?? fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const OPEN_AT = '2026-11-23T10:00:00Z';
const DEADLINE = '2026-11-30T18:00:00+01:00';
const WORDS = ['gurren', 'Gras', 'Besen', 'Emaille', 'reisen', 'Wolke', 'Haus', 'Rose', 'Nest', 'Regen'];

export interface OneMailFigure {
  players: number;
  nodeMs: number;
  first: { ms: number; cpuMs: number };
  next: { ms: number; cpuMs: number; rssMB: number };
  /** The same mails handed to a running `postboggle watch`: the ingest process, and the watch's CPU a mail. */
  watch: { ms: number; cpuMs: number; watchCpuMs: number; nodeMs: number };
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** CPU time (user + sys) a process has used so far, from /proc (Linux). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in ticks of 1/100 s
}

/** Mails handed to a running watch (spawned here), one ingest process each. */
function throughWatch(dir: string, mails: number): OneMailFigure['watch'] {
  const watch = spawn(process.execPath, [MAIN, 'watch', '--dir', dir, '--interval', '3600'], { env: { ...process.env, POSTBOGGLE_NOW: OPEN_AT }, stdio: 'ignore' });
  try {
    for (let i = 0; i < 600 && !existsSync(join(dir, '.postboggle.sock')); i++) sleep(50);
    sleep(500); // its first tick
    // `node -e 0` is timed between the mails (the ratio is then of the same moments: under
    // load a Node start a minute earlier, next to the one-process runs, says little).
    const node: number[] = [];
    const before = cpuOf(watch.pid!);
    const times = Array.from({ length: mails }, (_, n) => {
      node.push(run(['-e', '0']).ms);
      return run([MAIN, 'ingest', '--dir', dir], mail((n * 104729) % 1000, 1000 + n));
    });
    const watchCpuMs = (cpuOf(watch.pid!) - before) / mails;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    return { ms: median(times.map((t) => t.ms)), cpuMs: median(times.map((t) => t.cpuMs)), watchCpuMs, nodeMs: median(node) };
  } finally {
    watch.kill('SIGTERM');
  }
}

function run(args: string[], input?: Buffer): { ms: number; cpuMs: number; rssMB: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], { input, env: { ...process.env, POSTBOGGLE_NOW: OPEN_AT }, encoding: 'buffer', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr.toString().slice(-500)}`);
  const [e, u, s, kb] = r.stderr.toString().trim().split('\n').pop()!.split(' ').map(Number);
  return { ms: e! * 1000, cpuMs: (u! + s!) * 1000, rssMB: kb! / 1024 };
}

function mail(i: number, n: number): Buffer {
  return Buffer.from([`From: Player ${i} <p${i}@example.test>`, 'To: Boggle <gm@example.test>', 'Subject: Runde 1', `Message-ID: <one-${i}-${n}@example.test>`,
    'Date: Mon, 23 Nov 2026 12:00:00 +0100', 'Content-Type: text/plain; charset=utf-8', '', 'Joker: E', ...WORDS.slice(0, 7).map((w, k) => `${k + 1}. ${w}`),
    `Ersatz: ${WORDS.slice(7).join(', ')}`, ''].join('\r\n'));
}

/** The state a batch ingest of one entry a player leaves: round journal and ingest log. */
function writeState(dir: string, players: number): void {
  const round = join(dir, 'rounds', '001');
  const journal: string[] = [];
  const log: string[] = [];
  for (let i = 0; i < players; i++) {
    const id = `${i.toString(16).padStart(8, '0')}${'b'.repeat(16)}`;
    const at = new Date(Date.parse('2026-11-23T11:00:00Z') + i * 1000).toISOString();
    const source = `rounds/001/inbox/${id}.eml`;
    journal.push(journalLine({ id, at, messageId: `<big-${i}@example.test>`, from: `p${i}@example.test`, subject: 'Runde 1', source,
      kind: 'entry', email: `p${i}@example.test`, name: `Player ${i}`, main: WORDS.slice(0, 7), substitutes: WORDS.slice(7), joker: 'E', ignored: 0 }));
    log.push(journalLine({ id, round: 1, kind: 'entry', file: source }));
  }
  writeFileSync(join(round, 'journal.jsonl'), journal.join(''));
  writeFileSync(join(dir, 'rounds', 'ingested.jsonl'), log.join(''));
}

export function benchOneMail(players: number, mails = 9): OneMailFigure {
  const root = mkdtempSync(join(tmpdir(), 'pb-one-'));
  const dir = join(root, 'game');
  mkdirSync(dir);
  try {
    const list = Array.from({ length: players }, (_, i) => `  - { email: p${i}@example.test, name: "Player ${i}" }`).join('\n');
    writeFileSync(join(dir, 'postboggle.yaml'), `name: Big Boggle\nlanguage: de\nmail:\n  from: "Boggle <gm@example.test>"\n  repliesPerHour: 100\nplayers:\n${list}\n`);
    run([MAIN, 'round', 'new', '--dir', dir, '--field', SEED_FIELD, '--deadline', DEADLINE]); // also writes the settings cache
    writeState(dir, players);
    const node: number[] = [];
    const times: { ms: number; cpuMs: number; rssMB: number }[] = [];
    for (let n = 0; n <= mails; n++) {
      node.push(run(['-e', '0']).ms);
      times.push(run([MAIN, 'ingest', '--dir', dir], mail((n * 7919) % players, n)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const rest = times.slice(1);
    const watch = throughWatch(dir, Math.max(mails, 5));
    return { watch,
      players, nodeMs: median(node), first: { ms: times[0]!.ms, cpuMs: times[0]!.cpuMs },
      next: { ms: median(rest.map((t) => t.ms)), cpuMs: median(rest.map((t) => t.cpuMs)), rssMB: median(rest.map((t) => t.rssMB)) },
    };
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

export function printOneMail(f: OneMailFigure): void {
  console.log(`  ${f.players.toLocaleString('en').padStart(7)} players: one mail ${f.next.ms.toFixed(0)} ms (CPU ${f.next.cpuMs.toFixed(0)} ms, ${(f.next.ms / f.nodeMs).toFixed(1)}x node -e 0 at ${f.nodeMs.toFixed(0)} ms), peak RSS ${f.next.rssMB.toFixed(0)} MB; the first after a batch ${f.first.ms.toFixed(0)} ms (CPU ${f.first.cpuMs.toFixed(0)} ms)`);
  console.log(`  ${''.padStart(15)} handed to a running watch: ${f.watch.ms.toFixed(0)} ms (${(f.watch.ms / f.watch.nodeMs).toFixed(2)}x node -e 0 at ${f.watch.nodeMs.toFixed(0)} ms between these mails; CPU ${f.watch.cpuMs.toFixed(0)} ms in ingest, ${f.watch.watchCpuMs.toFixed(0)} ms in the watch)`);
}

if (process.argv[1]?.endsWith('one-mail.js')) {
  const players = Number(process.argv[2] ?? 10_000);
  const f = benchOneMail(players, Number(process.argv[3] ?? 9));
  printOneMail(f);
  if (process.env.BENCH_JSON) console.log(JSON.stringify(f));
}
