import type { VerdictFn } from './adjudication.js';
import { neighbours } from './field.js';
import { jokerOptions, onFieldAtAll } from './paths.js';
import type { Lexicon } from './lexicon.js';
import { LemmaMatcher } from './lemma-matching.js';
import { popcount } from './trie.js';
import { wordPoints } from './schemes.js';
import { type Field, QU, type ScoringScheme, STAR } from './types.js';

export interface FoundWord {
  word: string;
  lemmas: readonly string[];
  /** Traceable without the star: fits every joker letter. */
  plain: boolean;
  /** Otherwise the joker letters it needs (one of them), sorted (a word without the star: one shared empty list). */
  letters: readonly string[];
}

const NO_LETTERS: readonly string[] = Object.freeze([]);

const A = 65, Z = 90;
const ALL_LETTERS = (1 << 26) - 1;
const TERMINAL = 0x80000000 | 0;
/** In a found word's joker bits: traced without the star (bits 0–25 are joker letters). */
const PLAIN = 1 << 26;
const U = 20, U_BIT = 1 << U;
const LATIN1 = new TextDecoder('latin1');
const LETTERS = Array.from({ length: 26 }, (_, c) => String.fromCharCode(A + c));

// The state of the solve under way, at module level and reused from solve to solve (a solve
// runs to its end synchronously, so one set is enough): the walk then reads plain variables
// and typed arrays, allocates nothing per step, and the words found are kept in a small
// hash table (form index → slot) that stays in the processor's cache.
let records: Uint32Array = new Uint32Array(0), minLength = 3;
/** At most 32 cells, so that a set of cells is one number. */
const MAX_CELLS = 32;
// The field seen from each cell c: which letters its neighbours show (nearLetters[c], bits
// 0–25), which neighbours show letter l (nearCells[26c + l], a set of cells), the star's cell
// if it is a neighbour (nearStar[c]); so a step looks only at the letters the graph and the
// neighbours have in common, not at every neighbour.
const nearLetters = new Int32Array(MAX_CELLS), nearCells = new Int32Array(26 * MAX_CELLS), nearStar = new Int32Array(MAX_CELLS);
const quOf = new Uint8Array(MAX_CELLS), path = new Uint8Array(2 * MAX_CELLS + 1);
/** The cells of the path being walked. */
let used = 0;
/** Open addressing, form index → 1 + slot (0 empty); always at most half full. */
let table = new Int32Array(1 << 12), tableMask = (1 << 12) - 1;
/** Per slot, in the order found: the form index, its joker bits, the end of its spelling. */
let foundForm = new Int32Array(1 << 11), foundBits = new Int32Array(1 << 11), spellEnd = new Uint32Array(1 << 11);
let spelling = new Uint8Array(1 << 14);
let count = 0, spelled = 0;

function grow<T extends Int32Array | Uint32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = a.length;
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/** Form `form` ends after `depth` letters of `path`, reached with `joker` (-1: no star). */
function record(form: number, depth: number, joker: number): void {
  const bit = joker < 0 ? PLAIN : 1 << joker;
  let h = (Math.imul(form, 0x9e3779b1) >>> 0) & tableMask;
  for (;;) {
    const s = table[h]!;
    if (s === 0) break;
    if (foundForm[s - 1] === form) {
      foundBits[s - 1] = foundBits[s - 1]! | bit;
      return;
    }
    h = (h + 1) & tableMask;
  }
  // A new word: spelled once, from the path.
  if (count === foundForm.length) {
    foundForm = grow(foundForm, count + 1); foundBits = grow(foundBits, count + 1); spellEnd = grow(spellEnd, count + 1);
  }
  spelling = grow(spelling, spelled + depth);
  for (let d = 0; d < depth; d++) spelling[spelled + d] = path[d]!;
  spelled += depth;
  foundForm[count] = form;
  foundBits[count] = bit;
  spellEnd[count] = spelled;
  table[h] = ++count;
  if (2 * count > tableMask) rehash();
}

