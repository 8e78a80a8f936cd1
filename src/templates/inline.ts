// Mail programs drop <style> (Gmail's apps for other accounts) or rewrite classes, so every
// rule of the mail style sheet is inlined into style attributes (juice). Run on every
// rendered mail, juice took a third of the time of ingesting an entry; a template whose
// markup does not depend on its data is therefore inlined once, as a template, and only
// filled in per mail. Templates that build markup from data (a class="{{…}}", a tag made
// by a condition) keep the per-mail inlining.
import { createRequire } from 'node:module';
import { compileHtml, htmlPartialSources, templatePath, type TemplateName } from './render.js';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// juice (with cheerio) is loaded on first use: most commands send no HTML mail.
const require = createRequire(import.meta.url);
type Juice = typeof import('juice');
let juiceLib: Juice | undefined;
export const juice = (): Juice => (juiceLib ??= require('juice') as Juice);

/** Width attributes for old Outlook; heights stay as the templates give them (pictures scale with max-width). */
export const JUICE_OPTIONS = { applyWidthAttributes: true, applyHeightAttributes: false, removeStyleTags: true, preserveMediaQueries: true };

/** What stays in <style> (the dark-mode rules) is sent without juice's indentation. */
const compactStyleTags = (html: string) =>
  html.replace(/<style>([\s\S]*?)<\/style>/g, (_, css: string) => `<style>${css.replace(/\s*\n\s*/g, ' ').replace(/\s*([{};,])\s*/g, '$1').trim()}</style>`);

/**
 * juice hides `{{…}}` and `<%…%>` from its HTML parser (template code). In a template that
 * is what we want; in a rendered mail such text is a player's words or name, and hiding
 * it would hide the markup between two of them from the style rules.
 */
function juiceWith(templateCode: boolean, run: (j: Juice) => string): string {
  const j = juice();
  const blocks = j.codeBlocks as Record<string, unknown>;
  const saved = { ...blocks };
  if (!templateCode) for (const k of Object.keys(blocks)) delete blocks[k];
  try {
    return run(j);
  } finally {
    Object.assign(blocks, saved);
  }
}

/** Inlines the style sheets of a rendered HTML document. */
export function inlineStyles(html: string): string {
  if (!html.includes('<style')) return html;
  return compactStyleTags(juiceWith(false, (j) => j(html, JUICE_OPTIONS)));
}

/** Inlines a style sheet into a rendered HTML fragment. */
export function inlineFragment(html: string, css: string): string {
  return juiceWith(false, (j) => j.inlineContent(html, css, JUICE_OPTIONS));
}

const PARTIAL_CALL = /\{\{~?>\s*([\w-]+)((?:[^}]|\}(?!\}))*?)~?\}\}/g;

/**
 * The template with every `{{> partial args}}` replaced by the partial's source inside a
 * block that gives it the context a partial call would (see the pbPartial helper), so that
 * juice sees the whole document, as it would after rendering. null when that is not
 * faithful: a partial that reaches its caller's context (`../`), a partial block, a
 * partial that is missing or calls itself.
 */
function expandPartials(source: string, partials: Record<string, string>, depth = 0): string | null {
  if (depth > 8 || /\{\{~?#>/.test(source)) return null;
  let failed = false;
  const out = source.replace(PARTIAL_CALL, (_, name: string, args: string) => {
    const body = partials[name];
    if (body === undefined || body.includes('../')) { failed = true; return ''; }
    const inner = expandPartials(body, partials, depth + 1);
    if (inner === null) { failed = true; return ''; }
    return `{{#pbPartial${args.trimEnd() ? ' ' + args.trim() : ''}}}${inner}{{/pbPartial}}`;
  });
  return failed ? null : out;
}

/**
 * Whether the markup is fixed: no expression inside a tag except within a quoted attribute
 * value, and none at all in class or id (the selectors juice matches on).
 */
export function markupIsStatic(source: string): boolean {
  for (const [tag] of source.matchAll(/<[a-zA-Z][^>]*>/g)) {
    if (tag.replace(/"[^"]*"|'[^']*'/g, '""').includes('{{')) return false;
    if (/\s(class|id)\s*=\s*("[^"]*\{\{|'[^']*\{\{)/i.test(tag)) return false;
  }
  return true;
}

/** Where a game keeps its inlined templates (delete it at will; not worth a backup). */
export const INLINE_CACHE = '.postboggle-inline.cache';

let juiceVersion: string | undefined;

/**
 * juice's work on a template whose markup is fixed, kept in the game directory under a hash
 * of everything it depends on (the expanded template with its style sheet, juice's version
 * and options): a process that sends one mail (procmail's ingest) then neither loads juice
 * nor inlines, about 0.5 s of CPU. A cache that cannot be read or written only costs that time.
 */
function inlinedTemplate(gameDir: string | null, expanded: string): string {
  const inline = () => compactStyleTags(juiceWith(true, (j) => j(expanded, JUICE_OPTIONS)));
  if (gameDir === null) return inline();
  juiceVersion ??= (JSON.parse(readFileSync(join(dirname(require.resolve('juice')), 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(JSON.stringify([1, juiceVersion, JUICE_OPTIONS, expanded])).digest('hex');
  const file = join(gameDir, INLINE_CACHE, `${key}.html`);
  try {
    return readFileSync(file, 'utf8');
  } catch { /* not inlined yet */ }
  const html = inline();
  try {
    mkdirSync(dirname(file), { recursive: true });
    (require('write-file-atomic') as typeof import('write-file-atomic')).sync(file, html); // loaded on a miss only
  } catch { /* read-only or full: inline again next time */ }
  return html;
}

type Filled = (data: object) => string;
const preInlined = new Map<string, Filled | null>();

function preInline(gameDir: string | null, path: string, css: string): Filled | null {
  const key = `${gameDir ?? ''}\0${path}\0${css}`;
  let filled = preInlined.get(key);
  if (filled === undefined) {
    filled = null;
    const expanded = expandPartials(readFileSync(path, 'utf8').replace('{{{css}}}', () => css), htmlPartialSources(gameDir));
    if (expanded !== null && markupIsStatic(expanded)) filled = compileHtml(inlinedTemplate(gameDir, expanded));
    preInlined.set(key, filled);
  }
  return filled;
}

/** Whether a mail template is inlined once (else per mail). */
export function isPreInlined(gameDir: string | null, lang: string, name: TemplateName, css: string): boolean {
  const path = templatePath(gameDir, lang, name, 'html');
  return path !== null && preInline(gameDir, path, css) !== null;
}

/**
 * The HTML part of a mail template, rendered with its styles inline. `css` is the style
 * sheet the template's `{{{css}}}` stands for.
 */
export function renderInlinedHtml(gameDir: string | null, lang: string, name: TemplateName, css: string, data: object,
  render: (data: object) => string | null): string | null {
  const path = templatePath(gameDir, lang, name, 'html');
  if (!path) return null;
  const filled = preInline(gameDir, path, css);
  if (filled) return filled({ ...data, css });
  const html = render({ ...data, css });
  return html === null ? null : inlineStyles(html);
}
