// The solver next to danvk's hybrid-boggle (C++, word mode) on this machine, with the same
// dictionary and fields. Runs only when HYBRID_BOGGLE names a clone of
// https://github.com/danvk/hybrid-boggle (nothing of it is in this repository):
//
//   HYBRID_BOGGLE=~/src/hybrid-boggle node dist/bench/hybrid-boggle.js [rounds] [fields]
//
// It compiles bench/hybrid-boggle/bench.cc (ours: a main around its Boggler<5,5>) with g++,
// checks that both find the same words, then times both over the same rolled German 5x5
// fields, alternating round by round (the machine may be shared), and prints medians, p90s
// and the ratios. hybrid-boggle has no joker: each field is its 26 boards, A-Z in the star's
// place, and a field's time is the sum of the 26; postboggle solves the 26 letters at once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDiceSet } from '../src/dice/load.js';
import { DICT_DIR, loadDictionary } from '../src/dict/resolve.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { rollField } from '../src/rules/dice.js';
import { formatField } from '../src/rules/field.js';
import { solveField } from '../src/rules/solver.js';
import { type Field, STAR } from '../src/rules/types.js';

const clone = process.env.HYBRID_BOGGLE;
if (!clone || !existsSync(join(clone, 'cpp', 'boggler.h'))) {
  console.log('hybrid-boggle comparison skipped: set HYBRID_BOGGLE to a clone of https://github.com/danvk/hybrid-boggle');
  process.exit(0);
}
const rounds = Number(process.argv[2] ?? 7);
const count = Number(process.argv[3] ?? 300);
const cpp = join(clone, 'cpp');
const work = mkdtempSync(join(tmpdir(), 'pb-hybrid-'));

// Build: their Boggler and Trie as they are, our main.
const exe = join(work, 'hb-bench');
execFileSync('g++', ['-O3', '-std=c++20', '-I', cpp, join(PACKAGE_ROOT, 'bench', 'hybrid-boggle', 'bench.cc'), join(cpp, 'trie.cc'), '-o', exe], { stdio: 'inherit' });

// The same dictionary (folded forms, lower case: hybrid-boggle keeps words of >= 3 letters
// a-z and reads q as qu, as postboggle's QU face) and the same fields as `npm run bench`.
const lexicon = await loadDictionary('de');
const dictFile = join(work, 'de-words.txt');
// Only forms of 3 letters or more, the solver's minimum: hybrid-boggle's trie.cc drops
// shorter words itself in later revisions, not in earlier ones.
writeFileSync(dictFile, readFileSync(join(DICT_DIR, 'de.forms'), 'latin1').toLowerCase().split('\n').filter((w) => w.length >= 3).join('\n') + '\n');
const dice = loadDiceSet('de-5x5');
const fields = Array.from({ length: count }, (_, i) => rollField(dice, `bench-${i}`));
const fieldsFile = join(work, 'fields.txt');
writeFileSync(fieldsFile, fields.map(formatField).join('\n') + '\n');

// The words, per field and joker letter. The star as Q differs by rule: hybrid-boggle's q
// cell is QU, postboggle's joker Q is a bare Q.
const CHECKED = Math.min(100, count);
const hbWords = new Map<string, string[]>();
for (const line of execFileSync(exe, ['words', dictFile, fieldsFile, String(CHECKED)], { encoding: 'utf8', maxBuffer: 1 << 30 }).split('\n')) {
  if (!line) continue;
  const [key, ...words] = line.split(' ');
  hbWords.set(key!, words);
}
let same = 0, boards = 0, qDiffer = 0;
const differences: string[] = [];
fields.slice(0, CHECKED).forEach((f, i) => {
  const found = solveField(f, lexicon, 3);
  const starred = f.cells.includes(STAR);
  for (let l = 0; l < (starred ? 26 : 1); l++) {
    const letter = starred ? String.fromCharCode(65 + l) : '-';
    const ours = new Set(found.filter((w) => w.plain || w.letters.includes(letter)).map((w) => w.word));
    const theirs = new Set(hbWords.get(`${i}\t${letter}`) ?? []);
    const onlyOurs = [...ours].filter((w) => !theirs.has(w)), onlyTheirs = [...theirs].filter((w) => !ours.has(w));
    boards++;
    if (!onlyOurs.length && !onlyTheirs.length) same++;
    else if (letter === 'Q') qDiffer++;
    else differences.push(`field ${i} joker ${letter}: only postboggle [${onlyOurs.join(' ')}], only hybrid-boggle [${onlyTheirs.join(' ')}]`);
  }
});
console.log(`words: ${CHECKED} fields, ${boards} boards (field x joker letter): identical on ${same}; ${qDiffer} differ only as the joker Q (QU there, Q here); ${differences.length} other differences`);
differences.slice(0, 10).forEach((d) => console.log('  ' + d));

// Times. Warm-up (postboggle's JIT) on the transposed fields: the same work on other fields.
const transpose = (f: Field): Field => ({ size: f.size, cells: f.cells.map((_, i) => f.cells[(i % f.size) * f.size + Math.floor(i / f.size)]!) });
for (const f of fields) solveField(transpose(f), lexicon, 3);
type Times = { wall: number[]; cpu: number[] }; // per field, ms
const ours: Times[] = [], theirs: Times[] = [];
const runOurs = () => {
  const t: Times = { wall: [], cpu: [] };
  for (const f of fields) {
    const w0 = performance.now(), c0 = process.cpuUsage();
    solveField(f, lexicon, 3);
    const c = process.cpuUsage(c0);
    t.wall.push(performance.now() - w0);
    t.cpu.push((c.user + c.system) / 1000);
  }
  ours.push(t);
};
const runTheirs = () => {
  const t: Times = { wall: [], cpu: [] };
  for (const line of execFileSync(exe, ['time', dictFile, fieldsFile], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')) {
    if (!line) continue;
    const [, wallUs, cpuUs] = line.split(' ').map(Number);
    t.wall.push(wallUs! / 1000);
    t.cpu.push(cpuUs! / 1000);
  }
  theirs.push(t);
};
const loads: string[] = [];
for (let r = 0; r < rounds; r++) {
  if (r % 2 === 0) { runTheirs(); runOurs(); } else { runOurs(); runTheirs(); }
  loads.push(loadavg()[0]!.toFixed(1));
}
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const perField = (runs: Times[], key: keyof Times) => fields.map((_, i) => median(runs.map((t) => t[key][i]!)));
console.log(`\nper German 5x5 field with the star (26 joker letters), ${count} fields, median of ${rounds} alternating rounds per field; load average ${loads.join(' ')} on ${cpus().length} cores`);
console.log(`${''.padEnd(20)}hybrid-boggle  postboggle   ratio`);
for (const key of ['wall', 'cpu'] as const) {
  const h = perField(theirs, key), o = perField(ours, key);
  for (const [name, p] of [['median', 0.5], ['p90', 0.9]] as const) {
    const a = pct(h, p), b = pct(o, p);
    console.log(`${(key === 'wall' ? 'wall ' : 'CPU ') + name}`.padEnd(20) + `${a.toFixed(2).padStart(7)} ms ${b.toFixed(2).padStart(7)} ms ${(b / a).toFixed(2).padStart(6)}x`);
  }
}
const theirCpu = perField(theirs, 'cpu');
const ratios = perField(ours, 'cpu').map((o, i) => o / theirCpu[i]!);
console.log(`CPU ratio field by field: median ${pct(ratios, 0.5).toFixed(2)}x (p10 ${pct(ratios, 0.1).toFixed(2)}x, p90 ${pct(ratios, 0.9).toFixed(2)}x); target <= 2x`);
