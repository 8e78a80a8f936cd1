// Designs a dice set for a language from its built dictionary, then improves it by local
// search until rolled fields play well (docs/dice.md explains the method and the figures).
// Usage: node dist/scripts/design-dice.js LANG SIZE [out-file] [iterations]
//   e.g. node dist/scripts/design-dice.js de 5 src/dice/sets/de-5x5.txt
// Deterministic: the same dictionary gives the same set.
import { writeFileSync } from 'node:fs';
import { TARGETS } from '../bench/dice.js';
import { readCompact } from '../src/dict/compact.js';
import { DICT_DIR } from '../src/dict/resolve.js';
import type { Die } from '../src/rules/dice.js';
import { measureDice } from '../src/rules/field-quality.js';
import { randomInt, seededRng } from '../src/rules/rng.js';
import type { Language } from '../src/rules/types.js';

const lang = (process.argv[2] ?? 'de') as Language;
const size = Number(process.argv[3] ?? 5) as 4 | 5;
const out = process.argv[4];
const ITERATIONS = Number(process.argv[5] ?? 150);
const DICE = size * size, FACES = DICE * 6;
const FLATTEN = 0.7; // weight = frequency^0.7: common letters a little rarer, rare ones a little more common
const VOWELS = 'AEIOU';
/** Dice that carry only vowels: they guarantee a floor of vowels on every field. */
const VOWEL_DICE = size === 5 ? 7 : 4;
const MIN_VOWEL_SHARE = 0.4;
const DESIGN_ROLLS = 300; // seeds design-0 … : not the bench's seeds, so the bench figures are not fitted
const target = TARGETS[size === 5 ? '5x5' : '4x4'];

