import { createRequire } from 'node:module';

// Plain-text columns line up by what a terminal or a mail program shows, not by UTF-16
// length: "Ä" typed as A + combining diaeresis is one column, a CJK character two, an emoji
// two, and a control character none.

// string-width is loaded on first use (it costs ~70 ms at start-up, and most commands print
// no table). Node before 20.19 cannot require an ES module: there, graphemes are counted.
const require = createRequire(import.meta.url);
let widthFn: ((s: string) => number) | undefined;
function loadWidth(): (s: string) => number {
  try {
    return (require('string-width') as { default: (s: string) => number }).default;
  } catch {
    return (s) => [...new Intl.Segmenter().segment(s)].length;
  }
}

/**
 * Printable ASCII and the Latin-1 and Latin Extended-A letters (no soft hyphen, no control
 * characters) are one column a character: most names and words, umlauts and accents
 * included, answered without the library (the same set as the help screens' measure in
 * cli/text-width.ts; test/cli/text-width.test.ts compares both with string-width).
 */
const PLAIN = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u017f]*$/;
export const textWidth = (s: string): number => (PLAIN.test(s) ? s.length : (widthFn ??= loadWidth())(s));

/** Pads on the right to `width` columns (never cuts). */
export function padEndWidth(s: string, width: number): string {
  const w = textWidth(s);
  return w >= width ? s : s + ' '.repeat(width - w);
}

/** Pads on the left to `width` columns (never cuts). */
export function padStartWidth(s: string, width: number): string {
  const w = textWidth(s);
  return w >= width ? s : ' '.repeat(width - w) + s;
}

/** Cuts to at most `width` columns, marking the cut with "…". Whole grapheme clusters only. */
export function truncateWidth(s: string, width: number): string {
  if (textWidth(s) <= width) return s;
  let out = '';
  for (const { segment } of new Intl.Segmenter().segment(s)) {
    if (textWidth(out + segment) > width - 1) break;
    out += segment;
  }
  return out + '…';
}

/** The widest of some texts, for a column. */
export function columnWidth(values: readonly string[], min = 0): number {
  return values.reduce((m, v) => Math.max(m, textWidth(v)), min);
}
