import { type Rng, randomInt } from './rng.js';
import { bestEntryFor, type FoundWord, wordsForJoker } from './solver.js';
import type { Entry, ScoringScheme } from './types.js';

/**
 * Entries for computer players of four strengths, from a solved field. Level 1 sends short
 * words and makes mistakes, level 2 random words without the joker, level 3 long words with
 * a good joker but no care for lemmas, level 4 the best possible entry for its joker.
 */
export function computerEntry(level: 1 | 2 | 3 | 4, found: readonly FoundWord[], rng: Rng, scheme: ScoringScheme = 'letters'): Entry {
  const pickSome = (pool: readonly FoundWord[], n: number) => {
    const rest = [...pool];
    const out: string[] = [];
    while (out.length < n && rest.length > 0) out.push(rest.splice(randomInt(rng, rest.length), 1)[0]!.word.toLowerCase());
    return out;
  };
  const plain = found.filter((w) => w.plain);
  switch (level) {
    case 1: {
      const words = pickSome(plain.filter((w) => w.word.length <= 5), 8);
      words.splice(2, 0, 'xq'); // a slip: too short and not on the field
      return { main: words.slice(0, 7), substitutes: words.slice(7, 10) };
    }
    case 2: {
      const words = pickSome(plain, 10);
      return { main: words.slice(0, 7), substitutes: words.slice(7) };
    }
    case 3: {
      const jokers = [...new Set(found.flatMap((w) => w.letters))];
      const joker = jokers.length ? jokers[randomInt(rng, jokers.length)]! : null;
      const words = wordsForJoker(found, joker).sort((a, b) => b.word.length - a.word.length).slice(0, 20);
      const chosen = pickSome(words, 10);
      return { main: chosen.slice(0, 7), substitutes: chosen.slice(7), joker };
    }
    case 4: {
      const jokers = [...new Set(found.flatMap((w) => w.letters))].sort();
      let best = bestEntryFor(found, null, scheme, 10);
      for (const j of jokers) {
        const e = bestEntryFor(found, j, scheme, 10);
        if (e.points > best.points) best = e;
      }
      const words = best.words.map((w) => w.word.toLowerCase());
      return { main: words.slice(0, 7), substitutes: words.slice(7, 10), joker: best.joker };
    }
  }
}