function rehash(): void {
  table = new Int32Array(2 * table.length);
  tableMask = table.length - 1;
  for (let s = 0; s < count; s++) {
    let h = (Math.imul(foundForm[s]!, 0x9e3779b1) >>> 0) & tableMask;
    while (table[h] !== 0) h = (h + 1) & tableMask;
    table[h] = s + 1;
  }
}

/**
 * At `cell`, having reached graph record `rec` (src/rules/trie.ts) after `depth` letters, with
 * `index` the sum of the `before` numbers along the path up to rec's parent (rec's own is
 * added here; at a form's end the sum is its index): record a word ending here, then step
 * onto every unused neighbour the graph has a letter for (the star: onto every child letter
 * at once).
 */
function visit(cell: number, rec: number, depth: number, joker: number, index: number): void {
  const m = records[3 * rec]!;
  index += records[3 * rec + 2]!;
  if ((m & TERMINAL) !== 0 && depth >= minLength) record(index, depth, joker);
  const children = m & ALL_LETTERS;
  if (children === 0) return; // no longer word starts with these letters
  const base = records[3 * rec + 1]!;
  used |= 1 << cell;
  const near = cell * 26;
  for (let letters = children & nearLetters[cell]!; letters !== 0; letters &= letters - 1) {
    const l = 31 - Math.clz32(letters & -letters);
    let free = nearCells[near + l]! & ~used;
    if (free === 0) continue;
    const r = base + popcount(children & ((1 << l) - 1));
    path[depth] = A + l;
    if ((records[3 * r]! & ALL_LETTERS) === 0 && quOf[31 - Math.clz32(free & -free)] === 0) {
      // A leaf (every leaf ends a form): recorded here, once for all the cells that lead to it.
      if (depth + 1 >= minLength) record(index + records[3 * r + 2]!, depth + 1, joker);
      continue;
    }
    for (; free !== 0; free &= free - 1) {
      const next = 31 - Math.clz32(free & -free);
      if (quOf[next] === 0) {
        visit(next, r, depth + 1, joker, index);
        continue;
      }
      const mu = records[3 * r]!; // QU: the U follows in the same step
      if ((mu & U_BIT) === 0) continue;
      path[depth + 1] = A + U;
      visit(next, records[3 * r + 1]! + popcount(mu & (U_BIT - 1)), depth + 2, joker, index + records[3 * r + 2]!);
    }
  }
  const star = nearStar[cell]!;
  if (star >= 0 && (used & (1 << star)) === 0) {
    // The star: every letter the graph allows here (a player's joker is one letter, so a
    // word passes over the star once; each cell is used once anyway).
    let k = base;
    for (let rest = children; rest !== 0; rest &= rest - 1, k++) {
      const c = 31 - Math.clz32(rest & -rest);
      path[depth] = A + c;
      if ((records[3 * k]! & ALL_LETTERS) !== 0) visit(star, k, depth + 1, c, index);
      else if (depth + 1 >= minLength) record(index + records[3 * k + 2]!, depth + 1, c);
    }
  }
  used &= ~(1 << cell);
}

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the dictionary's graph together, the star taking each
 * child letter of the record it is reached from (src/rules/trie.ts). The words come out
 * sorted (by form index, which is sorted order), each spelled once from the walk.
 */