const lexicon = readCompact(DICT_DIR, lang);
const maxLen = size === 5 ? 10 : 8;
const counts = new Map<string, number>();
for (const form of lexicon.forms()) {
  if (form.length < 3 || form.length > maxLen) continue; // the lengths that matter on the field
  for (const ch of form.replace(/QU/g, 'Q')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const weights = [...counts.entries()].map(([l, n]) => ({ l, w: Math.pow(n / total, FLATTEN) }));

/** Largest-remainder allotment of n faces over letters by weight, every letter at least `floor`. */
function allot(items: { l: string; w: number }[], n: number, floor: number): Map<string, number> {
  const s = items.reduce((a, x) => a + x.w, 0);
  const rows = items.map((x) => ({ l: x.l, share: (x.w / s) * n, n: Math.max(floor, Math.floor((x.w / s) * n)) }));
  let left = n - rows.reduce((a, x) => a + x.n, 0);
  for (const x of [...rows].sort((a, b) => (b.share % 1) - (a.share % 1) || a.l.localeCompare(b.l))) { if (left <= 0) break; x.n++; left--; }
  while (left < 0) { const x = rows.filter((r) => r.n > floor).sort((a, b) => b.n - a.n || a.l.localeCompare(b.l))[0]!; x.n--; left++; }
  return new Map(rows.filter((r) => r.n > 0).map((r) => [r.l, r.n]));
}

// Start: the vowel faces fill the vowel dice first, the
// rest of the faces are dealt round the other dice in frequency order.
// Vowels get their share of the letters of the words (not flattened): fields short of vowels
// are the poor ones. Consonants share the rest by flattened frequency.
const vowelShare = [...counts].filter(([l]) => VOWELS.includes(l)).reduce((a, [, n]) => a + n, 0) / total;
const nVowelFaces = Math.round(Math.max(vowelShare, MIN_VOWEL_SHARE) * FACES);
const all = new Map([
  ...allot([...counts].filter(([l]) => VOWELS.includes(l)).map(([l, n]) => ({ l, w: n })), nVowelFaces, 1),
  ...allot(weights.filter((x) => !VOWELS.includes(x.l)), FACES - nVowelFaces, size === 5 ? 1 : 0),
]);
const sortedFaces = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).flatMap(([l, n]) => Array<string>(n).fill(l));
const vowelFaces = sortedFaces(new Map([...all].filter(([l]) => VOWELS.includes(l))));
const otherFaces = sortedFaces(new Map([...all].filter(([l]) => !VOWELS.includes(l))));
const dice: string[][] = Array.from({ length: DICE }, () => []);
const onVowelDice = vowelFaces.splice(0, Math.min(vowelFaces.length, VOWEL_DICE * 6));
onVowelDice.forEach((f, k) => dice[k % VOWEL_DICE]!.push(f));
const rest = [...vowelFaces, ...otherFaces];
let d = VOWEL_DICE;
for (const f of rest) {
  while (dice[d]!.length >= 6) d = d + 1 >= DICE ? VOWEL_DICE : d + 1;
  dice[d]!.push(f);
  d = d + 1 >= DICE ? VOWEL_DICE : d + 1;
}
for (const die of dice) while (die.length < 6) die.push('E');

const asDice = (ds: string[][]): Die[] => ds.map((die) => die.map((f) => (f === 'Q' ? 'QU' : f)));
const score = (ds: string[][]) => {
  const f = measureDice(asDice(ds), lexicon, target, { rolls: DESIGN_ROLLS, seedPrefix: 'design', minLength: 3, wordsOnly: true });
  return f.good * 1000 + f.words.p5 / 100; // the share that plays well first, then the poor tail
};

function write(steps: number): void {
  const final = new Map<string, number>();
  for (const die of dice) for (const f of die) final.set(f, (final.get(f) ?? 0) + 1);
  const lines = [
    `# ${lang}-${size}x${size}: ${DICE} dice designed for the ${lang} dictionary by scripts/design-dice.ts (docs/dice.md):`,
    `# letter frequencies of forms of 3-${maxLen} letters, weight = frequency^${FLATTEN}, ${FACES} faces by largest`,
    `# remainder; ${VOWEL_DICE} dice carry only vowels; then ${steps} steps of local search on ${DESIGN_ROLLS} seeded rolls`,
    `# for fields with >= ${target.minWords} words and >= ${target.minVowels} vowels.`,
    `# Faces: ${sortedFaces(final).filter((l, i, a) => a.indexOf(l) === i).map((l) => `${l === 'Q' ? 'Qu' : l} ${final.get(l)}`).join(', ')}`,
    ...dice.map((die) => die.map((f) => (f === 'Q' ? 'Qu' : f)).join(' ')),
  ];
  if (out) writeFileSync(out, lines.join('\n') + '\n');
  else process.stdout.write(lines.join('\n') + '\n');
}

// Local search: swap two faces between dice (the letter counts stay), or give a face of a
// consonant die another letter drawn by frequency. Keep a change that does not score worse.
const rng = seededRng(`design-${lang}-${size}`);
const letterPool = sortedFaces(all);
let best = score(dice);
console.error(`start ${best.toFixed(2)}`);
for (let it = 0; it < ITERATIONS; it++) {
  const a = randomInt(rng, DICE), fa = randomInt(rng, 6);
  const before = dice.map((x) => [...x]);
  if (rng() < 0.6) {
    const b = randomInt(rng, DICE), fb = randomInt(rng, 6);
    [dice[a]![fa], dice[b]![fb]] = [dice[b]![fb]!, dice[a]![fa]!];
  } else {
    dice[a]![fa] = letterPool[randomInt(rng, letterPool.length)]!;
  }
  // Every letter of the first allotment stays on some die (a German field may show W or Z),
  // and a die shows a consonant at most twice (vowel dice are mostly E, as in English Big Boggle).
  const shown = new Set(dice.flat());
  if ([...all.keys()].some((l) => !shown.has(l)) || dice.some((die) => die.some((l) => !VOWELS.includes(l) && die.filter((x) => x === l).length > 2))) { dice.splice(0, DICE, ...before); continue; }
  const s = score(dice);
  if (s >= best) {
    if (s > best) { console.error(`${it}: ${s.toFixed(2)}`); write(it + 1); } // written at each gain: the search can be stopped any time
    best = s;
  } else dice.splice(0, DICE, ...before);
}
write(ITERATIONS);

