import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../../src/dict/resolve.js';
import type { Lexicon } from '../../src/rules/lexicon.js';
import { referee } from './lang-helpers.js';

let lex: Lexicon;
beforeAll(async () => { lex = await loadDictionary('fr'); }, 600_000);
const { known, lemmas, both, tags } = referee(() => lex, 'fr');

describe('French: no bogus lemmas beside the real one (issue 8)', () => {
  it.each([['chevaux', 'cheval'], ['yeux', 'œil'], ['cieux', 'ciel'], ['travaux', 'travail'], ['mesdames', 'madame'], ['messieurs', 'monsieur']])('%s is the plural of %s only', (plural, singular) => {
    expect(both(plural, singular)).toBe(false);
    expect(lemmas(plural)).toHaveLength(1);
  });
  it('a feminine is the masculine word, unless it is a noun of its own', () => {
    for (const [f, m] of [['vieille', 'vieux'], ['douce', 'doux'], ['heureuse', 'heureux'], ['lionne', 'lion'], ['chanteuse', 'chanteur']]) expect(both(f, m)).toBe(false);
    expect(both('nouvelle', 'nouveau')).toBe(true);
    // A feminine noun of its own the build had filed only under the masculine or a verb (tables/fr-feminine-nouns.tsv).
    for (const [f, m] of [['découverte', 'découvrir'], ['commune', 'commun'], ['droite', 'droit'], ['cafetière', 'cafetier'], ['vue', 'voir'], ['capitale', 'capital']]) expect(both(f, m), `${f} ${m}`).toBe(true);
    expect(both('amie', 'ami')).toBe(false);
    expect(both('reine', 'roi')).toBe(true);
  });
  it('irregular verbs and comparison', () => {
    for (const [a, b] of [['étions', 'sera'], ['vais', 'allâmes'], ['naquit', 'naître'], ['meilleur', 'bon'], ['pire', 'mauvais']]) expect(both(a, b)).toBe(false);
    for (const [a, b] of [['été', 'être'], ['suis', 'être'], ['neuve', 'neuf'], ['fûmes', 'être']]) expect(both(a, b)).toBe(true);
  });
  it('a noun with a plural of its own spelt like an infinitive is a word beside the verb (le devoir, le rocher); le manger is the verb', () => {
    for (const [a, b] of [['pouvoir', 'peuvent'], ['être', 'étions'], ['devoirs', 'devons'], ['rochers', 'rocher']]) expect(both(a, b), `${a} ${b}`).toBe(true);
    expect(lemmas('rochers')?.some((l) => l.startsWith('rocher'))).toBe(true);
  });
  it('plurals in -aux LEFFF lists as lemmas are their singular\'s (émaux, coraux), and frais is an adjective too', () => {
    for (const [a, b] of [['émaux', 'émail'], ['coraux', 'corail'], ['faisceaux', 'faisceau']]) expect(both(a, b), `${a} ${b}`).toBe(false);
    expect(lemmas('fraîche')).toContain('frais');
    expect(both('frais', 'frai')).toBe(true);
  });
  it("knows the spelling dictionary's own words LEFFF lacks, with their forms, and a reform spelling as its traditional word", () => {
    for (const w of ['cagette', 'cagettes', 'oxymore', 'patatras', 'saperlipopette', 'caftons']) expect(known(w), w).toBe(true);
    for (const [a, b] of [['ognon', 'oignon'], ['nénufars', 'nénuphar'], ['charriot', 'chariot']]) expect(both(a, b), `${a} ${b}`).toBe(false);
    for (const w of ['street', 'skin']) expect(known(w), w).toBe(false);
  });
  it('pronouns and possessives by person', () => {
    for (const [a, b] of [['nous', 'elles'], ['moi', 'toi'], ['mon', 'notre']]) expect(both(a, b)).toBe(true);
    for (const [a, b] of [['elles', 'il'], ['auxquels', 'lequel'], ['ma', 'mon']]) expect(both(a, b)).toBe(false);
  });
});

describe('French: tags from the lexicon (Old Fashion and no-plurals variants)', () => {
  it('plural, feminine, infinitive, past participle', () => {
    expect(tags('chevaux', 'cheval')).toEqual(['plural']);
    expect(tags('maisons', 'maison')).toEqual(['plural']); // maison has no masculine
    expect(tags('heureuse', 'heureux')).toEqual(['fem']);
    expect(tags('heureuses', 'heureux')).toEqual(['plural', 'fem']);
    expect(tags('lionne', 'lion')).toEqual(['fem']);
    expect(tags('manger', 'manger')).toEqual(['base', 'inf']);
    expect(tags('mangeons', 'manger')).toEqual(['infl']);
    expect(tags('mangées', 'manger')).toEqual(['pp', 'plural', 'fem']);
    expect(tags('élève', 'élève')).toEqual(['base']);
  });
});

describe('French: abbreviations, English words and names (issue 8)', () => {
  it.each(['bcp', 'svp', 'stp', 'tjrs', 'qqch', 'etc', 'window', 'book', 'Lyon', 'cahin', 'hydro', 'succint', 'disez', 'because', 'sorry'])('%s is refused', (w) => {
    expect(known(w)).toBe(false);
  });
  it.each(['prems', 'smic', 'rer', 'cedex', 'assedic', 'alcoolo', 'dircom', 'dactylo', 'instit', 'snack', 'frigo', 'berruyer', 'lyonnais'])('%s is accepted (B@ggle rules)', (w) => {
    expect(known(w)).toBe(true);
  });
});

describe("French: the spelling dictionary's headwords referees refused (stop 32)", () => {
  it('parts of Latin locutions, elided fragments, abbreviations and non-words are not words', () => {
    for (const w of ['fortiori', 'libitum', 'extremis', 'jusqu', 'lorsqu', 'arctan', 'janv', 'djibser', 'enrhuner']) expect(known(w), w).toBe(false);
  });
  it('its other headwords, and the lexicon words of the same spelling, stay', () => {
    for (const w of ['rebelote', 'logopède', 'luddite', 'bento']) expect(known(w), w).toBe(true);
  });
});

describe('French: an invariable past participle has no feminine or plural (stop 32)', () => {
  it('plue, nuies, souries, bavardées are not words; the verbs keep their other forms (plu, nuis, souris, bavardes)', () => {
    for (const w of ['plue', 'plues', 'nuies', 'bavardées', 'marchées']) expect(known(w), w).toBe(false);
    for (const w of ['plu', 'nuis', 'souris', 'bavardes', 'marché', 'abandonnée']) expect(known(w), w).toBe(true);
  });
});
