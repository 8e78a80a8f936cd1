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
