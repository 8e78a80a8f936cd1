import type { VerdictFn } from './adjudication.js';
import { neighbours } from './field.js';
import { jokerOptions, onFieldAtAll } from './paths.js';
import type { Lexicon } from './lexicon.js';
import { LemmaMatcher } from './lemma-matching.js';
import { wordPoints } from './schemes.js';
import { type Field, QU, type ScoringScheme, STAR } from './types.js';

export interface FoundWord {
  word: string;
  lemmas: readonly string[];
  /** Traceable without the star: fits every joker letter. */
  plain: boolean;
  /** Otherwise the joker letters it needs (one of them), sorted. */
  letters: string[];
}

const A = 65, Z = 90;
const ALL_LETTERS = (1 << 26) - 1;
const TERMINAL = 0x80000000 | 0;
/** In a found word's joker bits: traced without the star (bits 0–25 are joker letters). */
const PLAIN = 1 << 26;
const U = 20, U_BIT = 1 << U;
const LATIN1 = new TextDecoder('latin1');
const LETTERS = Array.from({ length: 26 }, (_, c) => String.fromCharCode(A + c));

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// The state of the solve under way, at module level and reused from solve to solve (a solve
// runs to its end synchronously, so one set is enough): the walk then reads plain variables
// and typed arrays, allocates nothing per step, and the words found are kept in a small
// hash table (node → slot) that stays in the processor's cache, not in arrays the size of
// the trie.
let mask: Uint32Array = new Uint32Array(0), first: Uint32Array = new Uint32Array(0), minLength = 3;
let adjFlat: Int32Array = new Int32Array(0), adjCount: Uint8Array = new Uint8Array(0);
let letterOf = new Int8Array(0), quOf = new Uint8Array(0), used = new Uint8Array(0), path = new Uint8Array(0);
/** Open addressing, node → 1 + slot (0 empty); always at most half full. */
let table = new Int32Array(1 << 12), tableMask = (1 << 12) - 1;
/** Per slot, in the order found: the trie node, its joker bits, the end of its spelling. */
let foundNode = new Int32Array(1 << 11), foundBits = new Int32Array(1 << 11), spellEnd = new Uint32Array(1 << 11);
let spelling = new Uint8Array(1 << 14);
let count = 0, spelled = 0;

const adjacency = new Map<number, { flat: Int32Array; count: Uint8Array }>();
function adjacencyOf(size: number) {
  let a = adjacency.get(size);
  if (!a) {
    const lists = neighbours(size);
    a = { flat: new Int32Array(lists.length * 8), count: new Uint8Array(lists.length) };
    for (let c = 0; c < lists.length; c++) {
      a.count[c] = lists[c]!.length;
      for (let i = 0; i < lists[c]!.length; i++) a.flat[c * 8 + i] = lists[c]![i]!;
    }
    adjacency.set(size, a);
  }
  return a;
}

function grow<T extends Int32Array | Uint32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = a.length;
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/** A word ends at `node` after `depth` letters of `path`, reached with `joker` (-1: no star). */
function record(node: number, depth: number, joker: number): void {
  const bit = joker < 0 ? PLAIN : 1 << joker;
  let h = (Math.imul(node, 0x9e3779b1) >>> 0) & tableMask;
  for (;;) {
    const s = table[h]!;
    if (s === 0) break;
    if (foundNode[s - 1] === node) {
      foundBits[s - 1] = foundBits[s - 1]! | bit;
      return;
    }
    h = (h + 1) & tableMask;
  }
  // A new word: spelled once, from the path.
  if (count === foundNode.length) {
    foundNode = grow(foundNode, count + 1); foundBits = grow(foundBits, count + 1); spellEnd = grow(spellEnd, count + 1);
  }
  spelling = grow(spelling, spelled + depth);
  for (let d = 0; d < depth; d++) spelling[spelled + d] = path[d]!;
  spelled += depth;
  foundNode[count] = node;
  foundBits[count] = bit;
  spellEnd[count] = spelled;
  table[h] = ++count;
  if (2 * count > tableMask) rehash();
}

