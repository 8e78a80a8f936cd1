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
  it("the spelling dictionary's bare gerunds with pronouns are refused too, whatever their verb (stop 31)", () => {
    for (const w of ['spigionandosi', 'assonnendosi', 'inorgogliendone', 'strafogandosi']) expect(known(w), w).toBe(false);
    for (const w of ['pescivendolo', 'mandola', 'frondosi', 'mendosi', 'tendone']) expect(known(w), w).toBe(true);
  });
  it('the rule: pronouns on an imperative, gerund, participle or clipped infinitive', () => {
    const hosts = new Set(['di', 'va', 'andando', 'mangiar', 'prendi', 'mangiato']);
    for (const w of ['dimmi', 'vattene', 'andandosene', 'mangiarglielo', 'prendilo', 'mangiatoci']) expect(isEnclitic(w, hosts)).toBe(true);
    for (const w of ['dito', 'vano', 'andandosa', 'mangiare']) expect(isEnclitic(w, hosts)).toBe(false);
  });
});

describe('Italian: irregular verbs belong to their infinitive (issue 8)', () => {
  it.each([['vado', 'andare'], ['siamo', 'eravamo'], ['fui', 'saremo'], ['dissi', 'dire'], ['vanno', 'andare'], ['ebbi', 'abbiamo'], ['nacque', 'nascere'], ['dico', 'dissi'], ['hanno', 'abbiamo'], ['prenderò', 'prendemmo'], ['sceglierò', 'scegliemmo']])('%s and %s are one word', (a, b) => {
    expect(both(a, b)).toBe(false);
  });
  it('the strong forms Morph-it! lacks are their verb\'s (dolgo, dolsi: dolere; cossi: cuocere; udrò: udire; sedete: sedere)', () => {
    for (const [a, b] of [['dolgo', 'dolsi'], ['duole', 'dorrò'], ['cossi', 'cuocio'], ['udrò', 'udii'], ['sedete', 'seggo']]) expect(both(a, b), `${a} ${b}`).toBe(false);
  });
  it("the future's first person where the lexicon repeats the third (prenderò, not only prenderà)", () => {
    for (const [w, verb] of [['prenderò', 'prendere'], ['risponderò', 'rispondere'], ['sceglierò', 'scegliere']]) expect(lemmas(w), w).toContain(verb);
  });
  it('a nominal infinitive with a plural of its own is also a noun (il dovere, i doveri); without one, the verb (l\'andare)', () => {
    for (const [a, b] of [['dovere', 'dobbiamo'], ['piacere', 'piacque'], ['potere', 'possono'], ['essere', 'siamo']]) expect(both(a, b)).toBe(true);
    expect(both('andare', 'vado')).toBe(false);
  });
  it('fui is only a form of essere', () => {
    expect(lemmas('fui')).toEqual(['essere']);
  });
  it('homographs keep their second word', () => {
    for (const [a, b] of [['stato', 'essere'], ['sei', 'essere'], ['era', 'essere'], ['fatto', 'fare'], ['lessi', 'leggere']]) expect(both(a, b)).toBe(true);
  });
});

describe('Italian: every form of a verb is that verb\'s (stop 32)', () => {
  it('an -ire verb\'s gerund is in -endo, and its verb\'s (finendo, partendo, inorgogliendo); no gerund in -indo', () => {
    for (const [w, verb] of [['finendo', 'finire'], ['partendo', 'partire'], ['dormendo', 'dormire'], ['azzittendo', 'azzittire'], ['inorgogliendo', 'inorgoglire'], ['parlando', 'parlare'], ['dicendo', 'dire']]) {
      expect(lemmas(w), w).toEqual([verb]);
    }
    for (const w of ['finindo', 'partindo', 'inorgoglendo']) expect(known(w), w).toBe(false);
  });
  it("a conjugated form the spelling dictionary lists as a root of its own is its verb's (buccinando, tangerebbe, strabenedicano)", () => {
    for (const [a, b] of [['buccinando', 'buccinare'], ['tangerebbe', 'tangere'], ['fatando', 'fatare'], ['godrebbe', 'godere'], ['strabenedicano', 'strabenedire'], ['usucapisce', 'usucapire']]) {
      expect(both(a, b), `${a} ${b}`).toBe(false);
    }
  });
  it('nouns with such endings stay nouns (addendo, addendi; baste, the plural of basta)', () => {
    expect(both('addendo', 'addendi')).toBe(false);
    expect(lemmas('addendo')).toEqual(['addendo']);
    expect(lemmas('baste')).not.toContain('bare');
  });
});