export function solveField(field: Field, lexicon: Lexicon, minLen: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const cells = field.cells.length;
  if (cells > MAX_CELLS) throw new Error(`a field of ${cells} cells is larger than the solver takes`);
  records = lexicon.trie().records;
  minLength = minLen;
  // Per cell: -1 the star, else the letter 0–25 (Q for QU, whose U follows in the same step).
  const letterOf = field.cells.map((f) => (f === STAR ? -1 : f.charCodeAt(0) - A));
  const lists = neighbours(field.size);
  nearCells.fill(0, 0, 26 * cells);
  for (let c = 0; c < cells; c++) {
    quOf[c] = field.cells[c] === QU ? 1 : 0;
    let letters = 0, star = -1;
    for (const n of lists[c]!) {
      const l = letterOf[n]!;
      if (l < 0) star = n;
      else {
        letters |= 1 << l;
        nearCells[26 * c + l] = nearCells[26 * c + l]! | (1 << n);
      }
    }
    nearLetters[c] = letters;
    nearStar[c] = star;
  }
  table.fill(0);
  count = 0; spelled = 0; used = 0;
  // Each cell starts a walk from the root, as a step from outside the field would.
  const children = records[0]! & ALL_LETTERS, base = records[1]!;
  for (let cell = 0; cell < cells; cell++) {
    const l = letterOf[cell]!;
    if (l < 0) {
      let k = base;
      for (let rest = children; rest !== 0; rest &= rest - 1) {
        const c = 31 - Math.clz32(rest & -rest);
        path[0] = A + c;
        visit(cell, k++, 1, c, 0);
      }
      continue;
    }
    const bit = 1 << l;
    if ((children & bit) === 0) continue;
    const r = base + popcount(children & (bit - 1));
    path[0] = A + l;
    if (quOf[cell] === 0) { visit(cell, r, 1, -1, 0); continue; }
    const mu = records[3 * r]!;
    if ((mu & U_BIT) === 0) continue;
    path[1] = A + U;
    visit(cell, records[3 * r + 1]! + popcount(mu & (U_BIT - 1)), 2, -1, records[3 * r + 2]!);
  }
  return foundWords(field, lexicon, minLen, house);
}

/**
 * A found word whose lemmas are the lexicon's, read when first asked for: a field has some
 * 2,000 words, and reading all their lemmas (the sense index and the lemma lines of the
 * dictionary, 11 MB for German) costs a fresh process more than the walk; `solve` prints
 * the lemmas of its best entry only, a few dozen words. (An own property, so the word
 * prints, compares and copies as before.)
 */
function withLexiconLemmas(word: string, lexicon: Lexicon, form: number, plain: boolean, letters: readonly string[]): FoundWord {
  let lemmas: readonly string[] | undefined;
  return { word, get lemmas() { return (lemmas ??= lexicon.lemmasOfIndex(form)); }, plain, letters };
}

