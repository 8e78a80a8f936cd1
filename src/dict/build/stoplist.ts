import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

const DIR = join(PACKAGE_ROOT, 'src', 'dict', 'build', 'stoplists');

/**
 * Whether a dictionary root is an abbreviation or unit rather than a word: no vowel at all
 * (km, ftp, http, qm) or a capital after the first letter (kHz, hPa, gGmbH, kWh).
 */
export function looksLikeAbbreviation(root: string): boolean {
  return !/[aeiouyäöüéèêáàâíóú]/i.test(root) || /^.+\p{Lu}/u.test(root);
}

/** The language's stoplist (src/dict/build/stoplists/<lang>.txt): roots that are not words. */
export const stoplistPath = (lang: string) => join(DIR, `${lang}.txt`);

export function stoplist(lang: string): Set<string> {
  const file = stoplistPath(lang);
  if (!existsSync(file)) return new Set();
  return new Set(readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
}