describe("Italian: the spelling dictionary's headwords a referee refused (stop 32)", () => {
  it('names in lower case, fragments, Latin and forms with pronouns are not words', () => {
    for (const w of ['tintoretto', 'quirinale', 'nepal', 'consuelo', 'supra', 'oniro', 'lvi', 'abbiatevi']) expect(known(w), w).toBe(false);
  });
  it('its other headwords stay (abiogenesi, eritrodermia, ariosità)', () => {
    for (const w of ['abiogenesi', 'eritrodermia', 'ariosità', 'zootossina']) expect(known(w), w).toBe(true);
  });
});

describe('Italian: nouns and adjectives', () => {
  it('feminines, plurals and comparison belong to the masculine/positive', () => {
    for (const [a, b] of [['ragazza', 'ragazzo'], ['bella', 'bello'], ['belle', 'belli'], ['uova', 'uovo'], ['templi', 'tempio'], ['attrice', 'attore'], ['peggiore', 'cattivo'], ['migliore', 'buono'], ['bellissimo', 'bello']]) expect(both(a, b)).toBe(false);
  });
  it("the spelling dictionary's feminine roots beside their masculine are that word's (antivaiolosa: antivaioloso), as the lexicon's are", () => {
    for (const [a, b] of [['antivaiolosa', 'antivaiolosi'], ['antivaiolose', 'antivaioloso'], ['esastica', 'esastico'], ['abduttiva', 'abduttivo'], ['acarologa', 'acarologi']]) expect(both(a, b), `${a} ${b}`).toBe(false);
    expect(lemmas('antivaiolosa')).toEqual(['antivaioloso']);
    expect(tags('antivaiolosa', 'antivaioloso')).toContain('fem');
    // And those whose masculine is a lexicon word, as a referee judged them (not mana, libra, orca: words of their own).
    for (const [a, b] of [['archeologa', 'archeologo'], ['libraia', 'libraio'], ['afrodisiaca', 'afrodisiaci']]) expect(both(a, b), `${a} ${b}`).toBe(false);
    for (const [a, b] of [['mana', 'mano'], ['orca', 'orco']]) expect(both(a, b), `${a} ${b}`).toBe(true);
    // The feminine the spelling dictionary makes of a root in -io keeps its i (cavallaio: cavallaia, cavallaie).
    for (const [a, b] of [['cavallaia', 'cavallaio'], ['cavallaie', 'cavallai']]) expect(both(a, b), `${a} ${b}`).toBe(false);
  });
  it("the spelling dictionary's plural roots beside their singular are its forms (arsenici: arsenico), and an ordinal's feminine is the ordinal's", () => {
    for (const [plural, singular] of [['arsenici', 'arsenico'], ['calpestii', 'calpestio'], ['concupiscenze', 'concupiscenza'], ['pentelici', 'pentelico'], ['catoni', 'catone'], ['futurologhi', 'futurologo']]) {
      expect(lemmas(plural), plural).toEqual([singular]);
      expect(tags(plural, singular), plural).toContain('plural');
    }
    for (const [a, b] of [['trecentonovantottesima', 'trecentonovantottesimo'], ['novecentodecime', 'novecentodecimo']]) expect(both(a, b), `${a} ${b}`).toBe(false);
    // A singular in -e is not a plural of a word in -a (alce, duce, lattice), nor a plural in -i
    // of a feminine's plural (crostini is not crostina's), nor lungi an adjective's plural.
    for (const [a, b] of [['alce', 'alca'], ['duce', 'duca'], ['lattice', 'lattico'], ['crostini', 'crostina'], ['lungi', 'lungo']]) expect(both(a, b), `${a} ${b}`).toBe(true);
  });
  it('truncated forms, -errimo superlatives, pronoun paradigms and membra belong to their word', () => {
    for (const [a, b] of [['bel', 'bello'], ['begli', 'bello'], ['gran', 'grande'], ['ciascun', 'ciascuno'], ['nessun', 'nessuno'], ['acerrimo', 'acre'], ['celeberrima', 'celebre'], ['costei', 'costui'], ['costoro', 'costui'], ['colei', 'colui'], ['membra', 'membro']]) {
      expect(both(a, b), `${a} ${b}`).toBe(false);
    }
  });
  it('nouns spelt like an adjective\'s feminine or another noun\'s plural stay words (la fiera, la vite, il sale); la bella does not', () => {
    for (const [a, b] of [['fiera', 'fiero'], ['destra', 'destro'], ['vite', 'vita'], ['sale', 'sala'], ['sete', 'seta'], ['colle', 'colla']]) expect(both(a, b), `${a} ${b}`).toBe(true);
    expect(both('bella', 'bello')).toBe(false);
    for (const w of ['credo', 'messo']) expect(lemmas(w), w).toContain(w);
    expect(lemmas('credo')).toContain('credere');
    for (const w of ['boh', 'toh']) expect(known(w), w).toBe(true);
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
  it.each(['ecc', 'Roma', 'window', 'dole', 'dolerò', 'siedete'])('%s is refused', (w) => {
    expect(known(w)).toBe(false);
  });
});
