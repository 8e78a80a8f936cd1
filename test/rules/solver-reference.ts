// The solver as it was before its rewrite for speed (issue 12), kept verbatim as the
// reference the new one must agree with word for word, lemma for lemma, joker letter for
// joker letter (test/rules/solver.test.ts).
import type { VerdictFn } from '../../src/rules/adjudication.js';
import { neighbours } from '../../src/rules/field.js';
import { jokerOptions, onFieldAtAll } from '../../src/rules/paths.js';
import type { FormStore, Lexicon } from '../../src/rules/lexicon.js';
import type { FoundWord } from '../../src/rules/solver.js';
import { LemmaMatcher } from '../../src/rules/lemma-matching.js';
import { wordPoints } from '../../src/rules/schemes.js';
import { type Field, QU, type ScoringScheme, STAR } from '../../src/rules/types.js';

const A = 65;

/** The plain trie the old solver walked (the dictionary ships a graph now): mask, first child, form index per node. */
interface PlainTrie { size: number; mask: Uint32Array; first: Uint32Array; form: Uint32Array }
const plainTries = new WeakMap<Lexicon, PlainTrie>();
const plainTrie = (lexicon: Lexicon): PlainTrie => {
  let t = plainTries.get(lexicon);
  if (!t) plainTries.set(lexicon, (t = buildPlainTrie(lexicon.store)));
  return t;
};

// The old FormTrie.build, verbatim.
function buildPlainTrie(store: FormStore): PlainTrie {
  // Exactly the trie's node count: each form of the sorted list adds a node for every
  // letter past the prefix it shares with the form before it (a bound by total letters
  // would take three times the memory for a big dictionary).
  let capacity = 1;
  let prev = '';
  for (let i = 0; i < store.size; i++) {
    const f = store.formAt(i);
    let shared = 0;
    while (shared < f.length && shared < prev.length && f.charCodeAt(shared) === prev.charCodeAt(shared)) shared++;
    capacity += f.length - shared;
    prev = f;
  }
  // Made in the .trie file's layout (node count, mask, first, form), so that toBytes need
  // not copy it.
  const all = new Uint32Array(1 + 3 * capacity);
  all[0] = capacity;
  const mask = all.subarray(1, 1 + capacity), first = all.subarray(1 + capacity, 1 + 2 * capacity), form = all.subarray(1 + 2 * capacity);
  // The forms below node n are lo[n] .. hi[n] of the sorted list; they share depth[n] letters.
  const lo = new Uint32Array(capacity), hi = new Uint32Array(capacity), depth = new Uint32Array(capacity);
  hi[0] = store.size;
  let count = 1;
  for (let n = 0; n < count; n++) {
    let i = lo[n]!;
    const end = hi[n]!, d = depth[n]!;
    if (i < end && store.codeAt(i, d) === -1) {
      mask[n] = TERMINAL; // the shortest form comes first in sorted order
      form[n] = i++;
    }
    first[n] = count;
    while (i < end) {
      const code = store.codeAt(i, d);
      let j = i + 1;
      while (j < end && store.codeAt(j, d) === code) j++;
      mask[n] = mask[n]! | (1 << (code - A));
      lo[count] = i; hi[count] = j; depth[count] = d + 1;
      count++;
      i = j;
    }
  }
  if (count === capacity) return { size: count, mask, first, form };
  return { size: count, mask: mask.slice(0, count), first: first.slice(0, count), form: form.slice(0, count) };
}

const ALL_LETTERS = (1 << 26) - 1;
const TERMINAL = 0x80000000 | 0;
const PLAIN = 1 << 26;
const LATIN1 = new TextDecoder('latin1');
const U_BIT = 1 << 20;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Per trie, arrays indexed by node for the words a solve finds, reused from solve to solve. */
interface FoundArrays { stamp: { generation: number; of: Uint32Array }; bits: Uint32Array }
const foundByTrie = new WeakMap<object, FoundArrays>();

function foundArrays(trie: { size: number; mask: Uint32Array }): FoundArrays {
  let a = foundByTrie.get(trie.mask);
  if (!a) {
    a = { stamp: { generation: 0, of: new Uint32Array(trie.size) }, bits: new Uint32Array(trie.size) };
    foundByTrie.set(trie.mask, a);
  }
  return a;
}

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the dictionary's trie together, the star taking each
 * child letter of the trie node it is reached from (src/rules/trie.ts).
 */
