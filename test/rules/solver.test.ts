import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseField } from '../../src/rules/field.js';
import { Lexicon } from '../../src/rules/lexicon.js';
import { jokerOptions } from '../../src/rules/paths.js';
import { bestEntry, bestEntryFor, countsByJoker, solveField, wordsForJoker } from '../../src/rules/solver.js';
import type { Field } from '../../src/rules/types.js';
import { loadDiceSet } from '../../src/dice/load.js';
import { loadDictionary } from '../../src/dict/resolve.js';
import { makeVerdict } from '../../src/rules/adjudication.js';
import { rollField } from '../../src/rules/dice.js';
import { SEED_FIELD, seedLexicon } from '../helpers.js';
import { referenceBestEntry, referenceSolveField } from './solver-reference.js';

/** What the solver must find, word by word, from the path finder alone. */
function bruteForce(field: Field, lexicon: Lexicon, minLength: number) {
  return [...lexicon.forms()]
    .filter((w) => w.length >= minLength)
    .map((w) => ({ word: w, ...jokerOptions(field, w) }))
    .filter((o) => o.plain || o.letters.length > 0)
    .map((o) => ({ word: o.word, plain: o.plain, letters: o.letters }));
}

describe('solver', () => {
  it('finds the seed example words with the joker letters they need', () => {
    const found = solveField(parseField(SEED_FIELD), seedLexicon(), 3);
    const get = (w: string) => found.find((f) => f.word === w);
    expect(get('GURREN')).toMatchObject({ plain: true, letters: [] });
    expect(get('EMAILLE')).toMatchObject({ plain: false, letters: ['A'] });
    expect(get('EIS')).toMatchObject({ plain: false, letters: ['I', 'S'] });
    expect(get('WOLKE')).toBeUndefined();
  });

  it('agrees with the path finder on every word of random lexicons and fields', () => {
    const letters = 'AEILNRST';
    const fieldArb = fc.array(fc.constantFrom(...letters.split(''), 'QU'), { minLength: 25, maxLength: 25 })
      .chain((cells) => fc.option(fc.integer({ min: 0, max: 24 })).map((star) => {
        const c = [...cells];
        if (star !== null) c[star] = '*';
        return { size: 5, cells: c } as Field;
      }));
    const lexArb = fc.uniqueArray(fc.stringMatching(/^[AEILNRSTQU]{2,7}$/), { minLength: 1, maxLength: 150 })
      .map((forms) => Lexicon.fromMap(new Map(forms.map((f) => [f, [f.toLowerCase()]]))));
    fc.assert(fc.property(fieldArb, lexArb, (field, lexicon) => {
      const solved = solveField(field, lexicon, 3).map((f) => ({ word: f.word, plain: f.plain, letters: f.letters }));
      expect(solved).toEqual(bruteForce(field, lexicon, 3));
    }), { numRuns: 200 });
  });

  it('finds exactly what the solver before the rewrite found (words, lemmas, joker letters) on random lexicons and fields', () => {
    const letters = 'AEILNRSTQU';
    const fieldArb = fc.tuple(fc.constantFrom(4, 5), fc.array(fc.constantFrom(...'AEILNRST'.split(''), 'QU'), { minLength: 25, maxLength: 25 }), fc.option(fc.nat()), fc.integer({ min: 1, max: 5 }))
      .map(([size, cells, star, minLength]) => {
        const c = cells.slice(0, size * size);
        if (star !== null) c[star % c.length] = '*';
        return { field: { size, cells: c } as Field, minLength };
      });
    const lexArb = fc.uniqueArray(fc.stringMatching(new RegExp(`^[${letters}]{1,9}$`)), { minLength: 0, maxLength: 300 })
      .chain((forms) => fc.array(fc.constantFrom('x', 'y', 'z'), { minLength: forms.length, maxLength: forms.length })
        .map((lemmas) => Lexicon.fromMap(new Map(forms.map((f, i) => [f, i % 3 === 0 ? [] : [lemmas[i]!, f.toLowerCase()]])))));
    fc.assert(fc.property(fieldArb, lexArb, ({ field, minLength }, lexicon) => {
      expect(solveField(field, lexicon, minLength)).toEqual(referenceSolveField(field, lexicon, minLength));
    }), { numRuns: 300 });
  });

  it('finds exactly what the solver before the rewrite found on 200 rolled fields with the German dictionary, house lists included', async () => {
    const de = await loadDictionary('de');
    const dice = loadDiceSet('de-5x5');
    // A GM's house lists: rejected dictionary words, and accepted words the dictionary lacks
    // (some on the field only over the star).
    const house = { accept: new Map<string, string[]>([['GAMELLE', []], ['ERNSE', ['Ernst']], ['XQXQ', []]]), reject: new Set(['ALGE', 'FERNE', 'EIS']) };
    const verdict = makeVerdict(de, house);
    const formsVerdict = makeVerdict(de, house, { words: 'oldfashion', noPlurals: true });
    // Compared as JSON text (a deep toEqual of 400,000 words takes a quarter of a minute); the
    // first field that differs is then compared in full, for a readable difference.
    let words = 0;
    const differ: Field[] = [];
    for (let i = 0; i < 200; i++) {
      const field = rollField(dice, `solver-compare-${i}`);
      const found = solveField(field, de, 3);
      if (JSON.stringify(found) !== JSON.stringify(referenceSolveField(field, de, 3))) differ.push(field);
      words += found.length;
      if (i % 20 === 0) {
        // The best entry, ranked once for all joker letters, as each letter's own did; the counts by letter.
        for (const scheme of ['letters', 'paroliere'] as const) {
          for (const limit of [7, 0]) expect(bestEntry(field, found, scheme, limit)).toEqual(referenceBestEntry(field, found, scheme, limit));
        }
        const counts = countsByJoker(found);
        for (let c = 65; c <= 90; c++) expect(counts[String.fromCharCode(c)]).toBe(wordsForJoker(found, String.fromCharCode(c)).length);
        const h = () => ({ verdict, accepted: house.accept.keys() });
        if (JSON.stringify(solveField(field, de, 4, h())) !== JSON.stringify(referenceSolveField(field, de, 4, h()))) differ.push(field);
        // And with word-form rules (oldfashion, no plurals), which filter the dictionary's readings.
        const f = () => ({ verdict: formsVerdict, accepted: house.accept.keys() });
        if (JSON.stringify(solveField(field, de, 3, f())) !== JSON.stringify(referenceSolveField(field, de, 3, f()))) differ.push(field);
      }
    }
    if (differ.length > 0) expect(solveField(differ[0]!, de, 3)).toEqual(referenceSolveField(differ[0]!, de, 3));
    expect(differ).toEqual([]);
    expect(words).toBeGreaterThan(200 * 500); // the fields are rich: the comparison compares something
    const seed = parseField(SEED_FIELD);
    const withHouse = solveField(seed, de, 3, { verdict, accepted: house.accept.keys() });
    expect(withHouse.find((w) => w.word === 'GAMELLE')).toMatchObject({ plain: false, letters: ['A'] });
    expect(withHouse.find((w) => w.word === 'ALGE')).toBeUndefined();
    expect(withHouse).toEqual(referenceSolveField(seed, de, 3, { verdict, accepted: house.accept.keys() }));
  });

  it('builds the best entry from distinct lemmas: gurren and gurrst are one word', () => {
    const field = parseField(SEED_FIELD);
    const found = solveField(field, seedLexicon(), 3);
    const best = bestEntryFor(found, 'T', 'letters', 7);
    const gurr = best.words.filter((w) => w.lemma === 'gurren');
    expect(gurr).toHaveLength(1);
    expect(best.words).toHaveLength(7);
    const overall = bestEntry(field, found, 'letters', 7);
    expect(overall.joker).toBe('A');
    expect(overall.points).toBe(36);
    expect(overall.words.map((w) => w.word)).toEqual(['EMAILLE', 'GURREN', 'BESEN', 'FERNE', 'GURKE', 'ALGE', 'ELLE']);
  });

  it('chooses the best entry and joker letter as trying every letter does, on random found words with shared lemmas and tied letters', () => {
    // Few letters and few lemmas, so letters tie on points and words conflict: the letters
    // skipped by their bound must never hold a better entry or an earlier letter of equal points.
    const wordArb = fc.record({
      word: fc.stringMatching(/^[A-E]{0,7}$/),
      lemmas: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1, maxLength: 2 }),
      plain: fc.boolean(),
      letters: fc.uniqueArray(fc.constantFrom(...'ABCDXYZ'.split('')), { minLength: 1, maxLength: 4 }).map((l) => l.sort()),
    }).map((w) => ({ ...w, letters: w.plain ? [] : w.letters }));
    const field = parseField(SEED_FIELD);
    fc.assert(fc.property(fc.uniqueArray(wordArb, { selector: (w) => w.word, maxLength: 25 }), fc.constantFrom('letters', 'boggle', 'paroliere' as const), fc.constantFrom(0, 1, 2, 3, 7), (words, scheme, limit) => {
      const found = words.sort((x, y) => (x.word < y.word ? -1 : 1));
      expect(bestEntry(field, found, scheme, limit)).toEqual(referenceBestEntry(field, found, scheme, limit));
    }), { numRuns: 1000 });
  });

  it('finds the best entry a brute-force search over all subsets finds', () => {
    const field = parseField(SEED_FIELD);
    const found = solveField(field, seedLexicon(), 3);
    for (const joker of ['A', 'I', 'T']) {
      const usable = found.filter((w) => w.plain || w.letters.includes(joker));
      let best = 0;
      const search = (i: number, used: Set<string>, count: number, points: number) => {
        best = Math.max(best, points);
        if (count === 3 || i === usable.length) return;
        search(i + 1, used, count, points);
        for (const l of usable[i]!.lemmas) if (!used.has(l)) search(i + 1, new Set([...used, l]), count + 1, points + usable[i]!.word.length);
      };
      search(0, new Set(), 0, 0);
      expect(bestEntryFor(found, joker, 'letters', 3).points).toBe(best);
    }
  });
});
