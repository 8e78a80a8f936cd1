import type { Lexicon } from './lexicon.js';
import type { DictionaryVerdict } from './types.js';

/** The GM's decisions, kept per game and applied to every later round (SPEC 4). */
export interface HouseLists {
  /** Accepted folded word → its lemma(s) (empty: the dictionary's lemmas, or the word itself). */
  accept: ReadonlyMap<string, readonly string[]>;
  reject: ReadonlySet<string>;
}

export const NO_HOUSE_LISTS: HouseLists = { accept: new Map(), reject: new Set() };

export type VerdictFn = (word: string) => DictionaryVerdict;

/** The dictionary as the judge sees it: a GM rejection wins, then a GM acceptance, then the lexicon. */
export function makeVerdict(lexicon: Lexicon, house: HouseLists = NO_HOUSE_LISTS): VerdictFn {
  return (word) => {
    if (house.reject.has(word)) return { kind: 'rejected' };
    const known = lexicon.lemmas(word);
    const accepted = house.accept.get(word);
    if (accepted) {
      const lemmas = accepted.length > 0 ? accepted : known ?? [word.toLowerCase()];
      return { kind: 'known', lemmas };
    }
    return known ? { kind: 'known', lemmas: known } : { kind: 'unknown' };
  };
}
