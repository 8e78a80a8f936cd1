import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldWord } from '../../src/rules/fold.js';

describe('foldWord', () => {
  it('spells German umlauts and ß out, so Bäume and baeume are one 6-letter word', () => {
    expect(foldWord('Bäume', 'de')).toBe('BAEUME');
    expect(foldWord('baeume', 'de')).toBe('BAEUME');
    expect(foldWord('Straße', 'de')).toBe('STRASSE');
    expect(foldWord('ÖL', 'de')).toBe('OEL');
  });
  it('strips accents in French and Italian, spells ligatures out', () => {
    expect(foldWord('élève', 'fr')).toBe('ELEVE');
    expect(foldWord('garçon', 'fr')).toBe('GARCON');
    expect(foldWord('cœur', 'fr')).toBe('COEUR');
    expect(foldWord('città', 'it')).toBe('CITTA');
    expect(foldWord('Müller', 'fr')).toBe('MULLER');
  });
  it('reports tokens with digits, hyphens or apostrophes as not words instead of changing them', () => {
    for (const t of ['ab-c', "l'eau", 'R2D2', 'U.S.A', '', 'ab c', 'дом']) expect(foldWord(t, 'de')).toBeNull();
  });
  it('yields only A–Z, and folding is idempotent', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom('de', 'en', 'fr', 'it' as const), (s, lang) => {
      const f = foldWord(s, lang);
      if (f === null) return;
      expect(f).toMatch(/^[A-Z]+$/);
      expect(foldWord(f, lang)).toBe(f);
    }));
  });
});

describe('the fast path for plain letters', () => {
  // The definition, letter by letter, that foldWord's shortcut must equal.
  const SPELLED: Record<string, string> = { 'ß': 'SS', 'ẞ': 'SS', 'Œ': 'OE', 'Æ': 'AE' };
  const UMLAUT: Record<string, string> = { 'Ä': 'AE', 'Ö': 'OE', 'Ü': 'UE' };
  const reference = (token: string, language: 'de' | 'fr') => {
    let out = '';
    for (const ch of token.normalize('NFC').toUpperCase()) out += SPELLED[ch] ?? (language === 'de' ? UMLAUT[ch] : undefined) ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    return /^[A-Z]+$/.test(out) ? out : null;
  };
  it('folds every token as the letter-by-letter definition does', () => {
    const ch = fc.constantFrom('a', 'Z', 'q', 'ß', 'ẞ', 'ä', 'Ö', 'a\u0308', 'é', 'e\u0301', 'œ', 'æ', 'ſ', 'ı', 'ﬀ', 'İ', '-', "'", '1', ' ', 'ç', 'Å');
    fc.assert(fc.property(fc.array(ch, { maxLength: 8 }).map((a) => a.join('')), fc.constantFrom('de' as const, 'fr' as const), (t, lang) => {
      expect(foldWord(t, lang)).toBe(reference(t, lang));
    }), { numRuns: 3000 });
  });
});
