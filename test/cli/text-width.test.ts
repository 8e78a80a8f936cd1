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
  // Not the soft hyphen, nor © and ®: wrap-ansi wraps those as emoji (two columns when hard).
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0x17f }).filter((c) => c !== 0xad && c !== 0xa9 && c !== 0xae).map((c) => String.fromCharCode(c)) },
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
    for (const s of ['®', '© 2026', '山田太郎', 'Zoe\u0308', 'soft\u00adhyphen', '\u001b[1mbold\u001b[22m', '😀 x', 'Jürgen Müller-Łukasiewicz']) {
      expect(textWidth(s)).toBe(stringWidth(s));
      expect(columnTextWidth(s)).toBe(stringWidth(s));
    }
  });
  it('measures names in Latin, Cyrillic and CJK scripts with combining marks as string-width does, without it (property)', () => {
    const ranges = [[0x20, 0x7e], [0xa0, 0xac], [0xae, 0x24f], [0x300, 0x36f], [0x400, 0x45f], [0x3041, 0x3096], [0x30a1, 0x30fa], [0x4e00, 0x9fff], [0xac00, 0xd7a3]] as const;
    for (const [a, b] of ranges) {
      for (let c = a; c <= b; c++) {
        const ch = String.fromCharCode(c);
        for (const s of [ch, `a${ch}`, `${ch}a`, `${ch}\u0301`, `x${ch}\u0308\u0301`]) expect(columnTextWidth(s)).toBe(stringWidth(s));
      }
    }
    const char = fc.oneof(...ranges.map(([a, b]) => fc.integer({ min: a, max: b }).map((c) => String.fromCharCode(c))));
    fc.assert(fc.property(fc.array(char, { maxLength: 40 }), (cs) => {
      const s = cs.join('');
      expect(columnTextWidth(s)).toBe(stringWidth(s));
    }), { numRuns: 2000 });
  });
  it('wraps plain text as wrap-ansi does, for every width and option cliui uses (property)', () => {
    fc.assert(fc.property(text, fc.integer({ min: 1, max: 40 }), fc.boolean(), (s, columns, hard) => {
      expect(wrapText(s, columns, { hard })).toBe(wrapAnsi(s, columns, { hard }));
    }), { numRuns: 1000 });
    for (const s of ['山田太郎 und so weiter', '\u001b[1mbold\u001b[22m text that wraps']) expect(wrapText(s, 7, { hard: true })).toBe(wrapAnsi(s, 7, { hard: true }));
    // Found by this property: wrap-ansi gives '\n®' at one column.
    for (const s of ['®', '©', 'a®b ©']) for (const columns of [1, 2, 3]) expect(wrapText(s, columns, { hard: true })).toBe(wrapAnsi(s, columns, { hard: true }));
  });
});
