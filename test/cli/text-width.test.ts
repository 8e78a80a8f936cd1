import fc from 'fast-check';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { describe, expect, it } from 'vitest';
import { isPlain, textWidth, wrapText } from '../../src/cli/text-width.js';
import { textWidth as columnTextWidth } from '../../src/templates/text-width.js';

// The help screens measure and wrap plain text without string-width's tables: it must come
// out exactly as string-width and wrap-ansi would have it.

const plainChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:-_()[]<>|/\'"$*') },
  { weight: 4, arbitrary: fc.constant(' ') },
  { weight: 1, arbitrary: fc.constant('\n') },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0x17f }).filter((c) => c !== 0xad).map((c) => String.fromCharCode(c)) },
);
const text = fc.array(plainChar, { maxLength: 120 }).map((cs) => cs.join(''));

describe('text width for the help screens', () => {
  it('measures plain text as string-width does, and leaves the rest to it (property)', () => {
    fc.assert(fc.property(text, (s) => {
      const line = s.replaceAll('\n', ' ');
      expect(isPlain(line)).toBe(true);
      expect(textWidth(line)).toBe(stringWidth(line));
      expect(columnTextWidth(line)).toBe(stringWidth(line)); // the tables' measure (ranking, newsletter)
    }), { numRuns: 500 });
    for (const s of ['山田太郎', 'Zoe\u0308', 'soft\u00adhyphen', '\u001b[1mbold\u001b[22m', '😀 x', 'Jürgen Müller-Łukasiewicz']) {
      expect(textWidth(s)).toBe(stringWidth(s));
      expect(columnTextWidth(s)).toBe(stringWidth(s));
    }
  });
  it('wraps plain text as wrap-ansi does, for every width and option cliui uses (property)', () => {
    fc.assert(fc.property(text, fc.integer({ min: 1, max: 40 }), fc.boolean(), (s, columns, hard) => {
      expect(wrapText(s, columns, { hard })).toBe(wrapAnsi(s, columns, { hard }));
    }), { numRuns: 1000 });
    for (const s of ['山田太郎 und so weiter', '\u001b[1mbold\u001b[22m text that wraps']) expect(wrapText(s, 7, { hard: true })).toBe(wrapAnsi(s, 7, { hard: true }));
  });
});
