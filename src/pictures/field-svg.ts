import { columnLabels, fieldRows } from '../rules/field.js';
import { type Field, STAR } from '../rules/types.js';
import { escapeXml, PALETTE } from './svg.js';

const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

export interface FieldPictureOptions {
  /** Side of one cell in px. */
  cell: number;
  /** Column letters and row numbers around the field. */
  coordinates: boolean;
  /** Cells of a word, in order: highlighted and joined by a line, the first one marked. */
  path?: readonly number[] | null;
  /** The letter the star stands for on this path. */
  joker?: string | null;
  /** Letters only on the path's cells (small multiples: the shape of the word stands out, the picture stays small). */
  pathLettersOnly?: boolean;
}

/** The field as SVG elements, its top left corner at (x, y); returns the elements and the size. */
export function fieldGroup(field: Field, x: number, y: number, o: FieldPictureOptions): { svg: string; width: number; height: number } {
  const pad = o.coordinates ? Math.round(o.cell * 0.45) : 0;
  const rows = fieldRows(field);
  const size = field.size;
  const c = o.cell;
  const inset = Math.max(1, Math.round(c * 0.06));
  const font = Math.round(c * 0.5);
  const onPath = new Set(o.path ?? []);
  const centre = (i: number) => [x + pad + (i % size) * c + c / 2, y + pad + Math.floor(i / size) * c + c / 2] as const;
  let svg = '';
  if (o.coordinates) {
    const lf = Math.max(9, Math.round(c * 0.24));
    columnLabels(size).forEach((l, i) => { svg += `<text x="${x + pad + i * c + c / 2}" y="${y + pad - lf * 0.5}" font-size="${lf}" fill="${PALETTE.label}" text-anchor="middle" font-family="${FONT}">${l}</text>`; });
    for (let r = 0; r < size; r++) svg += `<text x="${x + pad / 2}" y="${y + pad + r * c + c / 2 + lf * 0.35}" font-size="${lf}" fill="${PALETTE.label}" text-anchor="middle" font-family="${FONT}">${r + 1}</text>`;
  }
  field.cells.forEach((_face, i) => {
    const [cx, cy] = centre(i);
    const star = field.cells[i] === STAR;
    const fill = star ? PALETTE.joker : onPath.has(i) ? PALETTE.tileOnPath : PALETTE.tile;
    svg += `<rect x="${cx - c / 2 + inset}" y="${cy - c / 2 + inset}" width="${c - 2 * inset}" height="${c - 2 * inset}" rx="${Math.round(c * 0.14)}" fill="${fill}" stroke="${star ? '#c79a00' : PALETTE.tileStroke}"/>`;
  });
  const w = Math.max(2, Math.round(c * 0.13));
  if (o.path && o.path.length > 0) {
    const pts = o.path.map((i) => centre(i).join(',')).join(' ');
    svg += `<polyline points="${pts}" fill="none" stroke="${PALETTE.path}" stroke-opacity="0.7" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
    const [sx, sy] = centre(o.path[0]!);
    svg += `<circle cx="${sx}" cy="${sy}" r="${w * 2.4}" fill="none" stroke="${PALETTE.path}" stroke-width="${Math.max(1.5, w * 0.6)}"/>`;
  }
  rows.flat().forEach((face, i) => {
    const [cx, cy] = centre(i);
    const star = field.cells[i] === STAR;
    if (o.pathLettersOnly && !onPath.has(i) && !star) return;
    const text = star && onPath.has(i) && o.joker ? o.joker : face;
    const small = text.length > 1 ? 0.8 : 1;
    svg += `<text x="${cx}" y="${cy + font * small * 0.36}" font-size="${Math.round(font * small)}" font-weight="bold" fill="${PALETTE.letter}" text-anchor="middle" font-family="${FONT}">${escapeXml(text)}</text>`;
  });
  return { svg, width: 2 * pad + size * c, height: 2 * pad + size * c };
}

/** A whole picture of the field (with coordinates, the joker star marked). */
export function fieldSvg(field: Field, cell = 48): string {
  const g = fieldGroup(field, 0, 0, { cell, coordinates: true });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}" viewBox="0 0 ${g.width} ${g.height}">${g.svg}</svg>`;
}

export interface PathWord {
  label: string;
  path: readonly number[];
  joker: string | null;
}

/**
 * Small multiples: the field once per word, the word's path drawn on it and the word
 * beneath, `columns` to a row. One picture, so a mail needs one embedded image.
 */
export function pathsSvg(field: Field, words: readonly PathWord[], columns = 4, cell = 22): { svg: string; width: number; height: number } {
  const gap = 14, labelH = 20;
  const one = fieldGroup(field, 0, 0, { cell, coordinates: false });
  const cols = Math.max(1, Math.min(columns, words.length));
  const rowsN = Math.max(1, Math.ceil(words.length / cols));
  const width = cols * one.width + (cols - 1) * gap;
  const height = rowsN * (one.height + labelH) + (rowsN - 1) * gap;
  let body = '';
  words.forEach((w, i) => {
    const x = (i % cols) * (one.width + gap), y = Math.floor(i / cols) * (one.height + labelH + gap);
    body += fieldGroup(field, x, y, { cell, coordinates: false, path: w.path, joker: w.joker, pathLettersOnly: true }).svg;
    body += `<text x="${x + one.width / 2}" y="${y + one.height + labelH - 5}" font-size="12" font-weight="bold" fill="${PALETTE.label}" text-anchor="middle" font-family="${FONT}">${escapeXml(w.label)}</text>`;
  });
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`, width, height };
}
