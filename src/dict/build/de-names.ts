import { readTable } from './tables.js';
import { looksLikeAbbreviation, stoplist } from './stoplist.js';

/** The names of the German names table that are not also common words (Essen, Rose stay). */
export function properNames(): Set<string> {
  return new Set(readTable<[string, string, string]>('de-names', 3).filter((r) => r[2] !== 'yes').map((r) => r[0]));
}

/**
 * What the German build refuses from a word list, whatever the source: a name in any case
 * (the frami list also writes österreich), a stoplisted root, an abbreviation.
 */
export function germanSkip(names: ReadonlySet<string>, stop: ReadonlySet<string> = stoplist('de')): (word: string) => boolean {
  // (A word that starts with A–Z is its own capitalised spelling: one look in the names.)
  return (w) => {
    const c = w.charCodeAt(0);
    return names.has(w) || (!(c >= 65 && c <= 90) && names.has(w[0]!.toUpperCase() + w.slice(1))) || stop.has(w) || looksLikeAbbreviation(w);
  };
}
