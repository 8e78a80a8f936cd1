import { neighbours } from './field.js';
import type { Walked } from './field-walk.js';
import { popcount } from './trie.js';
import { type Field, QU, STAR } from './types.js';

// The solver's walk in JavaScript: what field-walk.wat does, for a process that has no
// WebAssembly memory to give it (a virtual memory limit, `ulimit -v`, below the ~10 GB that
// V8 reserves for one; or `node --jitless`). The same steps in the same order, so the same
// words in the same order (test/rules/field-walk.test.ts compares the two); in a fresh
// process V8 runs it in its interpreter first, ~18 ms a field instead of ~2.

const A = 65;
const ALL_LETTERS = (1 << 26) - 1;
/** At most 32 cells, so that a set of cells is one number. */
export const MAX_CELLS = 32;
const TERMINAL = 0x80000000 | 0;
/** In a found word's joker bits: traced without the star (bits 0–25 are joker letters). */
const PLAIN = 1 << 26;
const U = 20, U_BIT = 1 << U;
const LATIN1 = new TextDecoder('latin1');

// The state of the solve under way, at module level and reused from solve to solve (a solve
// runs to its end synchronously, so one set is enough): the walk then reads plain variables
// and typed arrays, allocates nothing per step, and the words found are kept in a small
// hash table (form index → slot) that stays in the processor's cache.
let records: Uint32Array = new Uint32Array(0), minLength = 3;
// The field seen from each cell (layOutField), so a step looks only at the letters the graph
// and the neighbours have in common, not at every neighbour.
const nearLetters = new Int32Array(MAX_CELLS), nearCells = new Int32Array(26 * MAX_CELLS), nearStar = new Int32Array(MAX_CELLS);
const quOf = new Uint8Array(MAX_CELLS), letterOf = new Int32Array(MAX_CELLS), path = new Uint8Array(2 * MAX_CELLS + 1);
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

/** Where a walk keeps the field as seen from each cell (the JavaScript walk's arrays, or views into the WebAssembly walk's memory). */
export interface FieldLayout { nearLetters: Int32Array; nearCells: Int32Array; nearStar: Int32Array; quOf: Uint8Array; letterOf: Int32Array }

/**
 * The field seen from each cell c: its letter (letterOf[c]: 0–25, Q for QU, whose U follows
 * in the same step; -1 the star), whether it is QU, which letters its neighbours show
 * (nearLetters[c], bits 0–25), which neighbours show letter l (nearCells[26c + l], a set of
 * cells) and the star's cell if it is a neighbour (nearStar[c], else -1).
 */
export function layOutField(field: Field, at: FieldLayout): void {
  const cells = field.cells.length;
  const lists = neighbours(field.size);
  for (let c = 0; c < cells; c++) at.letterOf[c] = field.cells[c] === STAR ? -1 : field.cells[c]!.charCodeAt(0) - A;
  at.nearCells.fill(0, 0, 26 * cells);
  for (let c = 0; c < cells; c++) {
    at.quOf[c] = field.cells[c] === QU ? 1 : 0;
    let letters = 0, star = -1;
    for (const n of lists[c]!) {
      const l = at.letterOf[n]!;
      if (l < 0) star = n;
      else {
        letters |= 1 << l;
        at.nearCells[26 * c + l] = at.nearCells[26 * c + l]! | (1 << n);
      }
    }
    at.nearLetters[c] = letters;
    at.nearStar[c] = star;
  }
}

/**
 * The walk of field-walk.ts's walkField (see there), in JavaScript.
 */
export function walkFieldInJs(field: Field, graph: Uint32Array, minLen: number): Walked {
  const cells = field.cells.length;
  records = graph;
  minLength = minLen;
  layOutField(field, { nearLetters, nearCells, nearStar, quOf, letterOf });
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
  return {
    count,
    form: foundForm.subarray(0, count),
    bits: foundBits.subarray(0, count),
    spellEnd: spellEnd.subarray(0, count),
    text: LATIN1.decode(spelling.subarray(0, spelled)),
  };
}

