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
  // A name's genitive in -es too (des Perserreiches, des Karlstores), which the frami list
  // carries as a word of its own: once the name was refused, it became a noun of its own.
  // (Names of six letters or more: Kappes is no genitive of Kapp, nor Leones of Leon.)
  // And the plural of a name's feminine in -in (die Aalenerinnen), which the frami list
  // carries too: without its singular it became a noun "Aalenerinne" (stop 30).
  const isName = (w: string) => names.has(w) || (w.length > 7 && w.endsWith('es') && names.has(w.slice(0, -2))) || (w.endsWith('innen') && names.has(w.slice(0, -3)));
  // (A word that starts with A–Z is its own capitalised spelling: one look in the names.)
  return (w) => {
    const c = w.charCodeAt(0);
    return isName(w) || (!(c >= 65 && c <= 90) && isName(w[0]!.toUpperCase() + w.slice(1))) || stop.has(w) || looksLikeAbbreviation(w);
  };
}
