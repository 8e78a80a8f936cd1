import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Handlebars from 'handlebars';
import { PACKAGE_ROOT } from '../package-root.js';
import { fill } from './labels.js';
import { padEndWidth, padStartWidth } from './text-width.js';

export type TemplateName = 'announcement' | 'receipt' | 'refusal' | 'newsletter' | 'newsletter-shared' | (string & {});
export type TemplateLang = 'de' | 'en' | 'fr' | 'it';
export type TemplatePart = 'subject' | 'txt' | 'html';

const BUILTIN = join(PACKAGE_ROOT, 'templates');

const hb = Handlebars.create();
hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
// Text columns are padded by display width (umlauts typed as two code points, wide
// characters), so names of any length and script line up.
hb.registerHelper('pad', (v: unknown, n: number) => padEndWidth(String(v ?? ''), typeof n === 'number' ? n : 0));
hb.registerHelper('padStart', (v: unknown, n: number) => padStartWidth(String(v ?? ''), typeof n === 'number' ? n : 0));
hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
hb.registerHelper('fill', (text: unknown, options: { hash: Record<string, string | number> }) => fill(String(text ?? ''), options.hash));
hb.registerHelper('gt', (a: unknown, b: unknown) => Number(a) > Number(b));
// A partial's source written into its caller (templates inlined once, see inline.ts) runs
// in this block: the context a partial call `{{> name [context] [key=value…]}}` would get.
hb.registerHelper('pbPartial', function (this: unknown, ...args: unknown[]) {
  const options = args.pop() as Handlebars.HelperOptions;
  const base = args.length > 0 ? args[0] : this;
  return options.fn(Object.keys(options.hash as object).length > 0 ? { ...(base as object), ...(options.hash as object) } : base);
});

// Handlebars builds its output by concatenation: V8 keeps that as a rope, a node of some
// 32 bytes for every piece (every tag, every value). For a list of 100,000 rows (the full
// results kept beside a round) the rope took seven times the text it spells. Each row of a
// long list is flattened as it is made (charCodeAt flattens a rope in place), so the list
// costs about its text. The output is the same string.
const builtinEach = hb.helpers['each']!;
/** Lists shorter than this (a player's words) are left as they are: flattening pays off for long ones only. */
const FLATTEN_FROM = 64;
const flat = (s: unknown): unknown => {
  if (typeof s === 'string' && s.length > 0) s.charCodeAt(0);
  return s;
};
// While renderTo runs, a long list is not rendered in place: the helper leaves a mark and
// the list is rendered row by row into the sink when the writing reaches the mark.
let deferLong: ((rows: (sink: (s: string) => void) => void) => string) | null = null;
hb.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  if (!options || !Array.isArray(context) || context.length < FLATTEN_FROM) return builtinEach.call(this, context, options);
  const fn = options.fn;
  if (deferLong) {
    return deferLong((sink) => {
      builtinEach.call(this, context, { ...options, fn: (value: unknown, o?: Handlebars.RuntimeOptions) => { sink(fn(value, o)); return ''; } });
    });
  }
  return builtinEach.call(this, context, { ...options, fn: (value: unknown, o?: Handlebars.RuntimeOptions) => flat(fn(value, o)) });
});

const cache = new Map<string, HandlebarsTemplateDelegate>();

/** The template file: the game's own (templates/<lang>/… in the game directory) wins over the built-in one. */
export function templatePath(gameDir: string | null, lang: string, name: TemplateName, part: TemplatePart | 'css'): string | null {
  const file = `${name}.${part}.hbs`;
  for (const base of [gameDir ? join(gameDir, 'templates') : null, BUILTIN]) {
    if (base && existsSync(join(base, lang, file))) return join(base, lang, file);
  }
  return null;
}

const partialFileCache = new Map<string, Record<string, { source: string; escape: boolean }>>();
const partialCache = new Map<string, Record<string, HandlebarsTemplateDelegate>>();

/**
 * Language-neutral building blocks (templates/common/*.hbs: the field table, the style
 * sheet…), used in templates as {{> name}}; a game may override each one. field.html.hbs
 * is the partial "field"; .html says its values are HTML-escaped.
 */
