import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../../src/dict/resolve.js';
import type { Lexicon } from '../../src/rules/lexicon.js';
import { isEnclitic } from '../../src/dict/build/it-verbs.js';
import { referee } from './lang-helpers.js';

let lex: Lexicon;
beforeAll(async () => { lex = await loadDictionary('it'); }, 600_000);
const { known, lemmas, both, tags } = referee(() => lex, 'it');

describe('Italian: verbs with enclitic pronouns are not words (Paroliere rules, issue 8)', () => {
  it.each(['andandosene', 'mangiarlo', 'dimmi', 'vattene', 'dammelo', 'portarci', 'fammi', 'guardami', 'prendilo', 'dandogli', 'vederla', 'dirglielo', 'parlarne', 'facendolo', 'scrivergli', 'tienilo', 'mangiamolo', 'abbandonatiglielo'])('%s is refused', (w) => {
    expect(known(w)).toBe(false);
  });
  it('their hosts and look-alikes stay words', () => {
    for (const w of ['mangiare', 'andando', 'dalla', 'dagli', 'fallo', 'parlavi', 'vali', 'ecco']) expect(known(w)).toBe(true);
  });
  it('the rule: pronouns on an imperative, gerund, participle or clipped infinitive', () => {
    const hosts = new Set(['di', 'va', 'andando', 'mangiar', 'prendi', 'mangiato']);
    for (const w of ['dimmi', 'vattene', 'andandosene', 'mangiarglielo', 'prendilo', 'mangiatoci']) expect(isEnclitic(w, hosts)).toBe(true);
    for (const w of ['dito', 'vano', 'andandosa', 'mangiare']) expect(isEnclitic(w, hosts)).toBe(false);
  });
});

describe('Italian: irregular verbs belong to their infinitive (issue 8)', () => {
  it.each([['vado', 'andare'], ['siamo', 'essere'], ['fui', 'essere'], ['dissi', 'dire'], ['vanno', 'andare'], ['ebbi', 'avere'], ['nacque', 'nascere'], ['dico', 'dissi'], ['hanno', 'abbiamo']])('%s and %s are one word', (a, b) => {
    expect(both(a, b)).toBe(false);
  });
  it('fui is only a form of essere', () => {
    expect(lemmas('fui')).toEqual(['essere']);
  });
  it('homographs keep their second word', () => {
    for (const [a, b] of [['stato', 'essere'], ['sei', 'essere'], ['era', 'essere'], ['fatto', 'fare'], ['lessi', 'leggere']]) expect(both(a, b)).toBe(true);
  });
});

describe('Italian: nouns and adjectives', () => {
  it('feminines, plurals and comparison belong to the masculine/positive', () => {
    for (const [a, b] of [['ragazza', 'ragazzo'], ['bella', 'bello'], ['belle', 'belli'], ['uova', 'uovo'], ['templi', 'tempio'], ['attrice', 'attore'], ['peggiore', 'cattivo'], ['migliore', 'buono'], ['bellissimo', 'bello']]) expect(both(a, b)).toBe(false);
  });
  it('derivations are words of their own', () => {
    for (const [a, b] of [['velocemente', 'veloce'], ['casetta', 'casa'], ['cantante', 'cantare'], ['scrittore', 'scrivere']]) expect(both(a, b)).toBe(true);
  });
  it('tags', () => {
    expect(tags('mangiare', 'mangiare')).toEqual(['base', 'inf']);
    expect(tags('andata', 'andare')).toEqual(['pp', 'fem']);
    expect(tags('uova', 'uovo')).toEqual(['plural']);
    expect(tags('bella', 'bello')).toEqual(['fem']);
    expect(tags('ragazze', 'ragazzo')).toEqual(['plural', 'fem']);
  });
  it.each(['ecc', 'Roma', 'window'])('%s is refused', (w) => {
    expect(known(w)).toBe(false);
  });
});