/** The words the walk found, in sorted order, with their lemmas; then the house lists'. */
function foundWords(field: Field, lexicon: Lexicon, minLen: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  // Sorted by form index (the forms' sorted order), each key carrying its slot.
  const order = new Float64Array(count);
  for (let s = 0; s < count; s++) order[s] = foundForm[s]! * count + s;
  order.sort();
  const text = LATIN1.decode(spelling.subarray(0, spelled));
  const out: FoundWord[] = [];
  for (let k = 0; k < count; k++) {
    const s = order[k]! % count;
    const bits = foundBits[s]!, form = foundForm[s]!;
    const word = text.slice(s === 0 ? 0 : spellEnd[s - 1]!, spellEnd[s]!);
    let lemmas: readonly string[] | null = null;
    if (house && !house.verdict.lexiconAlone?.(word)) {
      const v = house.verdict(word, form);
      if (v.kind !== 'known' || v.formNotAllowed) continue; // rejected by the GM, or a form the game refuses
      lemmas = v.lemmas;
    }
    const plain = (bits & PLAIN) !== 0;
    let letters = NO_LETTERS;
    if (!plain) {
      const list: string[] = [];
      for (let rest = bits; rest !== 0; rest &= rest - 1) list.push(LETTERS[31 - Math.clz32(rest & -rest)]!);
      letters = list;
    }
    out.push(lemmas ? { word, lemmas, plain, letters } : withLexiconLemmas(word, lexicon, form, plain, letters));
  }
  if (!house) return out;
  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  let extra = false;
  for (const word of house.accepted) {
    if (word.length < minLen || lexicon.indexOf(word) >= 0) continue;
    const options = jokerOptions(field, word);
    if (!onFieldAtAll(options)) continue;
    const v = house.verdict(word);
    if (v.kind !== 'known' || v.formNotAllowed) continue;
    out.push({ word, lemmas: v.lemmas, plain: options.plain, letters: options.plain ? NO_LETTERS : options.letters });
    extra = true;
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
 * Found words with their points and the joker letters they fit (bits 0–25; all of them, and
 * PLAIN, for a word traced without the star), best first (equal points: the alphabetically first word).
 */
interface Ranked { w: FoundWord; points: number; jokers: number }
function ranked(found: readonly FoundWord[], scheme: ScoringScheme): Ranked[] {
  const jokersOf = (w: FoundWord) => (w.plain ? ALL_LETTERS | PLAIN : w.letters.reduce((m, l) => m | (1 << (l.charCodeAt(0) - A)), 0));
  const list = found.map((w) => ({ w, points: wordPoints(w.word.length, scheme), jokers: jokersOf(w) }));
  let alphabetical = true;
  for (let i = 1; i < found.length && alphabetical; i++) alphabetical = found[i - 1]!.word < found[i]!.word;
  if (!alphabetical) return list.sort((x, y) => y.points - x.points || (x.w.word < y.w.word ? -1 : 1));
  // As the solver gives them (sorted by word): grouped by points, each group keeps that order.
  const groups = new Map<number, Ranked[]>();
  for (const r of list) {
    const g = groups.get(r.points);
    if (g) g.push(r);
    else groups.set(r.points, [r]);
  }
  return [...groups.keys()].sort((a, b) => b - a).flatMap((p) => groups.get(p)!);
}

/** The greedy entry over ranked words usable with this joker letter (see bestEntryFor). */
function entryFrom(candidates: readonly Ranked[], joker: string | null, limit: number): BestEntry {
  const matcher = new LemmaMatcher();
  const kept: Ranked[] = [];
  const bit = joker === null ? PLAIN : 1 << (joker.charCodeAt(0) - A);
  for (const c of candidates) {
    if (limit > 0 && kept.length >= limit) break;
    if ((c.jokers & bit) === 0) continue; // with no joker letter, only words without the star
    if (c.points > 0 && matcher.add(c.w.lemmas)) kept.push(c);
  }
  const words = kept.map((k, i) => ({ word: k.w.word, lemma: matcher.assigned(i), points: k.points }));
  return { joker, words, points: words.reduce((s, w) => s + w.points, 0) };
}

/**
 * The highest-scoring entry for one joker letter: at most `limit` words (0 = no limit) with
 * distinct lemmas. Sets of words that can be given distinct lemmas form a (transversal)
 * matroid, and so do those sets cut to `limit` words, so taking words greedily by points is
 * optimal. Equal points go to the alphabetically first word, so the result is reproducible.
 */
export function bestEntryFor(found: readonly FoundWord[], joker: string | null, scheme: ScoringScheme, limit: number): BestEntry {
  return entryFrom(ranked(found, scheme), joker, limit);
}

/** The best entry over every joker letter (ties: the alphabetically first letter); the words are ranked once for all letters. */
export function bestEntry(field: Field, found: readonly FoundWord[], scheme: ScoringScheme, limit: number): BestEntry {
  const candidates = ranked(found, scheme);
  if (!field.cells.includes(STAR)) return entryFrom(candidates, null, limit);
  let best: BestEntry | null = null;
  for (let code = A; code <= Z; code++) {
    const e = entryFrom(candidates, String.fromCharCode(code), limit);
    if (!best || e.points > best.points) best = e;
  }
  return best!;
}

/** How many found words each joker letter A–Z allows (words without the star count for every letter). */
export function countsByJoker(found: readonly FoundWord[]): Record<string, number> {
  const counts = new Array<number>(26).fill(0);
  let plain = 0;
  for (const w of found) {
    if (w.plain) plain++;
    else for (const l of w.letters) counts[l.charCodeAt(0) - A]!++;
  }
  return Object.fromEntries(counts.map((n, c) => [String.fromCharCode(A + c), n + plain]));
}