export function referenceSolveField(field: Field, lexicon: Lexicon, minLength: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const trie = plainTrie(lexicon);
  const { mask, first, form } = trie;
  const cells = field.cells.length;
  // Neighbours flat: cell c's are adjFlat[c*8 .. c*8 + adjCount[c]).
  const adjFlat = new Int32Array(cells * 8), adjCount = new Uint8Array(cells);
  neighbours(field.size).forEach((list, c) => {
    adjCount[c] = list.length;
    list.forEach((n, i) => { adjFlat[c * 8 + i] = n; });
  });
  // Per cell: -1 the star, else the letter 0–25; QU cells are marked (U follows in the same step).
  const letter = new Int8Array(cells), isQu = new Uint8Array(cells);
  field.cells.forEach((f, c) => { letter[c] = f === STAR ? -1 : f.charCodeAt(0) - A; isQu[c] = f === QU ? 1 : 0; });
  const used = new Uint8Array(cells);
  // Words found, by the trie node they end at: bit 26 traced without the star, bits 0–25 the
  // joker letters it can take. Stamped per solve so the arrays are reused (see foundArrays).
  const { stamp, bits } = foundArrays(trie);
  const gen = ++stamp.generation;
  // The letters of the path being walked, so that a found word is spelled from the walk
  // rather than looked up in the form list (which then never has to be loaded).
  const path = new Uint8Array(2 * cells + 1);
  const spelled: string[] = [];
  /** The trie nodes of the words found, in the order found (their spellings in `spelled`). */
  const nodes: number[] = [];

  // At `cell`, having reached trie node `node` with `depth` letters: record a word ending
  // here, then go on to every unused neighbour the trie has a letter for.
  const visit = (cell: number, node: number, depth: number, joker: number): void => {
    const m = mask[node]!;
    if ((m & TERMINAL) !== 0 && depth >= minLength) {
      const bit = joker < 0 ? PLAIN : 1 << joker;
      if (stamp.of[node] !== gen) {
        stamp.of[node] = gen;
        bits[node] = bit;
        nodes.push(node);
        spelled.push(LATIN1.decode(path.subarray(0, depth)));
      } else bits[node]! |= bit;
    }
    const children = m & ALL_LETTERS;
    if (children === 0) return; // no longer word starts with these letters
    used[cell] = 1;
    for (let i = cell * 8, end = i + adjCount[cell]!; i < end; i++) {
      const next = adjFlat[i]!;
      if (!used[next]) stepInto(next, node, children, depth, joker);
    }
    used[cell] = 0;
  };

  // From trie node `node` (whose child letters are `children`) onto `cell`.
  const stepInto = (cell: number, node: number, children: number, depth: number, joker: number): void => {
    const l = letter[cell]!;
    if (l < 0) {
      // The star: every letter the trie allows here (a player's joker is one letter, so a
      // word passes over the star once; each cell is used once anyway).
      let rest = children, k = first[node]!;
      while (rest !== 0) {
        const low = rest & -rest;
        const c = 31 - Math.clz32(low);
        path[depth] = A + c;
        visit(cell, k++, depth + 1, c);
        rest ^= low;
      }
      return;
    }
    const bit = 1 << l;
    if ((children & bit) === 0) return;
    const n = first[node]! + popcount(children & (bit - 1));
    path[depth] = A + l;
    if (!isQu[cell]) {
      visit(cell, n, depth + 1, joker);
      return;
    }
    const mu = mask[n]!;
    if ((mu & U_BIT) === 0) return;
    path[depth + 1] = A + 20;
    visit(cell, first[n]! + popcount(mu & ALL_LETTERS & (U_BIT - 1)), depth + 2, joker);
  };

  if (trie.size > 0) for (let cell = 0; cell < cells; cell++) stepInto(cell, 0, mask[0]! & ALL_LETTERS, 0, -1);
  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  const extra = new Map<string, { plain: boolean; letters: string[] }>();
  if (house) {
    for (const word of house.accepted) {
      if (word.length < minLength || lexicon.indexOf(word) >= 0) continue;
      const options = jokerOptions(field, word);
      if (onFieldAtAll(options)) extra.set(word, { plain: options.plain, letters: options.letters });
    }
  }
  const out: FoundWord[] = [];
  const add = (word: string, lemmas: readonly string[], plain: boolean, letters: string[]) => {
    const v = house ? house.verdict(word) : null;
    if (v && (v.kind !== 'known' || v.formNotAllowed)) return; // rejected by the GM, or a form the game refuses
    out.push({ word, lemmas: v?.kind === 'known' ? v.lemmas : lemmas, plain, letters: plain ? [] : letters });
  };
  for (let i = 0; i < nodes.length; i++) {
    const jokers = bits[nodes[i]!]!;
    const letters: string[] = [];
    for (let c = 0; c < 26; c++) if (jokers & (1 << c)) letters.push(String.fromCharCode(A + c));
    add(spelled[i]!, lexicon.lemmasOfIndex(form[nodes[i]!]!), (jokers & PLAIN) !== 0, letters);
  }
  for (const [word, e] of extra) add(word, [word], e.plain, e.letters);
  return out.sort((x, y) => (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
}


/** The best entry as it was computed before (each joker letter filtered and sorted on its own). */
export function referenceBestEntry(field: Field, found: readonly FoundWord[], scheme: ScoringScheme, limit: number) {
  const forJoker = (joker: string | null) => {
    const candidates = found.filter((w) => w.plain || (joker !== null && w.letters.includes(joker)))
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
  };
  if (!field.cells.includes(STAR)) return forJoker(null);
  let best: ReturnType<typeof forJoker> | null = null;
  for (let code = 65; code <= 90; code++) {
    const e = forJoker(String.fromCharCode(code));
    if (!best || e.points > best.points) best = e;
  }
  return best!;
}
