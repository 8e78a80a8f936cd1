import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

const DIR = join(PACKAGE_ROOT, 'src', 'dict', 'build', 'stoplists');

/**
 * Whether a dictionary root is an abbreviation or unit rather than a word: no vowel at all
 * (km, ftp, http, qm) or a capital after the first letter (kHz, hPa, gGmbH, kWh).
 */
export function looksLikeAbbreviation(root: string): boolean {
  // A German build asks this of a million words, nearly all plain ASCII letters: for them a
  // look at the characters answers it, the patterns below only for the others.
  let vowel = false;
  const first = root.charCodeAt(0);
  if (first >= 128 || first === 10 || first === 13) return looksLikeAbbreviationByPattern(root);
  if (ASCII_VOWEL[first]) vowel = true;
  for (let i = 1; i < root.length; i++) {
    const c = root.charCodeAt(i);
    if (c >= 128 || c === 10 || c === 13) return looksLikeAbbreviationByPattern(root);
    if (c >= 65 && c <= 90) return true;
    if (ASCII_VOWEL[c]) vowel = true;
  }
  return !vowel;
}

/** The ASCII vowels of the pattern below, either case. */
const ASCII_VOWEL = new Uint8Array(128);
for (const v of 'aeiouyAEIOUY') ASCII_VOWEL[v.charCodeAt(0)] = 1;
const VOWEL = /[aeiouyäöüéèêáàâíóú]/i;
const CAPITAL_INSIDE = /^.+\p{Lu}/u;

/** looksLikeAbbreviation as its two patterns say it (test/dict/abbreviation.test.ts holds the two side by side). */
export function looksLikeAbbreviationByPattern(root: string): boolean {
  return !VOWEL.test(root) || CAPITAL_INSIDE.test(root);
}

/** The language's stoplist (src/dict/build/stoplists/<lang>.txt): roots that are not words. */
export const stoplistPath = (lang: string) => join(DIR, `${lang}.txt`);

export function stoplist(lang: string): Set<string> {
  const file = stoplistPath(lang);
  if (!existsSync(file)) return new Set();
  return new Set(readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
}
