// The solver on rolled German 5x5 fields with the joker star, in one process: the median
// wall time a field, the CPU time a field (less disturbed by the other work on a shared
// machine), the best entry. `node dist/bench/solver.js [fields] [repeats]` runs it alone;
// `npm run bench` prints it among the others. With a third argument, an older build's
// package folder (its dist/ and its own dict/), the two solvers alternately.
import { loadDiceSet } from '../src/dice/load.js';
import { loadDictionary } from '../src/dict/resolve.js';
import { rollField } from '../src/rules/dice.js';
import type { Lexicon } from '../src/rules/lexicon.js';
import { bestEntry, type FoundWord, solveField } from '../src/rules/solver.js';
import type { Field } from '../src/rules/types.js';

export interface SolverFigures {
  fields: Field[];
  solved: FoundWord[][];
  medianMs: number;
  cpuMs: number;
  wordsPerField: number;
  bestMs: number;
  records: number;
}

export function benchSolver(lexicon: Lexicon, count = 300): SolverFigures {
  const dice = loadDiceSet('de-5x5');
  const fields = Array.from({ length: count }, (_, i) => rollField(dice, `bench-${i}`));
  for (let r = 0; r < 2; r++) fields.forEach((f) => solveField(f, lexicon, 3)); // warm up the JIT
  // Timed without keeping the words (the garbage collector would then move 400,000 of them
  // about, on the clock), then solved again for the best entries.
  const times: number[] = [];
  let words = 0;
  const cpu0 = process.cpuUsage();
  for (const f of fields) {
    const t = performance.now();
    words += solveField(f, lexicon, 3).length;
    times.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const solved = fields.map((f) => solveField(f, lexicon, 3));
  const t1 = performance.now();
  fields.forEach((f, i) => bestEntry(f, solved[i]!, 'letters', 7));
  return {
    fields, solved,
    medianMs: times.sort((a, b) => a - b)[count >> 1]!,
    cpuMs: (cpu.user + cpu.system) / 1000 / count,
    wordsPerField: words / count,
    bestMs: (performance.now() - t1) / count,
    records: lexicon.trie().records.length / 3,
  };
}

export function printSolver(s: SolverFigures): void {
  console.log(`solver, German dictionary, ${s.fields.length} rolled de-5x5 fields`);
  console.log(`  solve: ${s.medianMs.toFixed(2)} ms a field, median (CPU ${s.cpuMs.toFixed(2)} ms a field on average; all words with their lemmas, every joker letter; graph of ${s.records} records; target <= 1.5 ms), ${s.wordsPerField.toFixed(0)} words a field on average`);
  console.log(`  best entry over 26 joker letters: ${s.bestMs.toFixed(2)} ms a field`);
}

/**
 * This build's solver and an older one (a package folder with its dist/ and its own built
 * dict/), alternately over the same fields in this process: CPU time a field and median,
 * and whether the two found the same words, lemmas and joker letters on every field.
 */
async function againstOlder(lexicon: Lexicon, count: number, repeats: number, olderRoot: string): Promise<void> {
  const { readCompact } = await import(`${olderRoot}/dist/src/dict/compact.js`) as typeof import('../src/dict/compact.js');
  const older = { solve: (await import(`${olderRoot}/dist/src/rules/solver.js`) as typeof import('../src/rules/solver.js')).solveField, lexicon: readCompact(`${olderRoot}/dict`, 'de') };
  const now = { solve: solveField, lexicon };
  const dice = loadDiceSet('de-5x5');
  const fields = Array.from({ length: count }, (_, i) => rollField(dice, `bench-${i}`));
  const same = fields.filter((f) => JSON.stringify(now.solve(f, now.lexicon, 3)) === JSON.stringify(older.solve(f, older.lexicon, 3))).length;
  console.log(`this build against ${olderRoot}, alternately over ${count} rolled de-5x5 fields: the same words, lemmas and joker letters on ${same} of ${count}`);
  const time = (s: typeof now) => {
    const times: number[] = [];
    const c0 = process.cpuUsage();
    for (const f of fields) {
      const t = performance.now();
      s.solve(f, s.lexicon, 3);
      times.push(performance.now() - t);
    }
    const c = process.cpuUsage(c0);
    return { median: times.sort((a, b) => a - b)[count >> 1]!, cpu: (c.user + c.system) / 1000 / count };
  };
  for (let r = 0; r < 2; r++) { time(now); time(older); } // warm up both
  for (let r = 0; r < repeats; r++) {
    const a = time(now), b = time(older);
    console.log(`  now: median ${a.median.toFixed(2)} ms, CPU ${a.cpu.toFixed(2)} ms a field; older: median ${b.median.toFixed(2)} ms, CPU ${b.cpu.toFixed(2)} ms a field; CPU ${(a.cpu / b.cpu).toFixed(2)}x`);
  }
}

// node dist/bench/solver.js [fields] [repeats] [older package folder]
if (process.argv[1]?.endsWith('solver.js')) {
  const lexicon = await loadDictionary('de');
  const count = Number(process.argv[2] ?? 300), repeats = Number(process.argv[3] ?? 1);
  if (process.argv[4]) await againstOlder(lexicon, count, repeats, process.argv[4]);
  else for (let r = 0; r < repeats; r++) printSolver(benchSolver(lexicon, count));
}
