import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCompact, writeCompact } from '../../src/dict/compact.js';
import { loadDictionary } from '../../src/dict/resolve.js';
import { foldWord } from '../../src/rules/fold.js';
import type { Lexicon } from '../../src/rules/lexicon.js';
import type { Language } from '../../src/rules/types.js';

const lex: Partial<Record<Language, Lexicon>> = {};
const lemmas = (lang: Language, word: string) => lex[lang]!.lemmas(foldWord(word, lang)!);

beforeAll(async () => {
  for (const lang of ['de', 'en', 'fr', 'it'] as Language[]) lex[lang] = await loadDictionary(lang);
}, 600_000);

describe('German dictionary (german-pos-dict lexicon + Hunspell)', () => {
  it('gives all forms of gurren one lemma', () => {
    for (const w of ['gurren', 'gurre', 'gurrst', 'gegurrt', 'Gurren']) expect(lemmas('de', w)).toEqual(['gurren']);
  });
  it('gives reisen two lemmas: the verb and the plural of Reise', () => {
    expect(lemmas('de', 'reisen')).toEqual(['Reise', 'reisen']);
  });
  it('knows irregular verb forms', () => {
    for (const w of ['lief', 'gelaufen', 'läufst']) expect(lemmas('de', w)).toEqual(['laufen']);
    expect(lemmas('de', 'ging')).toEqual(['gehen']);
  });
  it('folds umlauts and ß: Bäume → Baum, Straße → STRASSE', () => {
    expect(lemmas('de', 'Bäume')).toContain('Baum');
    expect(lemmas('de', 'baeume')).toContain('Baum');
    expect(lex.de!.has('STRASSE')).toBe(true);
  });
  it('merges comparatives, superlatives, nominalised adjectives and participles into the base lemma', () => {
    expect(lemmas('de', 'kürzer')).toEqual(['kurz']);
    expect(lemmas('de', 'kürzeste')).toEqual(['kurz']);
    expect(lemmas('de', 'Schöne')).toEqual(['schön']);
    expect(lemmas('de', 'schön')).toEqual(['schön']);
    expect(lemmas('de', 'Gelaufene')).toEqual(['laufen']);
  });
  it('leaves out proper nouns and abbreviations', () => {
    for (const w of ['Berlin', 'Atlanta', 'USA', 'ADAC', 'km', 'kHz', 'ftp', 'hoc']) expect(lemmas('de', w)).toBeUndefined();
    for (const w of ['ohne', 'doch', 'wir']) expect(lemmas('de', w)).toEqual([w]); // function words come from Hunspell
  });
  it('takes common nouns the lexicon lacks from Hunspell', () => {
    expect(lemmas('de', 'Stiefmutter')).toEqual(['Stiefmutter']);
  });
});

describe('English, French and Italian dictionaries', () => {
  it('English: inflections share the root as lemma; names are out', () => {
    expect(lemmas('en', 'walked')).toEqual(['walk']);
    expect(lemmas('en', 'cats')).toEqual(['cat']);
    expect(lemmas('en', 'London')).toBeUndefined();
  });
  it('French (LEFFF): accents folded, verbs and plurals lemmatised, proper nouns out', () => {
    expect(lemmas('fr', 'mangeons')).toEqual(['manger']);
    expect(lemmas('fr', 'garçon')).toEqual(['garçon']);
    expect(lemmas('fr', 'Lyon')).toBeUndefined();
  });
  it('Italian (Morph-it! + Hunspell): nouns and verbs lemmatised', () => {
    expect(lemmas('it', 'gatti')).toEqual(['gatto']);
    expect(lemmas('it', 'mangiamo')).toEqual(['mangiare']);
    expect(lemmas('it', 'Roma')).toBeUndefined();
  });
});

describe('compact dictionary format', () => {
  it('round-trips forms and lemma sets', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-dict-'));
    const map = new Map([['REISEN', new Set(['reisen', 'Reise'])], ['AB', new Set(['ab'])], ['ZU', new Set(['zu'])]]);
    expect(writeCompact(dir, 'xx', map)).toEqual({ forms: 3, lemmas: 4 });
    const lexicon = readCompact(dir, 'xx');
    expect([...lexicon.forms()]).toEqual(['AB', 'REISEN', 'ZU']);
    expect(lexicon.lemmas('REISEN')).toEqual(['Reise', 'reisen']);
    expect(lexicon.lemmas('ZU')).toEqual(['zu']);
    expect(lexicon.lemmas('XY')).toBeUndefined();
  });
});
