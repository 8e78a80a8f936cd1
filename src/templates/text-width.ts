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
 * Names in the scripts players mostly write are measured here, without the library: printable
 * ASCII, Latin-1 and Latin Extended-A/B letters, basic Cyrillic (one column each), combining
 * diacritical marks (none: "Ä" typed as A + U+0308 is one column), kana, CJK ideographs and
 * Hangul syllables (two). Within this set string-width's clusters add up character by
 * character (test/cli/text-width.test.ts compares every character of it, alone and in
 * company, and random names, with string-width); anything else (emoji, controls, other
 * scripts) goes to the library.
 */
const SIMPLE = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u024f\u0300-\u036f\u0400-\u045f\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3]*$/;
function simpleWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    w += c >= 0x3041 ? 2 : c >= 0x300 && c <= 0x36f ? 0 : 1;
  }
  return w;
}
export const textWidth = (s: string): number => (SIMPLE.test(s) ? simpleWidth(s) : (widthFn ??= loadWidth())(s));

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
