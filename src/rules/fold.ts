import type { Language } from './types.js';

// Words are compared in a folded form: upper case A–Z only (SPEC 3). German spells the
// umlauts out (ä → AE, so "Bäume" and "baeume" are one word of 6 letters); the other
// languages drop accents. Ligatures and ß are spelled out everywhere.
const SPELLED_OUT: Record<string, string> = { 'ß': 'SS', 'ẞ': 'SS', 'Œ': 'OE', 'Æ': 'AE' };
const GERMAN_UMLAUTS: Record<string, string> = { 'Ä': 'AE', 'Ö': 'OE', 'Ü': 'UE' };
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const UMLAUTS = /[ÄÖÜ]/g;
const FOLDED = /^[A-Z]+$/;

/**
 * Folds one token to A–Z, or returns null when it holds anything that is not a letter
 * (digits, hyphens, apostrophes, stray punctuation): such a token is reported as not a
 * word, never silently turned into a different word.
 */
export function foldWord(token: string, language: Language): string | null {
  // Most tokens are plain letters: nothing to fold (a dictionary build folds millions).
  const upper = token.toUpperCase();
  if (FOLDED.test(upper)) return upper;
  if (language === 'de') {
    // German words are letters and umlauts (ß is SS in upper case already): the same result
    // as the loop below, without normalising (a dictionary build folds a million of them).
    const spelled = upper.replace(UMLAUTS, (ch) => GERMAN_UMLAUTS[ch]!);
    if (FOLDED.test(spelled)) return spelled;
  }
  let out = '';
  for (const ch of token.normalize('NFC').toUpperCase()) {
    if (ch >= 'A' && ch <= 'Z') {
      out += ch;
      continue;
    }
    const spelled = SPELLED_OUT[ch] ?? (language === 'de' ? GERMAN_UMLAUTS[ch] : undefined);
    out += spelled ?? ch.normalize('NFD').replace(COMBINING_MARKS, '');
  }
  return FOLDED.test(out) ? out : null;
}
