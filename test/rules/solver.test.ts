import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseField } from '../../src/rules/field.js';
import { Lexicon } from '../../src/rules/lexicon.js';
import { jokerOptions } from '../../src/rules/paths.js';
import { bestEntry, bestEntryFor, solveField } from '../../src/rules/solver.js';
import type { Field } from '../../src/rules/types.js';
import { SEED_FIELD, seedLexicon } from '../helpers.js';

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
