// Start-up of the word commands (solve, check, dict show: built German dictionary, outside a
// game) against `node -e 0`, and against an older build when one is named, the runs
// interleaved (node, then each command of each build, repeated) so that the load of a shared
// machine falls on all alike. Wall time, and CPU time (user + sys of the child, from
// /proc/self/stat, in clock ticks of 10 ms), medians.
//   node dist/bench/word-commands.js [repeats] [older/dist/src/cli/main.js]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const SEED_FIELD = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';

/** Children's CPU so far, in ms (fields 16 and 17 of /proc/self/stat: cutime, cstime). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function run(args: string[]): { wall: number; cpu: number } {
  const c = childrenCpuMs(), t = performance.now();
  execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: '/' });
  return { wall: performance.now() - t, cpu: childrenCpuMs() - c };
}

const repeats = Number(process.argv[2] ?? 9);
const builds: [string, string][] = [['now', MAIN], ...(process.argv[3] ? [['before', process.argv[3]] as [string, string]] : [])];
const commands: [string, string[]][] = [
  ['solve', ['solve', SEED_FIELD]],
  ['check', ['check', SEED_FIELD, 'gurren', 'Gras', 'Besen']],
  ['dict show', ['dict', 'show', 'reisen']],
];
const times = new Map<string, { wall: number; cpu: number }[]>();
const add = (k: string, v: { wall: number; cpu: number }) => times.set(k, [...(times.get(k) ?? []), v]);
for (const [, main] of builds) run([main, ...commands[0]![1]]); // each build's dictionary up to date, files in the page cache
for (let r = 0; r < repeats; r++) {
  add('node -e 0', run(['-e', '0']));
  for (const [name, args] of commands) for (const [build, main] of builds) add(`${name} (${build})`, run([main, ...args]));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const node = times.get('node -e 0')!;
const nodeWall = median(node.map((x) => x.wall)), nodeCpu = median(node.map((x) => x.cpu));
console.log(`word commands, median of ${repeats} fresh processes each, interleaved (target: wall <= 2x node -e 0)`);
for (const [k, v] of times) {
  const wall = median(v.map((x) => x.wall)), cpu = median(v.map((x) => x.cpu));
  console.log(`  ${k.padEnd(18)} wall ${wall.toFixed(0).padStart(5)} ms ${(wall / nodeWall).toFixed(2)}x   CPU ${cpu.toFixed(0).padStart(4)} ms ${(cpu / nodeCpu).toFixed(2)}x`);
}
