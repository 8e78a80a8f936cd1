// Start-up of the commands that touch no mail server, as a ratio to `node -e 0` measured
// in the same run (the machine is shared and noisy: the ratio is the figure that holds).
// Runs interleave (node, then each command, repeated), and medians are compared. The game
// commands run in a synthetic game (built German dictionary) of `players` players, as a GM's
// game is when a command starts: its files written more than a few seconds before (the
// caches trust a file's identity only once it is 3 s old: src/game/state-files.ts) and the
// caches filled by an earlier command. The first run of each command, which fills them, is
// timed on its own (`first`).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_FIELD, syntheticGame } from './synthetic-game.js';

const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

export interface StartupFigure {
  command: string;
  ms: number;
  ratio: number;
  /** The command's first run in the game (its caches not filled yet), ms. */
  firstMs: number;
}

/** Sets every file's times under `dir` a minute back: a game written earlier, as a GM's is. */
function settle(dir: string): void {
  const then = new Date(Date.now() - 60_000);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) settle(path);
    utimesSync(path, then, then);
  }
}

export async function benchStartup(players = 1000, repeats = 7, main = MAIN, rounds = 3): Promise<{ nodeMs: number; figures: StartupFigure[] }> {
  const { dir } = await syntheticGame({ players, rounds, dictionary: 'built' });
  settle(dir);
  const commands: [string, string[]][] = [
    ['--help', ['--help']],
    ['solve', ['solve', SEED_FIELD]],
    ['check', ['check', SEED_FIELD, 'gurren', 'Gras', 'Besen']],
    ['dict show', ['dict', 'show', 'reisen']],
    ['round show', ['round', 'show', '--dir', dir]],
    ['entries', ['entries', '--dir', dir]],
    ['ranking', ['ranking', '--dir', dir]],
    ['review', ['review', '--dir', dir]],
  ];
  const time = (args: string[]) => {
    const t = performance.now();
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: '/' });
    return performance.now() - t;
  };
  const node: number[] = [];
  const first = commands.map(([, args]) => time([main, ...args]));
  const runs = commands.map(() => [] as number[]);
  for (let r = 0; r < repeats; r++) {
    node.push(time(['-e', '0']));
    commands.forEach(([, args], i) => runs[i]!.push(time([main, ...args])));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const nodeMs = median(node);
  return { nodeMs, figures: commands.map(([command], i) => ({ command, ms: median(runs[i]!), ratio: median(runs[i]!) / nodeMs, firstMs: first[i]! })) };
}

// Usage: node dist/bench/startup.js [players] [older build's main.js] (BENCH_ROUNDS: scored rounds, default 3).
if (process.argv[1]?.endsWith('startup.js')) {
  const players = Number(process.argv[2] ?? 1000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const { nodeMs, figures } = await benchStartup(players, 7, process.argv[3] || MAIN, rounds);
  console.log(`node -e 0: ${nodeMs.toFixed(0)} ms; game of ${players} players, ${rounds} rounds`);
  for (const f of figures) console.log(`  ${f.command.padEnd(11)} ${f.ms.toFixed(0).padStart(5)} ms  ${f.ratio.toFixed(2)}x  (first run ${f.firstMs.toFixed(0)} ms)`);
}
