import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../../src/dict/resolve.js';
import type { Lexicon } from '../../src/rules/lexicon.js';
import { americanSpelling, regularCandidates } from '../../src/dict/build/en-morphology.js';
import { referee } from './lang-helpers.js';

let lex: Lexicon;
beforeAll(async () => { lex = await loadDictionary('en'); }, 600_000);
const { known, lemmas, both, tags } = referee(() => lex, 'en');

describe('English: irregular forms belong to their lemma (issue 8)', () => {
  it.each([['went', 'go'], ['mice', 'mouse'], ['swam', 'swim'], ['children', 'child'], ['feet', 'foot'], ['been', 'was'], ['criteria', 'criterion'], ['knew', 'known']])('%s and %s are one word', (a, b) => {
    expect(both(a, b)).toBe(false);
  });
  it('went is only a form of go, and its past (not its participle)', () => {
    expect(lemmas('went')).toEqual(['go']);
    expect(tags('went', 'go')).toEqual(['infl']);
    expect(tags('gone', 'go')).toEqual(['pp']);
  });
  it('a form that is also a word of its own keeps both (saw, found, better)', () => {
    for (const [a, b] of [['saw', 'see'], ['found', 'find'], ['better', 'good'], ['leaves', 'leaf']]) expect(both(a, b)).toBe(true);
    // A noun of one WordNet sense whose plural the spellcheckers list: the stole, paint thinner, a moped.
    for (const [a, b] of [['stole', 'steal'], ['thinner', 'thin'], ['moped', 'mope']]) expect(both(a, b), `${a} ${b}`).toBe(true);
  });
});

describe('English: derivation makes a new word, inflection keeps the lemma (issue 8)', () => {
  it.each([['islanders', 'islander'], ['leaders', 'leader'], ['singers', 'singer']])('%s is the plural of %s only', (plural, noun) => {
    expect(lemmas(plural)).toEqual([noun]);
    expect(tags(plural, noun)).toEqual(['plural']);
    expect(both(plural, noun)).toBe(false);
  });
  it.each([['islander', 'island'], ['leader', 'lead'], ['singer', 'sing'], ['leaders', 'lead'], ['quickly', 'quick'], ['unhappy', 'happy'], ['rebuild', 'build'], ['darkness', 'dark']])('%s and %s are two words', (a, b) => {
    expect(both(a, b)).toBe(true);
  });
  it('the -er of an adjective is its comparative; of a verb, a noun of its own', () => {
    expect(lemmas('bigger')).toEqual(['big']);
    expect(tags('bigger', 'big')).toEqual(['comp']);
    expect(tags('happiest', 'happy')).toEqual(['sup']);
    expect(lemmas('cooler')).toEqual(['cool', 'cooler']); // comparative and the noun (a cooler)
    // An agent noun WordNet lacks has its plural (requiters, made by the spellchecker's flag Z).
    for (const [plural, noun] of [['requiters', 'requiter'], ['bafflers', 'baffler'], ['carers', 'carer'], ['moisturisers', 'moisturizer']]) {
      expect(lemmas(plural), plural).toEqual([noun]);
      expect(tags(plural, noun), plural).toContain('plural');
    }
  });
  it('an -s form of a word whose kind no source tells is its form, not a word of its own (admins, refactors, chilies)', () => {
    // admin/S, celeb/S (no WordNet entry, no possessive flag), remeasure made by re-, mad and
    // casual (adjectives to WordNet), chili (the spellchecker lists chilies as a root).
    for (const [form, base, tag] of [['admins', 'admin', 'plural'], ['celebs', 'celeb', 'plural'], ['biosensors', 'biosensor', 'plural'], ['casuals', 'casual', 'plural'], ['chilies', 'chili', 'plural'], ['tatties', 'tattie', 'plural'], ['remeasures', 'remeasure', 'infl'], ['refactors', 'refactor', 'infl'], ['drownings', 'drowning', 'plural']] as const) {
      expect(lemmas(form), form).toEqual([base]);
      expect(tags(form, base), form).toEqual([tag]);
    }
    // Not an inflection of an inflected form, nor of a closed-class word: elevenses (not
    // elevens), pareses (paresis; not pares), ours and theirs (pronouns of their own).
    expect(lemmas('elevenses')).toEqual(['elevenses']);
    expect(lemmas('pareses')).not.toContain('pares');
    expect(both('our', 'ours')).toBe(true);
    expect(both('their', 'theirs')).toBe(true);
    // browses stays browse's: brows (brow's plural) is no base.
    expect(lemmas('browses')).toEqual(['browse']);
    // A verb made by a prefix flag has its -ed and -ing forms (readopt: readopted), and a
    // WordNet word in -ise is its -ize twin's (poetise: poetize).
    for (const [form, base] of [['readopted', 'readopt'], ['readopting', 'readopt'], ['unfriended', 'unfriend'], ['poetise', 'poetize'], ['terrorisation', 'terrorization']]) expect(lemmas(form), form).toEqual([base]);
    expect(lemmas('finessed')).not.toContain('fines');
    expect(lemmas('withed')).not.toContain('with');
  });
  it("a plural WordNet lists as a noun is the singular's only where a referee judged it so (acres; not physics, bellows)", () => {
    for (const [plural, singular] of [['acres', 'acre'], ['bikers', 'biker'], ['stairs', 'stair'], ['archives', 'archive']]) {
      expect(lemmas(plural), plural).toEqual([singular]);
      expect(both(plural, singular), plural).toBe(false);
    }
    for (const [plural, singular] of [['physics', 'physic'], ['bellows', 'bellow'], ['means', 'mean'], ['jeans', 'jean']]) expect(both(plural, singular), plural).toBe(true);
  });
  it('regular verb forms share the verb; the infinitive is tagged', () => {
    expect(both('walked', 'walking')).toBe(false);
    expect(both('hurried', 'hurries')).toBe(false);
    expect(tags('walk', 'walk')).toEqual(['base', 'inf']);
    expect(tags('walked', 'walk')).toEqual(['pp', 'infl']);
  });
  it("the spellchecker's affix shortcuts make no lemma (thing is not the + -ing, her not h + -er)", () => {
    expect(lemmas('thing')).toEqual(['thing']);
    expect(lemmas('her')).toEqual(['her', 'she']);
    expect(lemmas('his')).toEqual(['his']);
    expect(both('them', 'they')).toBe(false);
  });
  it('British spellings are forms of the American word', () => {
    for (const [gb, us] of [['colour', 'color'], ['theatre', 'theater'], ['grey', 'gray'], ['realised', 'realize']]) expect(both(gb, us)).toBe(false);
  });
  it('a British spelling whose American twin is also another word is a word of its own (tyre: tire is also to tire)', () => {
    for (const [gb, us] of [['tyre', 'tire'], ['storey', 'story'], ['metre', 'meter'], ['kerb', 'curb'], ['cheque', 'check']]) {
      expect(lemmas(gb), gb).toEqual([gb]);
      expect(both(gb, us)).toBe(true);
    }
    expect(both('tyre', 'tyres')).toBe(false);
  });
  it('an -ing keeps the e of dye, hoe and singe: dying is only die\'s, singing only sing\'s (and the noun)', () => {
    expect(lemmas('dying')).toEqual(['die']);
    expect(lemmas('singing')).not.toContain('singe');
    expect(lemmas('singeing')).toEqual(['singe']);
    expect(lemmas('changing')).toEqual(['change']);
  });
});

