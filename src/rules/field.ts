import { type Face, type Field, QU, STAR } from './types.js';

export class FieldError extends Error {}

const SIZES = [4, 5];

/**
 * Parses the text notation: rows separated by `/` or white space, `*` the joker,
 * `Q` the QU face. A row longer than the field is wide may spell that face `QU` (so
 * `FERQUC` is five cells), while a row of exactly the right width reads every character as
 * one cell (`AAQU` is A, A, QU, U). Example:
 * `FERNC/BSREO/EM*RU/NLIGK/ZALEW`.
 */
export function parseField(text: string): Field {
  const rows = fieldRowsOf(text);
  const size = rows.length;
  if (!SIZES.includes(size)) {
    throw new FieldError(`a field has 4 or 5 rows separated by "/", got ${size} in "${text}"`);
  }
  const cells: Face[] = [];
  rows.forEach((row, r) => {
    const faces = (row.length > size ? row.replace(/QU/g, 'Q') : row).split('');
    if (faces.length !== size) {
      throw new FieldError(`row ${r + 1} ("${row.replace(/Q(?!U)/g, 'Qu')}") has ${faces.length} cells, expected ${size} (Qu is one cell)`);
    }
    for (const f of faces) {
      if (f === STAR) cells.push(STAR);
      else if (f === 'Q') cells.push(QU);
      else if (/^[A-Z]$/.test(f)) cells.push(f);
      else throw new FieldError(`row ${r + 1} ("${row}") has "${f}", which is not a letter or *`);
    }
  });
  if (cells.filter((c) => c === STAR).length > 1) throw new FieldError('a field has at most one joker star');
  return { size, cells };
}

/**
 * The rows of a typed field, upper case. A field may be typed as it is printed: `Qu` (capital
 * Q, small u) is always the one QU face, and with `/` between rows, spaces between cells
 * are allowed (`A B C D E/F G H I J/…`); without `/`, 16 or 25 single cells separated by
 * white space are read row by row.
 */
function fieldRowsOf(text: string): string[] {
  const marked = text.trim().replace(/Qu/g, '\u0000');
  let rows: string[];
  if (marked.includes('/')) rows = marked.split('/').map((r) => r.replace(/\s+/g, ''));
  else {
    rows = marked.split(/\s+/);
    const cells = rows.filter((r) => r.length > 0);
    if (SIZES.some((n) => cells.length === n * n) && cells.every((c) => /^(\u0000|QU|[A-Za-z*])$/i.test(c))) {
      const n = Math.sqrt(cells.length);
      rows = Array.from({ length: n }, (_, i) => cells.slice(i * n, (i + 1) * n).map((c) => (c.length > 1 ? '\u0000' : c)).join(''));
    }
  }
  return rows.filter((r) => r.length > 0).map((r) => r.toUpperCase().replace(/\u0000/g, 'Q'));
}

/** The canonical text notation: rows joined by `/`, QU written as Q. */
export function formatField(field: Field): string {
  const rows: string[] = [];
  for (let r = 0; r < field.size; r++) {
    rows.push(field.cells.slice(r * field.size, (r + 1) * field.size).map((f) => (f === QU ? 'Q' : f)).join(''));
  }
  return rows.join('/');
}

/** Rows of printable faces (QU shown as "Qu"), for tables in text and HTML. */
export function fieldRows(field: Field): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < field.size; r++) {
    rows.push(field.cells.slice(r * field.size, (r + 1) * field.size).map((f) => (f === QU ? 'Qu' : f)));
  }
  return rows;
}

/** Column letters A.. for printed coordinates. */
export function columnLabels(size: number): string[] {
  return Array.from({ length: size }, (_, i) => String.fromCharCode(65 + i));
}

/** The field as a text grid with coordinates (columns A–E, rows 1–5). */
export function printField(field: Field): string {
  const cell = (s: string) => s.padEnd(3);
  const lines = ['    ' + columnLabels(field.size).map(cell).join('').trimEnd()];
  fieldRows(field).forEach((row, r) => lines.push(`${String(r + 1).padStart(2)}  ` + row.map(cell).join('').trimEnd()));
  return lines.join('\n');
}

/** Coordinate name of a cell index, e.g. 12 → "C3". */
export function cellName(field: Field, index: number): string {
  return `${String.fromCharCode(65 + (index % field.size))}${Math.floor(index / field.size) + 1}`;
}

const neighbourCache = new Map<number, number[][]>();

/** For each cell, the cells touching it horizontally, vertically or diagonally. */
export function neighbours(size: number): number[][] {
  let table = neighbourCache.get(size);
  if (!table) {
    table = [];
    for (let i = 0; i < size * size; i++) {
      const r = Math.floor(i / size), c = i % size, list: number[] = [];
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr, cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < size && cc >= 0 && cc < size) list.push(rr * size + cc);
        }
      }
      table.push(list);
    }
    neighbourCache.set(size, table);
  }
  return table;
}
