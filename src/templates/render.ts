import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { PACKAGE_ROOT } from '../package-root.js';

export type TemplateName = 'announcement' | 'receipt' | 'refusal' | 'not-an-entry' | 'newsletter';
export type TemplateLang = 'de' | 'en';
export type TemplatePart = 'subject' | 'txt' | 'html';

const BUILTIN = join(PACKAGE_ROOT, 'templates');

const hb = Handlebars.create();
hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
hb.registerHelper('pad', (v: unknown, n: number) => String(v ?? '').padEnd(typeof n === 'number' ? n : 0));
hb.registerHelper('padStart', (v: unknown, n: number) => String(v ?? '').padStart(typeof n === 'number' ? n : 0));
hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));

const cache = new Map<string, HandlebarsTemplateDelegate>();

/** The template file: the game's own (templates/<lang>/… in the game directory) wins over the built-in one. */
export function templatePath(gameDir: string | null, lang: TemplateLang, name: TemplateName, part: TemplatePart): string | null {
  const file = `${name}.${part}.hbs`;
  for (const base of [gameDir ? join(gameDir, 'templates') : null, BUILTIN]) {
    if (base && existsSync(join(base, lang, file))) return join(base, lang, file);
  }
  return null;
}

/**
 * Renders one part of a mail. Text and subject are not HTML-escaped (they are not HTML);
 * the HTML part escapes every value, so names and words from mail cannot inject markup.
 */
export function render(gameDir: string | null, lang: TemplateLang, name: TemplateName, part: TemplatePart, data: object): string | null {
  const path = templatePath(gameDir, lang, name, part);
  if (!path) return null;
  let t = cache.get(path);
  if (!t) {
    t = hb.compile(readFileSync(path, 'utf8'), { noEscape: part !== 'html', strict: false });
    cache.set(path, t);
  }
  const out = t(data);
  return part === 'subject' ? out.replace(/\s+/g, ' ').trim() : out;
}
