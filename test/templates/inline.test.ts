// Mail templates are inlined once (as templates) instead of per mail: the mail must be
// byte for byte what inlining the rendered mail gives, for any data.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
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
