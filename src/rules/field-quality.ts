// How well a dice set plays: figures over many seeded rolls (bench/dice.ts prints them for
// every set, scripts/design-dice.ts uses them to pick the German sets). Pure: the lexicon
// is passed in, the rolls are seeded.
import { type Die, type JokerPlacement, rollField } from './dice.js';
import type { Lexicon } from './lexicon.js';
import { bestEntry, solveField } from './solver.js';
import { type Field, type ScoringScheme, STAR } from './types.js';

/** Vowel faces (Qu is not counted: its U cannot stand alone). */
const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

export function vowelCount(field: Field): number {
  return field.cells.filter((c) => c !== STAR && VOWELS.has(c)).length;
}

export interface RollTarget {
  /** A field "plays well" with at least this many words … */
  minWords: number;
  /** … and at least this many vowels among its letter cells. */
  minVowels: number;
}

export interface DiceFigures {
  rolls: number;
  /** Share of fields meeting the target, without re-rolling. */
  good: number;
  /** Share of fields under the word target, and under the vowel target. */
  fewWords: number;
  fewVowels: number;
  words: { min: number; p5: number; median: number; mean: number };
  vowels: { mean: number; share: number };
  best: { min: number; median: number };
  worst: { seed: string; words: number; best: number };
}

export interface MeasureOptions {
  rolls: number;
  seedPrefix?: string;
  minLength: number;
  joker?: JokerPlacement;
  scheme?: ScoringScheme;
  wordsPerEntry?: number;
  /** Skip the best-entry search (faster, for the designer's inner loop). */
  wordsOnly?: boolean;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Rolls the set `rolls` times (seeds prefix-0 … prefix-(n-1)) and measures every field. */
export function measureDice(dice: readonly Die[], lexicon: Lexicon, target: RollTarget, o: MeasureOptions): DiceFigures {
  const prefix = o.seedPrefix ?? 'quality';
  const words: number[] = [], vowels: number[] = [], bests: number[] = [];
  let good = 0, fewWords = 0, fewVowels = 0, letterCells = 0;
  let worst = { seed: '', words: Infinity, best: 0 };
  for (let i = 0; i < o.rolls; i++) {
    const seed = `${prefix}-${i}`;
    const field = rollField(dice, seed, o.joker ?? 'center');
    const found = solveField(field, lexicon, o.minLength);
    const v = vowelCount(field);
    const b = o.wordsOnly ? 0 : bestEntry(field, found, o.scheme ?? 'letters', o.wordsPerEntry ?? 7).points;
    words.push(found.length); vowels.push(v); bests.push(b);
    letterCells += field.cells.filter((c) => c !== STAR).length;
    if (found.length < target.minWords) fewWords++;
    if (v < target.minVowels) fewVowels++;
    if (found.length >= target.minWords && v >= target.minVowels) good++;
    if (found.length < worst.words) worst = { seed, words: found.length, best: b };
  }
  const ws = [...words].sort((a, b) => a - b), bs = [...bests].sort((a, b) => a - b);
  const vsum = vowels.reduce((a, b) => a + b, 0);
  return {
    rolls: o.rolls,
    good: good / o.rolls, fewWords: fewWords / o.rolls, fewVowels: fewVowels / o.rolls,
    words: { min: ws[0]!, p5: quantile(ws, 0.05), median: quantile(ws, 0.5), mean: ws.reduce((a, b) => a + b, 0) / o.rolls },
    vowels: { mean: vsum / o.rolls, share: vsum / letterCells },
    best: { min: bs[0]!, median: quantile(bs, 0.5) },
    worst,
  };
}