function rehash(): void {
  table = new Int32Array(2 * table.length);
  tableMask = table.length - 1;
  for (let s = 0; s < count; s++) {
    let h = (Math.imul(foundNode[s]!, 0x9e3779b1) >>> 0) & tableMask;
    while (table[h] !== 0) h = (h + 1) & tableMask;
    table[h] = s + 1;
  }
}

/**
 * At `cell`, having reached trie node `node` with `depth` letters: record a word ending
 * here, then step onto every unused neighbour the trie has a letter for (the star: onto
 * every child letter at once).
 */
function visit(cell: number, node: number, depth: number, joker: number): void {
  const m = mask[node]!;
  if ((m & TERMINAL) !== 0 && depth >= minLength) record(node, depth, joker);
  const children = m & ALL_LETTERS;
  if (children === 0) return; // no longer word starts with these letters
  const base = first[node]!;
  used[cell] = 1;
  for (let i = cell * 8, end = i + adjCount[cell]!; i < end; i++) {
    const next = adjFlat[i]!;
    if (used[next] !== 0) continue;
    const l = letterOf[next]!;
    if (l < 0) {
      // The star: every letter the trie allows here (a player's joker is one letter, so a
      // word passes over the star once; each cell is used once anyway).
      let rest = children, k = base;
      while (rest !== 0) {
        const low = rest & -rest;
        const c = 31 - Math.clz32(low);
        path[depth] = A + c;
        visit(next, k++, depth + 1, c);
        rest ^= low;
      }
      continue;
    }
    const bit = 1 << l;
    if ((children & bit) === 0) continue;
    const n = base + popcount(children & (bit - 1));
    path[depth] = A + l;
    if (quOf[next] === 0) {
      visit(next, n, depth + 1, joker);
      continue;
    }
    const mu = mask[n]!; // QU: the U follows in the same step
    if ((mu & U_BIT) === 0) continue;
    path[depth + 1] = A + U;
    visit(next, first[n]! + popcount(mu & (U_BIT - 1)), depth + 2, joker);
  }
  used[cell] = 0;
}

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the dictionary's trie together, the star taking each
 * child letter of the trie node it is reached from (src/rules/trie.ts). The words come out
 * sorted (the trie's form indices are in sorted order), each spelled once from the walk.
 */
export function solveField(field: Field, lexicon: Lexicon, minLen: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const trie = lexicon.trie();
  const cells = field.cells.length;
  ({ mask, first } = trie);
  minLength = minLen;
  ({ flat: adjFlat, count: adjCount } = adjacencyOf(field.size));
  if (letterOf.length < cells) {
    letterOf = new Int8Array(cells); quOf = new Uint8Array(cells); used = new Uint8Array(cells); path = new Uint8Array(2 * cells + 1);
  }
  // Per cell: -1 the star, else the letter 0–25; QU cells are marked (U follows in the same step).
  for (let c = 0; c < cells; c++) {
    const f = field.cells[c]!;
    letterOf[c] = f === STAR ? -1 : f.charCodeAt(0) - A;
    quOf[c] = f === QU ? 1 : 0;
  }
  table.fill(0);
  count = 0; spelled = 0;
  // The root is a node like any other, reached from a cell outside the field whose
  // neighbours are all the cells: each cell starts a walk.
  if (trie.size > 0) {
    const children = mask[0]! & ALL_LETTERS;
    for (let cell = 0; cell < cells; cell++) {
      const l = letterOf[cell]!;
      if (l < 0) {
        let rest = children, k = first[0]!;
        while (rest !== 0) {
          const low = rest & -rest;
          const c = 31 - Math.clz32(low);
          path[0] = A + c;
          visit(cell, k++, 1, c);
          rest ^= low;
        }
        continue;
      }
      const bit = 1 << l;
      if ((children & bit) === 0) continue;
      const n = first[0]! + popcount(children & (bit - 1));
      path[0] = A + l;
      if (quOf[cell] === 0) { visit(cell, n, 1, -1); continue; }
      const mu = mask[n]!;
      if ((mu & U_BIT) === 0) continue;
      path[1] = A + U;
      visit(cell, first[n]! + popcount(mu & (U_BIT - 1)), 2, -1);
    }
  }
  return foundWords(field, lexicon, trie.form, minLen, house);
}

/** The words the walk found, in sorted order, with their lemmas; then the house lists'. */
function foundWords(field: Field, lexicon: Lexicon, form: Uint32Array, minLen: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  // Sorted by form index (the forms' sorted order), each key carrying its slot.
  const order = new Float64Array(count);
  for (let s = 0; s < count; s++) order[s] = form[foundNode[s]!]! * count + s;
  order.sort();
  const text = LATIN1.decode(spelling.subarray(0, spelled));
  const out: FoundWord[] = [];
  const add = (word: string, lemmas: readonly string[], plain: boolean, letters: string[]) => {
    const v = house ? house.verdict(word) : null;
    if (v && (v.kind !== 'known' || v.formNotAllowed)) return; // rejected by the GM, or a form the game refuses
    out.push({ word, lemmas: v?.kind === 'known' ? v.lemmas : lemmas, plain, letters });
  };
  for (let k = 0; k < count; k++) {
    const s = order[k]! % count;
    const bits = foundBits[s]!;
    const plain = (bits & PLAIN) !== 0;
    const letters: string[] = [];
    for (let rest = plain ? 0 : bits; rest !== 0; rest &= rest - 1) letters.push(LETTERS[31 - Math.clz32(rest & -rest)]!);
    const word = text.slice(s === 0 ? 0 : spellEnd[s - 1]!, spellEnd[s]!);
    add(word, lexicon.lemmasOfIndex(form[foundNode[s]!]!), plain, letters);
  }
  if (!house) return out;
  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  let extra = false;
  for (const word of house.accepted) {
    if (word.length < minLen || lexicon.indexOf(word) >= 0) continue;
    const options = jokerOptions(field, word);
    if (onFieldAtAll(options)) { add(word, [word], options.plain, options.plain ? [] : options.letters); extra = true; }
  }
  return extra ? out.sort((x, y) => (x.word < y.word ? -1 : x.word > y.word ? 1 : 0)) : out;
}

/** The found words a player with this joker letter may use. */
export function wordsForJoker(found: readonly FoundWord[], joker: string | null): FoundWord[] {
  return found.filter((w) => w.plain || (joker !== null && w.letters.includes(joker)));
}

export interface BestEntry {
  joker: string | null;
  words: { word: string; lemma: string; points: number }[];
  points: number;
}

/**
 * The highest-scoring entry for one joker letter: at most `limit` words (0 = no limit) with
 * distinct lemmas. Sets of words that can be given distinct lemmas form a (transversal)
 * matroid, and so do those sets cut to `limit` words, so taking words greedily by points is
 * optimal. Equal points go to the alphabetically first word, so the result is reproducible.
 */
export function bestEntryFor(found: readonly FoundWord[], joker: string | null, scheme: ScoringScheme, limit: number): BestEntry {
  const candidates = wordsForJoker(found, joker)
    .map((w) => ({ w, points: wordPoints(w.word.length, scheme) }))
    .sort((x, y) => y.points - x.points || (x.w.word < y.w.word ? -1 : 1));
  const matcher = new LemmaMatcher();
  const kept: { w: FoundWord; points: number }[] = [];
  for (const c of candidates) {
    if (limit > 0 && kept.length >= limit) break;
    if (c.points > 0 && matcher.add(c.w.lemmas)) kept.push(c);
  }
  const words = kept.map((k, i) => ({ word: k.w.word, lemma: matcher.assigned(i), points: k.points }));
  return { joker, words, points: words.reduce((s, w) => s + w.points, 0) };
}

/** The best entry over every joker letter (ties: the alphabetically first letter). */
export function bestEntry(field: Field, found: readonly FoundWord[], scheme: ScoringScheme, limit: number): BestEntry {
  if (!field.cells.includes(STAR)) return bestEntryFor(found, null, scheme, limit);
  let best: BestEntry | null = null;
  for (let code = A; code <= Z; code++) {
    const e = bestEntryFor(found, String.fromCharCode(code), scheme, limit);
    if (!best || e.points > best.points) best = e;
  }
  return best!;
}
