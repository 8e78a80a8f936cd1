// The reader of cspell's TrieXv3 text (trie-v3.ts) next to cspell-trie-lib's importer, kept
// here as the reference: the same words in the same order, for random word lists written by
// cspell-trie-lib itself (its builder shares suffixes, so the text has references), with
// the characters that are syntax in the format (markers, digits, $ < # \) inside words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTrie, importTrie, serializeTrie, type TrieNode } from 'cspell-trie-lib';
import { eachTrieV3Word } from '../../src/dict/build/trie-v3.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const MARKERS = new Set(['+', '~', '!', '-']);

/** What the German build listed before trie-v3.ts: a walk of cspell-trie-lib's decoded trie. */
function reference(text: string): string[] {
  const words: string[] = [];
  const walk = (node: TrieNode, prefix: string) => {
    if (node.f && prefix) words.push(prefix);
    if (node.c) for (const ch in node.c) if (!MARKERS.has(ch)) walk(node.c[ch]!, prefix + ch);
  };
  walk(importTrie(text.split('\n')), '');
  return words;
}

function read(text: string): string[] {
  const words: string[] = [];
  expect(eachTrieV3Word(text, MARKERS, (w) => words.push(w))).toBe(true);
  return words;
}

const serialized = (words: string[], base: number) => [...serializeTrie(buildTrie(words).root, { base, version: 3 })].join('');

describe('the TrieXv3 reader', () => {
  it('lists the words cspell-trie-lib decodes, in its order', () => {
    const letter = fc.constantFrom(...'aenrstäöüßAEÜ+~!-019$<#\\;n'.split(''));
    fc.assert(fc.property(fc.array(fc.array(letter, { minLength: 1, maxLength: 9 }).map((l) => l.join('')), { maxLength: 60 }), fc.constantFrom(10, 16, 32), (words, base) => {
      const text = serialized(words, base);
      expect(read(text)).toEqual(reference(text));
    }), { numRuns: 300 });
  });

  it('reads the sample of the German list as cspell-trie-lib does', () => {
    const text = gunzipSync(readFileSync(join(PACKAGE_ROOT, 'test', 'fixtures', 'dict', 'cspell-de-sample.trie.gz'))).toString('utf8');
    const words = read(text);
    expect(words.length).toBeGreaterThan(20);
    expect(words).toEqual(reference(text));
  });

  it('leaves another format to cspell-trie-lib', () => {
    expect(eachTrieV3Word('TrieXv1\nbase=32\n__DATA__\n', MARKERS, () => {})).toBe(false);
    expect(eachTrieV3Word('no trie at all', MARKERS, () => {})).toBe(false);
  });
});
