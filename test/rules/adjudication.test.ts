import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeVerdict } from '../../src/rules/adjudication.js';
import { Lexicon } from '../../src/rules/lexicon.js';

const lexicon = Lexicon.fromMap(new Map([['REISEN', ['reisen', 'Reise']], ['HAUS', ['Haus']]]));

describe('dictionary verdict with the GM house lists', () => {
  it('a GM rejection wins over the dictionary', () => {
    expect(makeVerdict(lexicon, { accept: new Map(), reject: new Set(['HAUS']) })('HAUS')).toEqual({ kind: 'rejected' });
  });
  it('a GM acceptance adds a word, with its lemma or as its own', () => {
    const v = makeVerdict(lexicon, { accept: new Map([['EMAILLE', []], ['AUTOS', ['Auto']]]), reject: new Set() });
    expect(v('EMAILLE')).toEqual({ kind: 'known', lemmas: ['emaille'] });
    expect(v('AUTOS')).toEqual({ kind: 'known', lemmas: ['Auto'] });
    expect(v('REISEN')).toEqual({ kind: 'known', lemmas: ['reisen', 'Reise'] });
    expect(v('XYZ')).toEqual({ kind: 'unknown' });
  });
  it('accepting a dictionary word without a lemma keeps the dictionary lemmas', () => {
    expect(makeVerdict(lexicon, { accept: new Map([['HAUS', []]]), reject: new Set() })('HAUS')).toEqual({ kind: 'known', lemmas: ['Haus'] });
  });
});

describe("the verdict's cheap questions (review and the solver ask them of every word)", () => {
  const pool = ['REISEN', 'HAUS', 'EMAILLE', 'AUTOS', 'XYZ', 'HAEUSER', 'REISE'];
  const houseArb = fc.record({ accept: fc.subarray(pool), reject: fc.subarray(pool), lemma: fc.constantFrom<string[]>([], ['Auto'], ['Reise'], ['neu']) });
  const formsArb = fc.constantFrom(undefined, { words: 'all' as const, noPlurals: false }, { words: 'oldfashion' as const, noPlurals: false }, { words: 'all' as const, noPlurals: true });
  it('isUnknown is the verdict "unknown", lexiconAlone a verdict of the lexicon\'s own lemmas', () => {
    fc.assert(fc.property(houseArb, formsArb, fc.constantFrom(...pool, 'REIS', ''), ({ accept, reject, lemma }, forms, word) => {
      const v = makeVerdict(lexicon, { accept: new Map(accept.map((w) => [w, lemma])), reject: new Set(reject) }, forms);
      expect(v.isUnknown!(word)).toBe(v(word).kind === 'unknown');
      if (lexicon.has(word) && v.lexiconAlone!(word)) expect(v(word)).toEqual({ kind: 'known', lemmas: lexicon.lemmas(word) });
      if (reject.includes(word) || accept.includes(word) || (forms && (forms.words !== 'all' || forms.noPlurals))) expect(v.lexiconAlone!(word)).toBe(false);
    }), { numRuns: 300 });
  });
});
