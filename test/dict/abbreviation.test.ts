// looksLikeAbbreviation answers plain ASCII words by looking at their characters and the
// others by its two patterns: both ways must agree on every string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeAbbreviation, looksLikeAbbreviationByPattern } from '../../src/dict/build/stoplist.js';

describe('looksLikeAbbreviation', () => {
  it('agrees with its patterns', () => {
    const ch = fc.constantFrom(...'abkmzAEKZyYuäÄöÜéÉßẞ-.1 \n\r\u2028'.split(''), '😀', 'ǅ');
    fc.assert(fc.property(fc.oneof(fc.array(ch, { maxLength: 8 }).map((a) => a.join('')), fc.string(), fc.string({ unit: 'grapheme' })), (w) => {
      expect(looksLikeAbbreviation(w)).toBe(looksLikeAbbreviationByPattern(w));
    }), { numRuns: 3000 });
    for (const w of ['km', 'kHz', 'gGmbH', 'Haus', 'haus', 'qm', 'Mäh', 'hpa', 'USA', 'Uhu']) expect(looksLikeAbbreviation(w), w).toBe(looksLikeAbbreviationByPattern(w));
    expect(['km', 'kHz', 'gGmbH', 'qm', 'USA'].map(looksLikeAbbreviation)).toEqual([true, true, true, true, true]);
    expect(['Haus', 'Mäh', 'Uhu'].map(looksLikeAbbreviation)).toEqual([false, false, false]);
  });
});
