import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPieces, writeJson } from '../../src/game/json-files.js';

describe('writeJson in pieces', () => {
  it('writes the bytes of JSON.stringify(value, null, 2) + a line break, for any value (property)', () => {
    // undefined, functions and holes inside (left out or null, as JSON.stringify does), line breaks and lone surrogates in strings, dates
    const leaf = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('a\nb', '\n', '\\n'), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(() => 1), fc.date());
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(fc.string(), tie('node')), fc.sparseArray(tie('node'))),
    })).node;
    const top = fc.oneof(value, fc.dictionary(fc.string(), value), fc.record({ round: fc.integer(), players: fc.array(value), empty: fc.constant([]), none: fc.constant(undefined) }));
    fc.assert(fc.property(top, (v) => {
      expect([...jsonPieces(v)].join('')).toBe(`${JSON.stringify(v, null, 2)}\n`);
    }), { numRuns: 1000 });
  });

  it('the same for arrays longer than the slice written at once (property)', () => {
    const leaf = fc.oneof(fc.string(), fc.constantFrom('a\nb', '\n'), fc.integer(), fc.constant(null), fc.constant(undefined), fc.constant(() => 1), fc.date());
    const el = fc.oneof(leaf, fc.dictionary(fc.string(), fc.oneof(leaf, fc.array(leaf))), fc.array(leaf));
    const top = fc.record({ round: fc.integer(), players: fc.array(el, { minLength: 250, maxLength: 800 }), sparse: fc.sparseArray(el, { minLength: 255, maxLength: 520 }) });
    fc.assert(fc.property(top, (v) => {
      expect([...jsonPieces(v)].join('')).toBe(`${JSON.stringify(v, null, 2)}\n`);
    }), { numRuns: 40 });
  });

  it('the file on disk is that text', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pb-json-')), 'sub', 'results.json');
    const v = { round: 1, players: [{ email: 'a@x', name: 'Zoë 山田', words: [{ input: 'x\ny' }] }, { email: 'b@x' }], rules: { a: [] } };
    writeJson(path, v);
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(v, null, 2)}\n`);
  });
});
