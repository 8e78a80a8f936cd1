import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type UPNGModule from 'upng-js';

// Mail pictures are PNG (Gmail strips inline SVG): drawn as SVG, rasterised by resvg with
// a font shipped in an npm package (DejaVu), so it works offline and the same everywhere,
// then quantized to a small palette so a picture costs a few KB in every mail.

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = [join(FONT_DIR, 'DejaVuSans.ttf'), join(FONT_DIR, 'DejaVuSans-Bold.ttf')];

export interface PngOptions {
  /** The picture has text (loads the font; without text, drawing skips it and is much faster). */
  text: boolean;
  /** Pixels per SVG unit (2 for sharp pictures on high-density screens). */
  scale?: number;
  /** Palette size (0: lossless). */
  colours?: number;
}

// Loaded on first use: every command imports this module, few draw a picture.
let lib: { Resvg: typeof ResvgClass; UPNG: typeof UPNGModule } | undefined;
const libs = () => (lib ??= { Resvg: (require('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg, UPNG: require('upng-js') as typeof UPNGModule });

export function svgToPng(svg: string, o: PngOptions): Buffer {
  const { Resvg, UPNG } = libs();
  const resvg = new Resvg(svg, {
    font: o.text ? { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } : { loadSystemFonts: false },
    fitTo: { mode: 'zoom', value: o.scale ?? 1 },
  });
  const img = resvg.render();
  const rgba = img.pixels;
  const ab = rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + rgba.byteLength) as ArrayBuffer;
  return Buffer.from(UPNG.encode([ab], img.width, img.height, o.colours ?? 32));
}
