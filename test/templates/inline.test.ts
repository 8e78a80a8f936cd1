// Mail templates are inlined once (as templates) instead of per mail: the mail must be
// byte for byte what inlining the rendered mail gives, for any data.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { inlineStyles, isPreInlined, renderInlinedHtml } from '../../src/templates/inline.js';
import { partialText, render } from '../../src/templates/render.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const css = partialText(null, 'mail-style');
const text = fc.string({ unit: fc.constantFrom('a', 'Ä', '<', '>', '&', '"', "'", ' ', '{', '}', 'x') , maxLength: 12 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const cells = fc.array(fc.record({ face: text, joker: fc.boolean() }), { minLength: 5, maxLength: 5 });
const data = fc.record({
  game: text, address: text, round: fc.nat(999), name: text, joker: maybe(text), deadline: text, coalesced: fc.boolean(),
  superseded: maybe(fc.record({ receivedAt: text })), replaced: fc.boolean(), quotedLines: fc.nat(9), ignoredMore: fc.nat(3),
  main: fc.array(fc.record({ index: fc.nat(9), input: text, problem: text }), { maxLength: 8 }),
  substitutes: fc.array(fc.record({ index: fc.nat(9), input: text, problem: text }), { maxLength: 4 }),
  columns: fc.constant(['A', 'B', 'C', 'D', 'E']),
  fieldRows: maybe(fc.array(fc.record({ label: text, cells }), { minLength: 5, maxLength: 5 })),
  notes: fc.array(text, { maxLength: 3 }), ignored: fc.array(fc.record({ text, why: text }), { maxLength: 3 }),
  reason: text, field: text, entry: text, url: text, words: fc.array(text, { maxLength: 3 }),
});

const mailTemplates = (lang: string) => readdirSync(join(PACKAGE_ROOT, 'templates', lang))
  .filter((f) => f.endsWith('.html.hbs') && !f.startsWith('newsletter')).map((f) => f.replace('.html.hbs', ''));

describe('mail templates inlined once', () => {
  for (const lang of ['de', 'en', 'fr', 'it'].filter((l) => { try { return mailTemplates(l).length > 0; } catch { return false; } })) {
    for (const name of mailTemplates(lang)) {
      it(`${lang}/${name}: the same mail as inlining each rendered mail`, () => {
        expect(isPreInlined(null, lang, name, css)).toBe(true);
        fc.assert(fc.property(data, (d) => {
          const once = renderInlinedHtml(null, lang, name, css, d, (x) => render(null, lang, name, 'html', x));
          const each = inlineStyles(render(null, lang, name, 'html', { ...d, css })!);
          expect(once).toBe(each);
        }), { numRuns: 40 });
      });
    }
  }

  it('a game template whose classes come from data is inlined per mail, with the right styles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-inline-'));
    mkdirSync(join(dir, 'templates', 'en'), { recursive: true });
    writeFileSync(join(dir, 'templates', 'en', 'receipt.html.hbs'), '<html><head><style>{{{css}}}</style></head><body><p class="{{cls}}">{{name}}</p></body></html>');
    expect(isPreInlined(dir, 'en', 'receipt', css)).toBe(false);
    const html = renderInlinedHtml(dir, 'en', 'receipt', css, { cls: 'no', name: 'Ann' }, (x) => render(dir, 'en', 'receipt', 'html', x))!;
    expect(html).toMatch(/<p class="no" style="[^"]*color: #b3261e/);
  });

  it('the field partial marks the joker cell with its style', () => {
    const d = { round: 1, name: 'A', fieldRows: [0, 1, 2, 3, 4].map((r) => ({ label: String(r + 1), cells: [0, 1, 2, 3, 4].map((c) => ({ face: 'E', joker: r === 2 && c === 2 })) })), columns: ['A', 'B', 'C', 'D', 'E'], main: [], substitutes: [] };
    const html = renderInlinedHtml(null, 'de', 'receipt', css, d, (x) => render(null, 'de', 'receipt', 'html', x))!;
    expect(html.match(/<td class="joker" title="Joker" style="[^"]*background: #ffd54f/g)).toHaveLength(1);
  });
});

