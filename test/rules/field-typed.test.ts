import { describe, expect, it } from 'vitest';
import { FieldError, formatField, parseField, printField } from '../../src/rules/field.js';
import { QU } from '../../src/rules/types.js';

describe('a field typed as it is printed', () => {
  it('reads Qu as the one QU face, never as Q and U', () => {
    const f = parseField('QuBCDE/FGHIJ/KL*MN/OPRST/UVWXY');
    expect(f.cells.slice(0, 5)).toEqual([QU, 'B', 'C', 'D', 'E']);
    expect(formatField(f)).toBe('QBCDE/FGHIJ/KL*MN/OPRST/UVWXY');
  });

  it('refuses a row that is one cell short once Qu is one cell, saying so', () => {
    expect(() => parseField('QuBCD/EFGHI/JK*LM/NOPRS/TUVWX')).toThrow(FieldError);
    expect(() => parseField('QuBCD/EFGHI/JK*LM/NOPRS/TUVWX')).toThrow('row 1 ("QuBCD") has 4 cells, expected 5 (Qu is one cell)');
  });

  it('reads spaces between cells, with / between rows or without', () => {
    const want = 'ABCDE/FGHIJ/KL*MN/OPQRS/TUVWX';
    expect(formatField(parseField('A B C D E/F G H I J/K L * M N/O P Qu R S/T U V W X'))).toBe(want);
    expect(formatField(parseField('A B C D E / F G H I J / K L * M N / O P Q R S / T U V W X'))).toBe(want);
    expect(formatField(parseField('A B C D E\nF G H I J\nK L * M N\nO P Qu R S\nT U V W X'))).toBe(want);
  });

  it('reads back what printField prints (rows with coordinates stripped)', () => {
    const f = parseField('QuERNC/BSREO/EM*RU/NLIGK/ZALEW');
    const printed = printField(f).split('\n').slice(1).map((l) => l.slice(4)).join('/');
    expect(formatField(parseField(printed))).toBe(formatField(f));
  });

  it('keeps the old notations', () => {
    expect(formatField(parseField('FERNC/BSREO/EM*RU/NLIGK/ZALEW'))).toBe('FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    expect(formatField(parseField('FERNC BSREO EM*RU NLIGK ZALEW'))).toBe('FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    expect(parseField('FERQUC/BSREO/EM*RU/NLIGK/ZALEW').cells[3]).toBe(QU);
    expect(parseField('AAQU/BBBB/CCCC/DDDD').cells.slice(0, 4)).toEqual(['A', 'A', QU, 'U']);
  });
});
