// Dice figures: every built-in set rolled 1,000 times from fixed seeds (the same fields on
// every machine), each field solved with its language's dictionary (minimum length 3, star
// in the middle, every joker letter). A field "plays well" when it has at least the target
// words and vowels (5x5: 400 words, 6 vowels of 24 letters; 4x4: 120 words, 4 vowels of 15);
// docs/dice.md explains the targets. Usage: node dist/bench/dice.js [rolls] [set…]
import { fileURLToPath } from 'node:url';
import { diceSetNames, loadDiceSet } from '../src/dice/load.js';
import { loadDictionary } from '../src/dict/resolve.js';
import { type DiceFigures, measureDice, type RollTarget } from '../src/rules/field-quality.js';
import type { Language } from '../src/rules/types.js';

export const TARGETS: Record<'4x4' | '5x5', RollTarget> = {
  '5x5': { minWords: 400, minVowels: 6 },
  '4x4': { minWords: 120, minVowels: 4 },
};

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function describeFigures(name: string, t: RollTarget, f: DiceFigures): string {
  return `  ${name.padEnd(7)} ${pct(f.good).padStart(7)} play well (>= ${t.minWords} words and >= ${t.minVowels} vowels); ` +
    `under ${t.minWords} words ${pct(f.fewWords)}, under ${t.minVowels} vowels ${pct(f.fewVowels)}; ` +
    `words min ${f.words.min} / 5th pct ${f.words.p5} / median ${f.words.median}; vowels ${f.vowels.mean.toFixed(1)} a field (${pct(f.vowels.share)}); ` +
    `best entry min ${f.best.min} / median ${f.best.median} points; poorest seed ${f.worst.seed} (${f.worst.words} words)`;
}

export async function benchDice(rolls = 1000, sets = diceSetNames()): Promise<void> {
  console.log(`dice sets, ${rolls} seeded rolls each (seeds quality-0 … quality-${rolls - 1}), own-language dictionary, min length 3, scheme letters`);
  for (const name of sets) {
    const lang = name.slice(0, 2) as Language;
    const size = name.endsWith('4x4') ? '4x4' : '5x5';
    const lexicon = await loadDictionary(lang);
    const f = measureDice(loadDiceSet(name), lexicon, TARGETS[size], { rolls, minLength: 3 });
    console.log(describeFigures(name, TARGETS[size], f));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [n, ...sets] = process.argv.slice(2);
  await benchDice(n ? Number(n) : 1000, sets.length ? sets : undefined);
}