// The newsletter's own part (the player's entry, places, chart) is inlined once per round
// too: its word list and movement partials write each class as a whole tag per case, so
// that the markup is fixed. The mail must still be byte for byte what inlining each
// rendered mail gave.
describe('the newsletter template inlined once', () => {
  const status = fc.constantFrom('counted', 'original', 'rejected', 'unused');
  const word = fc.record({ label: text, shown: text, status, points: fc.nat(20), note: text }).map((w) => ({
    label: w.label, shown: w.shown, points: w.points, note: w.status === 'counted' || w.status === 'original' ? '' : w.note,
    counted: w.status === 'counted' || w.status === 'original', original: w.status === 'original', rejected: w.status === 'rejected', unused: w.status === 'unused',
  }));
  // Attribute values (aria-label, alt, href) are never empty in a newsletter (labels and
  // links the game makes): juice writes an empty one of a rendered mail as a bare attribute.
  const attr = fc.string({ unit: fc.constantFrom('a', 'Ä', '<', '>', '&', '"', "'", ' ', '{', '}', 'x'), minLength: 1, maxLength: 12 });
  const movement = fc.record({ dir: fc.constantFrom('up', 'down', 'same', 'new'), symbol: text, words: attr });
  const letter = fc.record({
    game: text, round: fc.nat(999), shared: fc.constant('<!--postboggle:shared-->'), imgChart: fc.constant('cid:chart@postboggle'),
    correction: maybe(fc.record({ sentAt: text, changes: fc.array(text, { maxLength: 3 }) })),
    links: maybe(fc.record({ site: attr })),
    me: maybe(fc.record({
      name: text, played: fc.boolean(), of: fc.nat(99999), moreWords: fc.nat(3), page: maybe(attr),
      entry: fc.record({ rank: fc.nat(999), total: fc.nat(99), letterPoints: fc.nat(99), originalityPoints: fc.nat(9), joker: maybe(text), jokerChosen: fc.boolean(), words: fc.array(word, { maxLength: 12 }) }),
      ranking: maybe(fc.record({ rank: fc.nat(999), of: fc.nat(999), total: fc.nat(999), movement, rating: maybe(text), ratingChange: text, scoresText: text })),
      chart: maybe(fc.record({ alt: attr, rounds: text })),
    })),
  });

  for (const lang of ['de', 'en', 'fr', 'it']) {
    it(`${lang}/newsletter: the same HTML as inlining each rendered mail`, () => {
      expect(isPreInlined(null, lang, 'newsletter', css)).toBe(true);
      fc.assert(fc.property(letter, (d) => {
        const once = renderInlinedHtml(null, lang, 'newsletter', css, d, (x) => render(null, lang, 'newsletter', 'html', x));
        const each = inlineStyles(render(null, lang, 'newsletter', 'html', { ...d, css })!);
        expect(once).toBe(each);
      }), { numRuns: 60 });
    });
  }

  it('the word list and movement partials render as they did with a class from data', () => {
    const before = {
      words: '<table class="list" cellpadding="3">\n{{#each words}}<tr><td align="right" nowrap class="muted">{{label}}</td><td nowrap{{#if rejected}} class="no"{{/if}}{{#if unused}} class="muted"{{/if}}>{{shown}}</td><td align="right" nowrap>{{#if counted}}{{points}}{{#if original}} <b class="orig">+1</b>{{/if}}{{/if}}</td><td{{#if note}} class="small{{#if rejected}} no{{/if}}{{#if unused}} muted{{/if}}"{{/if}}>{{note}}</td></tr>\n{{/each}}</table>\n',
      movement: '<span class="{{dir}}" role="img" aria-label="{{words}}">{{symbol}}</span>',
    };
    const hb = Handlebars.create();
    const old = { words: hb.compile(before.words), movement: hb.compile(before.movement) };
    const flags = fc.record({ label: text, shown: text, points: fc.nat(20), note: text, counted: fc.boolean(), original: fc.boolean(), rejected: fc.boolean(), unused: fc.boolean() });
    fc.assert(fc.property(fc.array(flags, { maxLength: 6 }), movement, (words, m) => {
      expect(partialText(null, 'words', { words })).toBe(old.words({ words }));
      expect(partialText(null, 'movement', m)).toBe(old.movement(m));
    }), { numRuns: 200 });
  });
});
