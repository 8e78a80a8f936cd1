import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

export type Labels = Record<string, string>;

const cache = new Map<string, Labels>();

function readLabels(file: string): Labels {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Labels : {};
}

/**
 * Short texts of one language from templates/<lang>/labels.json: English underneath (so a
 * new language may start with a partial file), the built-in file, then the game's own.
 */
export function labels(gameDir: string | null, lang: string): Labels {
  const key = `${gameDir ?? ''}\0${lang}`;
  let l = cache.get(key);
  if (!l) {
    const builtin = join(PACKAGE_ROOT, 'templates');
    l = {
      ...readLabels(join(builtin, 'en', 'labels.json')),
      ...readLabels(join(builtin, lang, 'labels.json')),
      ...(gameDir ? readLabels(join(gameDir, 'templates', lang, 'labels.json')) : {}),
    };
    cache.set(key, l);
  }
  return l;
}

/** "up {n} places" with n filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