describe('English: what is not a word (issue 8)', () => {
  it.each(['etc', 'asap', 'gonna', 'wanna', 'gotta', 'govt', 'approx', 'London', 'aka', 'equiv', 'twas', 'situ', 'atm', 'xliv', 'cunt'])('%s is refused', (w) => {
    expect(known(w)).toBe(false);
  });
  it('refuses a stem the spellchecker has only to make a prefixed word, and keeps that word (dding: prodding)', () => {
    for (const w of ['dding', 'dded', 'msec']) expect(known(w), w).toBe(false);
    for (const w of ['prodding', 'prodded']) expect(lemmas(w), w).toEqual(['prod']);
  });
  it('knows the interjections without a vowel, and WordNet\'s own words as base forms (syzygy, apteryx, defenestrate)', () => {
    for (const w of ['hmm', 'shh', 'psst', 'brr', 'syzygy', 'apteryx', 'defenestrate', 'sesquipedalian', 'idiolect']) expect(known(w), w).toBe(true);
    expect(lemmas('lei')).toContain('lei');
    expect(lemmas('dolmen')).toEqual(['dolmen']);
    expect(lemmas('convoluted')).toContain('convoluted');
  });
  it('knows regular plurals beside the Latin ones (cactuses, funguses)', () => {
    expect(both('cactuses', 'cactus')).toBe(false);
    expect(both('cacti', 'cactuses')).toBe(false);
  });
});

describe('English morphology rules', () => {
  it('undoes regular inflection, doubled consonants included', () => {
    expect(regularCandidates('stopped')).toContainEqual({ base: 'stop', inflection: 'ed' });
    expect(regularCandidates('hurries')).toContainEqual({ base: 'hurry', inflection: 's' });
    expect(regularCandidates('larger')).toContainEqual({ base: 'large', inflection: 'er' });
    expect(regularCandidates('dying')).toContainEqual({ base: 'die', inflection: 'ing' });
  });
  it('finds the American twin of a British spelling', () => {
    const us = new Set(['color', 'center', 'realize', 'catalog', 'defense', 'traveler', 'enroll', 'skillful', 'maneuver']);
    const known = (w: string) => us.has(w);
    expect(['colour', 'centre', 'realise', 'catalogue', 'defence', 'traveller', 'enrol', 'skilful', 'manoeuvre'].map((w) => americanSpelling(w, known)))
      .toEqual(['color', 'center', 'realize', 'catalog', 'defense', 'traveler', 'enroll', 'skillful', 'maneuver']);
    expect(americanSpelling('whilst', known)).toBeNull();
  });
});

describe("English: WordNet's own words referees refused (stop 32)", () => {
  it('genus names, proper adjectives and names WordNet writes in lower case are not words', () => {
    for (const w of ['dioon', 'loligo', 'shudra', 'smarta', 'christ', 'erwinia']) expect(known(w), w).toBe(false);
  });
  it("its other words stay (flexile, connate, larrup)", () => {
    for (const w of ['flexile', 'connate', 'larrup', 'dittany']) expect(known(w), w).toBe(true);
  });
});
