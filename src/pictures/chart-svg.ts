import { escapeXml, PALETTE } from './svg.js';

const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

export interface ChartBar {
  /** The player's score, null where the player had no entry. */
  value: number | null;
  /** The round's best score, drawn behind for scale. */
  best: number;
}

/**
 * A player's scores over the ranking window as bars, each in front of a paler bar for the
 * round's best score. No text in it (the mail says the numbers beside it), so no font is
 * needed to draw it and it renders in well under a millisecond.
 */
export function scoreChartSvg(bars: readonly ChartBar[], width = 210, height = 64): string {
  const n = Math.max(1, bars.length);
  const slot = width / n;
  const bw = Math.max(4, Math.min(22, slot * 0.62));
  const top = Math.max(1, ...bars.map((b) => Math.max(b.best, b.value ?? 0)));
  const h = (v: number) => Math.max(v > 0 ? 2 : 0, Math.round(((height - 4) * v) / top));
  let svg = `<line x1="0" y1="${height - 1}" x2="${width}" y2="${height - 1}" stroke="${PALETTE.label}" stroke-width="1"/>`;
  bars.forEach((b, i) => {
    const x = Math.round(i * slot + (slot - bw) / 2);
    const hb = h(b.best);
    svg += `<rect x="${x}" y="${height - 1 - hb}" width="${Math.round(bw)}" height="${hb}" fill="${PALETTE.barBehind}"/>`;
    if (b.value === null) {
      svg += `<rect x="${x + Math.round(bw / 2) - 4}" y="${height - 8}" width="8" height="3" fill="${PALETTE.label}"/>`;
    } else {
      const hv = h(b.value);
      svg += `<rect x="${x + 3}" y="${height - 1 - hv}" width="${Math.max(2, Math.round(bw) - 6)}" height="${hv}" fill="${PALETTE.bar}"/>`;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`;
}

export interface LineSeries {
  name: string;
  points: { x: number; y: number }[];
}

/** Lines over rounds (the site's rating chart), with a legend and axis labels; for browsers (SVG file). */
export function lineChartSvg(series: readonly LineSeries[], xLabel: (x: number) => string, width = 640, height = 260): string {
  const left = 48, right = 12, topPad = 10, bottom = 28 + 18 * Math.ceil(series.length / 3);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  if (xs.length === 0) return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40"></svg>`;
  const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
  let y0 = Math.min(...ys), y1 = Math.max(...ys);
  if (y1 - y0 < 20) { y0 -= 10; y1 += 10; }
  const plotH = height - topPad - bottom;
  const px = (x: number) => left + ((width - left - right) * (x - x0)) / (x1 - x0);
  const py = (y: number) => topPad + plotH - (plotH * (y - y0)) / (y1 - y0);
  let svg = `<rect width="${width}" height="${height}" fill="none"/>`;
  for (const frac of [0, 0.5, 1]) {
    const y = y0 + (y1 - y0) * frac;
    svg += `<line x1="${left}" y1="${py(y)}" x2="${width - right}" y2="${py(y)}" stroke="${PALETTE.label}" stroke-opacity="0.35"/>`;
    svg += `<text x="${left - 6}" y="${py(y) + 4}" font-size="11" fill="${PALETTE.label}" text-anchor="end" font-family="${FONT}">${Math.round(y)}</text>`;
  }
  const ticks = [...new Set(xs)].sort((a, b) => a - b);
  const every = Math.max(1, Math.ceil(ticks.length / 10));
  ticks.forEach((x, i) => { if (i % every === 0) svg += `<text x="${px(x)}" y="${topPad + plotH + 16}" font-size="11" fill="${PALETTE.label}" text-anchor="middle" font-family="${FONT}">${escapeXml(xLabel(x))}</text>`; });
  series.forEach((s, i) => {
    const colour = PALETTE.lines[i % PALETTE.lines.length]!;
    const pts = s.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
    svg += `<polyline points="${pts}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"/>`;
    for (const p of s.points) svg += `<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="3" fill="${colour}"/>`;
    const lx = left + (i % 3) * ((width - left) / 3), ly = topPad + plotH + 34 + 18 * Math.floor(i / 3);
    svg += `<rect x="${lx}" y="${ly - 9}" width="12" height="4" fill="${colour}"/><text x="${lx + 16}" y="${ly - 3}" font-size="12" fill="${PALETTE.label}" font-family="${FONT}">${escapeXml(s.name.length > 28 ? s.name.slice(0, 27) + '…' : s.name)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`;
}