function partialFiles(gameDir: string | null): Record<string, { source: string; escape: boolean }> {
  const key = gameDir ?? '';
  let p = partialFileCache.get(key);
  if (!p) {
    p = {};
    for (const base of [BUILTIN, gameDir ? join(gameDir, 'templates') : null]) {
      const dir = base ? join(base, 'common') : null;
      if (!dir || !existsSync(dir)) continue;
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.hbs'))) {
        p[basename(f, '.hbs').split('.')[0]!] = { source: readFileSync(join(dir, f), 'utf8'), escape: f.endsWith('.html.hbs') };
      }
    }
    partialFileCache.set(key, p);
  }
  return p;
}

/** The sources of the HTML partials, by name. */
export function htmlPartialSources(gameDir: string | null): Record<string, string> {
  return Object.fromEntries(Object.entries(partialFiles(gameDir)).filter(([, f]) => f.escape).map(([name, f]) => [name, f.source]));
}

function partials(gameDir: string | null): Record<string, HandlebarsTemplateDelegate> {
  const key = gameDir ?? '';
  let p = partialCache.get(key);
  if (!p) {
    p = {};
    for (const [name, f] of Object.entries(partialFiles(gameDir))) p[name] = hb.compile(f.source, { noEscape: !f.escape, strict: false });
    partialCache.set(key, p);
  }
  return p;
}

/** Compiles an HTML template given as text (every value HTML-escaped). */
export function compileHtml(source: string): (data: object) => string {
  const t = hb.compile(source, { noEscape: false, strict: false });
  return (data) => t(data);
}

function compiled(path: string, escape: boolean): HandlebarsTemplateDelegate {
  let t = cache.get(path);
  if (!t) {
    t = hb.compile(readFileSync(path, 'utf8'), { noEscape: !escape, strict: false });
    cache.set(path, t);
  }
  return t;
}

/**
 * Renders one part of a mail. Text and subject are not HTML-escaped (they are not HTML);
 * the HTML part escapes every value, so names and words from mail cannot inject markup.
 */
export function render(gameDir: string | null, lang: string, name: TemplateName, part: TemplatePart, data: object): string | null {
  const path = templatePath(gameDir, lang, name, part);
  if (!path) return null;
  const out = compiled(path, part === 'html')(data, { partials: partials(gameDir) });
  return part === 'subject' ? out.replace(/\s+/g, ' ').trim() : out;
}

let renderToCount = 0;

/**
 * Renders one part as render() does, handing the output to sink piece by piece instead of
 * returning it whole: the lists of 64 items or more (every entry of a round, the whole
 * ranking) are rendered a row at a time as they are written, so a text of 100 MB is never
 * one string nor held. The pieces, joined, are exactly render()'s output (subject: not
 * streamed, use render). false when there is no such template.
 */
export function renderTo(gameDir: string | null, lang: string, name: TemplateName, part: 'txt' | 'html', data: object, sink: (s: string) => void): boolean {
  const path = templatePath(gameDir, lang, name, part);
  if (!path) return false;
  const jobs: ((sink: (s: string) => void) => void)[] = [];
  // A mark no name or word from mail can spell: NUL, and a number new to this process.
  const mark = `\u0000pb-rows-${++renderToCount}-`;
  const outer = deferLong;
  deferLong = (rows) => `${mark}${jobs.push(rows) - 1}\u0000`;
  let out: string;
  try {
    out = compiled(path, part === 'html')(data, { partials: partials(gameDir) });
  } finally {
    deferLong = outer;
  }
  const re = new RegExp(`${mark}(\\d+)\u0000`, 'g');
  let last = 0;
  for (const m of out.matchAll(re)) {
    sink(out.slice(last, m.index));
    jobs[Number(m[1])]!(sink);
    last = m.index! + m[0].length;
  }
  sink(out.slice(last));
  return true;
}

/** Renders a language-neutral template of templates/<folder>/ (the site's pages), HTML-escaped. */
export function renderShared(gameDir: string | null, folder: string, file: string, data: object): string {
  let path = join(BUILTIN, folder, file);
  if (gameDir && existsSync(join(gameDir, 'templates', folder, file))) path = join(gameDir, 'templates', folder, file);
  return compiled(path, file.endsWith('.html.hbs'))(data, { partials: partials(gameDir) });
}

/** The text of a partial as a plain string (the mail style sheet, to inline it). */
export function partialText(gameDir: string | null, name: string, data: object = {}): string {
  const p = partials(gameDir)[name];
  return p ? p(data) : '';
}
