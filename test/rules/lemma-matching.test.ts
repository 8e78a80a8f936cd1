import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LemmaMatcher } from '../../src/rules/lemma-matching.js';

/** Brute force: can these words be given pairwise distinct lemmas? */
function assignable(words: string[][]): boolean {
  const go = (i: number, used: Set<string>): boolean =>
    i === words.length || words[i]!.some((l) => !used.has(l) && go(i + 1, new Set([...used, l])));
  return go(0, new Set());
}

describe('one inflected form per lemma', () => {
  it('keeps reisen and Reise apart only while both lemmas are free', () => {
    const m = new LemmaMatcher();
    expect(m.add(['reisen', 'Reise'])).toBe(true); // "reise"
    expect(m.add(['reisen', 'Reise'])).toBe(true); // "reisen": the other lemma
    expect(m.add(['reisen'])).toBe(false); // "reist": both lemmas taken
  });
  it('lets an earlier word switch lemma to make room (not "shares any lemma")', () => {
    const m = new LemmaMatcher();
    expect(m.add(['reisen', 'Reise'])).toBe(true); // gets reisen first
    expect(m.add(['reisen'])).toBe(true); // reist: the first word moves to Reise
    expect([m.assigned(0), m.assigned(1)]).toEqual(['Reise', 'reisen']);
  });
  it('keeps exactly the words that can be matched together with all kept before them', () => {
    const lemmaArb = fc.array(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 }), { maxLength: 8 });
    fc.assert(fc.property(lemmaArb, (words) => {
      const m = new LemmaMatcher();
      const kept: string[][] = [];
      for (const w of words) {
        const expected = assignable([...kept, w]);
        expect(m.add(w)).toBe(expected);
        if (expected) kept.push(w);
      }
      const assigned = kept.map((_, i) => m.assigned(i));
      expect(new Set(assigned).size).toBe(kept.length);
      assigned.forEach((l, i) => expect(kept[i]).toContain(l));
    }), { numRuns: 500 });
  });
});
