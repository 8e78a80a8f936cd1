// Designs a 25-die set for a language from the letter frequencies of its built dictionary
// (docs/dice.md explains the method). Usage: node dist/scripts/design-dice.js de [out-file]
import { writeFileSync } from 'node:fs';
import { readCompact } from '../src/dict/compact.js';
import { DICT_DIR } from '../src/dict/resolve.js';
import type { Language } from '../src/rules/types.js';

const FACES = 150; // 25 dice x 6 faces
const FLATTEN = 0.7; // weight = frequency^0.8: common letters a little rarer, rare ones a little more common, as on real Boggle dice
const lang = (process.argv[2] ?? 'de') as Language;
const out = process.argv[3];

const counts = new Map<string, number>();
for (const form of readCompact(DICT_DIR, lang).forms()) {
  if (form.length < 3 || form.length > 10) continue; // the lengths that matter on a 5x5 field
  for (const ch of form.replace(/QU/g, 'Q')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const letters = [...counts.entries()].map(([l, n]) => ({ l, w: Math.pow(n / total, FLATTEN) }));
const wsum = letters.reduce((a, x) => a + x.w, 0);
// Largest remainder, every letter at least one face (Q stands for the Qu face).
const alloc = letters.map((x) => ({ ...x, share: (x.w / wsum) * FACES })).map((x) => ({ ...x, n: Math.max(1, Math.floor(x.share)) }));
let left = FACES - alloc.reduce((a, x) => a + x.n, 0);
for (const x of [...alloc].sort((a, b) => (b.share - Math.floor(b.share)) - (a.share - Math.floor(a.share)))) {
  if (left <= 0) break;
  x.n++; left--;
}
while (left < 0) { const x = alloc.filter((a) => a.n > 1).sort((a, b) => b.n - a.n)[0]!; x.n--; left++; }
// Deal the faces, most frequent letter first, round the 25 dice in turn: every die gets one
// face from each sixth of the frequency order, and a letter with 25 faces or fewer never
// repeats on a die.
const faces = alloc.sort((a, b) => b.n - a.n || a.l.localeCompare(b.l)).flatMap((x) => Array<string>(x.n).fill(x.l === 'Q' ? 'Qu' : x.l));
const dice: string[][] = Array.from({ length: 25 }, () => []);
faces.forEach((f, k) => dice[k % 25]!.push(f));
const lines = [
  `# ${lang}-5x5: 25 dice designed from the letter frequencies of the ${lang} dictionary`,
  `# (forms of 3-10 letters, weight = frequency^${FLATTEN}, ${FACES} faces by largest remainder,`,
  '# dealt round the dice in turn so each die mixes common and rare letters). Made by scripts/design-dice.ts.',
  `# Faces: ${alloc.map((x) => `${x.l === 'Q' ? 'Qu' : x.l} ${x.n}`).join(', ')}`,
  ...dice.map((d) => d.join(' ')),
];
if (out) writeFileSync(out, lines.join('\n') + '\n');
else process.stdout.write(lines.join('\n') + '\n');
