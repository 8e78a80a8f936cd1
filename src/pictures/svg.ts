/** Text for SVG content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Colours shared by every picture: readable on a light page and on a dark one (transparent background). */
export const PALETTE = {
  tile: '#f3efe6',
  tileStroke: '#c9c2b0',
  tileOnPath: '#ffd9cf',
  joker: '#ffd54f',
  letter: '#202020',
  label: '#8a8a8a',
  path: '#d2462f',
  bar: '#2f6fbf',
  barBehind: '#b9c6d6',
  lines: ['#2f6fbf', '#d2462f', '#2e8b57', '#9c27b0', '#e08a00'],
};
