import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neighbours, parseField } from '../../src/rules/field.js';
import { findPath, jokerOptions } from '../../src/rules/paths.js';
import type { Field } from '../../src/rules/types.js';
import { SEED_FIELD } from '../helpers.js';

const seed = parseField(SEED_FIELD);

/** The word a path spells, the star standing for `joker`. */
function spell(field: Field, path: number[], joker: string): string {
  return path.map((i) => (field.cells[i] === '*' ? joker : field.cells[i])).join('');
}

function isValidPath(field: Field, path: number[]): boolean {
  const adj = neighbours(field.size);
  return new Set(path).size === path.length && path.every((c, i) => i === 0 || adj[path[i - 1]!]!.includes(c));
}

const fieldArb = fc.array(fc.constantFrom(...'AEINRST'.split(''), 'QU', '*'), { minLength: 25, maxLength: 25 })
  .map((cells) => {
    const firstStar = cells.indexOf('*');
    return { size: 5, cells: cells.map((c, i) => (c === '*' && i !== firstStar ? 'E' : c)) } as Field;
  });

/** A random walk of adjacent, distinct cells. */
const walkArb = (field: Field) => fc.tuple(fc.integer({ min: 0, max: 24 }), fc.array(fc.nat(), { maxLength: 12 })).map(([start, choices]) => {
  const adj = neighbours(field.size);
  const path = [start];
  for (const c of choices) {
    const free = adj[path[path.length - 1]!]!.filter((n) => !path.includes(n));
    if (free.length === 0) break;
    path.push(free[c % free.length]!);
  }
  return path;
});

describe('paths on the field', () => {
  it('traces the seed example words, with and without the joker', () => {
    expect(findPath(seed, 'GURREN', null)).not.toBeNull();
    expect(findPath(seed, 'BESEN', null)).not.toBeNull();
    expect(findPath(seed, 'GRAS', null)).toBeNull();
    expect(findPath(seed, 'GRAS', 'A')).not.toBeNull();
    expect(jokerOptions(seed, 'EMAILLE')).toEqual({ plain: false, letters: ['A'] });
    expect(jokerOptions(seed, 'BESEN')).toEqual({ plain: true, letters: [] });
    expect(jokerOptions(seed, 'EIS').letters).toEqual(['I', 'S']);
  });
  it('never uses a cell twice', () => {
    // S is on the field once: SSE needs it twice, or the star standing for S.
    expect(findPath(seed, 'SSE', null)).toBeNull();
    expect(findPath(seed, 'SSE', 'S')).toEqual([6, 12, 8]);
    expect(findPath(seed, 'SESS', 'S')).toBeNull();
  });
  it('lets a QU cell supply both letters, and only together', () => {
    const f = parseField('QUIET/AAAAA/AAAAA/AAAAA/AAAAA'.replace('QUIET', 'QIETA'));
    expect(findPath(f, 'QUIET', null)).toEqual([0, 1, 2, 3]);
    expect(findPath(f, 'QIET', null)).toBeNull();
  });
  it('finds every word spelled by a random walk, and every path it returns spells the word', () => {
    fc.assert(fc.property(fieldArb.chain((f) => fc.tuple(fc.constant(f), walkArb(f), fc.constantFrom(...'AEIKZ'.split('')))), ([field, walk, joker]) => {
      const word = spell(field, walk, joker);
      const path = findPath(field, word, joker);
      expect(path).not.toBeNull();
      expect(isValidPath(field, path!)).toBe(true);
      expect(spell(field, path!, joker)).toBe(word);
      const opts = jokerOptions(field, word);
      expect(opts.plain || opts.letters.includes(joker)).toBe(true);
    }), { numRuns: 300 });
  });
  it('agrees with jokerOptions about which joker letters work', () => {
    fc.assert(fc.property(fieldArb, fc.stringMatching(/^[AEINRST]{2,6}$/), (field, word) => {
      const opts = jokerOptions(field, word);
      for (const letter of 'AEINRSTZ') {
        const ok = findPath(field, word, letter) !== null;
        expect(ok).toBe(opts.plain || opts.letters.includes(letter));
      }
    }), { numRuns: 300 });
  });
});
