import { type Rng, randomInt, seededRng } from './rng.js';
import { type Face, type Field, QU, STAR } from './types.js';

/** A die is its six faces; a dice set has one die per cell (16 for 4x4, 25 for 5x5). */
export type Die = readonly Face[];
export type JokerPlacement = 'center' | 'random' | 'none';

export class DiceError extends Error {}

/** Parses a dice-set data file: one die a line, six faces separated by spaces ("Qu" is QU), # comments. */
export function parseDiceSet(text: string): Die[] {
  const dice: Die[] = [];
  text.split(/\r?\n/).forEach((raw, n) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const faces = line.toUpperCase().split(/\s+/);
    if (faces.length !== 6 || faces.some((f) => f !== QU && !/^[A-Z]$/.test(f))) {
      throw new DiceError(`line ${n + 1}: a die has six faces, each a letter or Qu: "${raw}"`);
    }
    dice.push(faces);
  });
  return dice;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Rolls a field: the dice are shuffled onto the cells, each shows a random face, then the
 * star takes its cell (the middle one for `center`; on 4x4, which has no middle, the cell
 * B2). Pure: the same dice and seed give the same field.
 */
export function rollField(dice: readonly Die[], seed: string, joker: JokerPlacement = 'center'): Field {
  const size = Math.round(Math.sqrt(dice.length));
  if (size * size !== dice.length || (size !== 4 && size !== 5)) {
    throw new DiceError(`a dice set has 16 or 25 dice, this one has ${dice.length}`);
  }
  const rng = seededRng(seed);
  const cells = shuffle([...dice], rng).map((die) => die[randomInt(rng, 6)]!);
  const middle = Math.floor((size - 1) / 2) * (size + 1);
  if (joker === 'center') cells[middle] = STAR;
  else if (joker === 'random') cells[randomInt(rng, cells.length)] = STAR;
  return { size, cells };
}

export interface FieldQuality {
  words: number;
  bestPoints: number;
}

export interface QualityFloor {
  minWords: number;
  minBestPoints: number;
  /** Give up after this many rolls (the floor is then too high for the dice set). */
  maxAttempts?: number;
}

/**
 * Re-rolls deterministically (seed, seed#1, seed#2, …) until the field meets the floor.
 * Returns the field and the seed that produced it. When no roll meets it (a floor too high
 * for the dice or the word list), the richest field rolled (most words, then best entry),
 * with met false: a round must still open, and the GM is told.
 */
export function rollWithFloor(
  dice: readonly Die[], seed: string, joker: JokerPlacement,
  floor: QualityFloor, measure: (f: Field) => FieldQuality,
): { field: Field; seed: string; attempts: number; met: boolean; quality: FieldQuality } {
  const max = floor.maxAttempts ?? 500;
  let best: { field: Field; seed: string; quality: FieldQuality } | null = null;
  for (let attempt = 0; attempt < max; attempt++) {
    const s = attempt === 0 ? seed : `${seed}#${attempt}`;
    const field = rollField(dice, s, joker);
    const q = measure(field);
    if (q.words >= floor.minWords && q.bestPoints >= floor.minBestPoints) return { field, seed: s, attempts: attempt + 1, met: true, quality: q };
    if (!best || q.words > best.quality.words || (q.words === best.quality.words && q.bestPoints > best.quality.bestPoints)) best = { field, seed: s, quality: q };
  }
  if (!best) throw new DiceError(`the quality floor needs at least one roll (maxAttempts ${max})`);
  return { ...best, attempts: max, met: false };
}
