import { type Rng, randomInt } from './rng.js';
import { bestEntryFor, type FoundWord, wordsForJoker } from './solver.js';
import type { Entry, ScoringScheme } from './types.js';

/**
 * Entries for computer players of four strengths, from a solved field. Level 1 sends short
 * words and makes mistakes, level 2 random words without the joker, level 3 long words with
 * a good joker but no care for lemmas, level 4 the best possible entry for its joker.
 */
export interface ComputerLimits {
  /** Main words per entry, 0 = unlimited (then a level sends UNLIMITED[level] words, level 4 all it can). */
  words: number;
  substitutes: number;
}

const UNLIMITED = [0, 10, 25, 50, 0];

export function computerEntry(level: 1 | 2 | 3 | 4, found: readonly FoundWord[], rng: Rng, scheme: ScoringScheme = 'letters', limits: ComputerLimits = { words: 7, substitutes: 3 }): Entry {
  const nMain = limits.words > 0 ? limits.words : UNLIMITED[level]!;
  const nSub = limits.words > 0 ? limits.substitutes : 0;
  const n = nMain + nSub;
  const pickSome = (pool: readonly FoundWord[], n: number) => {
    const rest = [...pool];
    const out: string[] = [];
    while (out.length < n && rest.length > 0) out.push(rest.splice(randomInt(rng, rest.length), 1)[0]!.word.toLowerCase());
    return out;
  };
  const plain = found.filter((w) => w.plain);
  switch (level) {
    case 1: {
      const words = pickSome(plain.filter((w) => w.word.length <= 5), n - 2);
      words.splice(2, 0, 'xq'); // a slip: too short and not on the field
      return { main: words.slice(0, nMain), substitutes: words.slice(nMain, n) };
    }
    case 2: {
      const words = pickSome(plain, n);
      return { main: words.slice(0, nMain), substitutes: words.slice(nMain) };
    }
    case 3: {
      const jokers = [...new Set(found.flatMap((w) => w.letters))];
      const joker = jokers.length ? jokers[randomInt(rng, jokers.length)]! : null;
      const words = wordsForJoker(found, joker).sort((a, b) => b.word.length - a.word.length).slice(0, 2 * n);
      const chosen = pickSome(words, n);
      return { main: chosen.slice(0, nMain), substitutes: chosen.slice(nMain), joker };
    }
    case 4: {
      const jokers = [...new Set(found.flatMap((w) => w.letters))].sort();
      let best = bestEntryFor(found, null, scheme, n);
      for (const j of jokers) {
        const e = bestEntryFor(found, j, scheme, n);
        if (e.points > best.points) best = e;
      }
      const words = best.words.map((w) => w.word.toLowerCase());
      return { main: nMain > 0 ? words.slice(0, nMain) : words, substitutes: nMain > 0 ? words.slice(nMain, n) : [], joker: best.joker };
    }
  }
}
