import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldError, cellName, formatField, neighbours, parseField, printField } from '../../src/rules/field.js';
import { SEED_FIELD } from '../helpers.js';

const face = fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTUVWXYZ'.split(''), 'QU');

describe('field notation', () => {
  it('reads the seed example with the star in the middle', () => {
    const f = parseField(SEED_FIELD);
    expect(f.size).toBe(5);
    expect(f.cells[12]).toBe('*');
    expect(formatField(f)).toBe(SEED_FIELD);
  });
  it('accepts white space between rows, lower case, and QU typed out', () => {
    const f = parseField('ferquc bsreo\nem*ru nligk zalew');
    expect(f.cells.slice(0, 5)).toEqual(['F', 'E', 'R', 'QU', 'C']);
    expect(formatField(f)).toBe('FERQC/BSREO/EM*RU/NLIGK/ZALEW');
  });
  it('rejects malformed fields with a message naming the problem', () => {
    expect(() => parseField('FERNC/BSREO')).toThrow(FieldError);
    expect(() => parseField('FERNC/BSREO/EM*RU/NLIGK/ZALE')).toThrow(/row 5 .* 4 cells/);
    expect(() => parseField('FERNC/BSREO/EM*RU/NLIGK/ZAL3W')).toThrow(/"3"/);
    expect(() => parseField('FERN*/BSREO/EM*RU/NLIGK/ZALEW')).toThrow(/at most one joker/);
  });
  it('round-trips every field through the notation', () => {
    fc.assert(fc.property(fc.constantFrom(4, 5).chain((n) => fc.array(face, { minLength: n * n, maxLength: n * n })), (cells) => {
      const size = Math.sqrt(cells.length);
      const f = { size, cells };
      expect(parseField(formatField(f))).toEqual(f);
    }));
  });
  it('prints coordinates A–E and 1–5', () => {
    const lines = printField(parseField(SEED_FIELD)).split('\n');
    expect(lines[0]).toMatch(/^\s+A\s+B\s+C\s+D\s+E$/);
    expect(lines[3]).toMatch(/^ 3\s+E\s+M\s+\*\s+R\s+U$/);
    expect(cellName(parseField(SEED_FIELD), 12)).toBe('C3');
  });
  it('gives corner cells 3 neighbours, edge cells 5 and inner cells 8', () => {
    const n = neighbours(5);
    expect(n[0]).toHaveLength(3);
    expect(n[2]).toHaveLength(5);
    expect(n[12]).toHaveLength(8);
  });
});
