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
