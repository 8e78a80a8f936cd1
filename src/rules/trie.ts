import type { FormStore } from './lexicon.js';

// The solver's view of a dictionary: the folded forms (A–Z) as a trie whose equal subtrees
// are stored once (a minimal DAWG: German's 717k forms make a trie of 1.38 M nodes, but only
// 159k distinct subtrees with 301k edges), in one typed array of records, three numbers each:
//   mask    bits 0–25: which letters follow; bit 31: a form ends here
//   first   the record of the first of those letters (the others follow in letter order)
//   before  how many forms come, in sorted order, before those reached through this record
//           among those reached through its parent (summed along a word, the form's index)
// Record 0 is the root. A record stands for the edge into a node and carries that node's
// mask and children, so a step of the walk reads one record; the child for a letter is
// found with one popcount, and the star takes every child at once. Built with the
// dictionary and loaded as a view on the file's bytes (no parsing); a third of a megabyte
// in the processor's cache holds the busiest part of it.

const A = 65;
const TERMINAL = 0x80000000;
const ALL_LETTERS = (1 << 26) - 1;
/** The first number of the .trie file: its format (a plain trie of an older build had its node count there). */
const MAGIC = 0x31474150; // "PAG1" little-endian

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** What the dictionary offers of its graph: the records (the solver walks them) and look-ups. */
export interface FormGraph {
  readonly records: Uint32Array;
  indexOf(word: string): number;
}

/**
 * The index of a form in the sorted form list, or -1, down a graph whose numbers `at` gives
 * (records[i]: a view, or pages of a file read as they are needed; beyond the end, 0).
 */
export function indexOfIn(word: string, at: (i: number) => number): number {
  let rec = 0, index = 0;
  for (let d = 0; d < word.length; d++) {
    const c = word.charCodeAt(d) - A;
    const m = at(3 * rec);
    if (c < 0 || c >= 26 || (m & (1 << c)) === 0) return -1;
    rec = at(3 * rec + 1) + popcount(m & ((1 << c) - 1));
    index += at(3 * rec + 2);
  }
  return (at(3 * rec) & TERMINAL) !== 0 ? index : -1;
}

export class FormTrie implements FormGraph {
  /** records[3r], records[3r + 1], records[3r + 2]: record r's mask, first and before. */
  constructor(readonly records: Uint32Array) {}

  /** The number of records (edges, and one for the root). */
  get size(): number {
    return this.records.length / 3;
  }

  /** records[i], 0 beyond the end (made once: a look-up is the scorer's most frequent call). */
  private readonly at = (i: number): number => this.records[i] ?? 0;

  /** The index of a form in the sorted form list, or -1. */
  indexOf(word: string): number {
    return indexOfIn(word, this.at);
  }

  /** As one buffer: the format mark, the record count, the records (the dictionary's .trie file). */
  toBytes(): Buffer {
    const out = new Uint32Array(2 + this.records.length);
    out[0] = MAGIC;
    out[1] = this.size;
    out.set(this.records, 2);
    return Buffer.from(out.buffer);
  }

  static fromBytes(buf: Uint8Array): FormTrie {
    const aligned = buf.byteOffset % 4 === 0 ? buf : new Uint8Array(buf); // a copy: a view needs 4-byte alignment
    const all = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
    FormTrie.checkHeader(buf.byteLength, all[0], all[1]);
    return new FormTrie(all.subarray(2));
  }

  /** Throws unless a .trie file of `bytes` bytes whose first two numbers are these is of this format and its length. */
  static checkHeader(bytes: number, mark: number | undefined, records: number | undefined): void {
    if (bytes < 8 || bytes % 4 !== 0) throw new Error('trie file has the wrong length');
    if (mark !== MAGIC) throw new Error('trie file is of an older format');
    if (bytes !== 4 * (2 + 3 * records!)) throw new Error('trie file has the wrong length');
  }

  /**
   * Builds the graph of sorted folded forms: first the plain trie, level by level over ranges
   * of the sorted list; then, from the deepest nodes up, each node is given the class of
   * every node with the same mask and the same classes of children (one hash table), and
   * each class is written once.
   */
  static build(store: FormStore): FormTrie {
    // Exactly the trie's node count: each form of the sorted list adds a node for every
    // letter past the prefix it shares with the form before it.
    let nodes = 1;
    let prev = '';
    for (let i = 0; i < store.size; i++) {
      const f = store.formAt(i);
      let shared = 0;
      while (shared < f.length && shared < prev.length && f.charCodeAt(shared) === prev.charCodeAt(shared)) shared++;
      nodes += f.length - shared;
      prev = f;
    }
    if (store.size === 0) return new FormTrie(new Uint32Array(3));
    // The trie, nodes numbered level by level (children after their parent, side by side):
    // the forms below node n are lo[n] .. hi[n] of the sorted list; they share depth[n] letters.
    const mask = new Uint32Array(nodes), first = new Uint32Array(nodes);
    const lo = new Uint32Array(nodes), hi = new Uint32Array(nodes);
    {
      const depth = new Uint32Array(nodes);
      hi[0] = store.size;
      let count = 1;
      for (let n = 0; n < count; n++) {
        let i = lo[n]!;
        const end = hi[n]!, d = depth[n]!;
        if (i < end && store.codeAt(i, d) === -1) {
          mask[n] = TERMINAL; // the shortest form comes first in sorted order
          i++;
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
    }
    // Classes of equal subtrees, children before parents (they have higher numbers).
    const classOf = new Int32Array(nodes);
    const representative: number[] = [];
    let size = 1;
    while (size < 2 * nodes) size *= 2;
    const table = new Int32Array(size); // 1 + a representative node; 0 empty
    const sameSubtree = (a: number, b: number): boolean => {
      if (mask[a] !== mask[b]) return false;
      const k = popcount(mask[a]! & ALL_LETTERS);
      for (let i = 0; i < k; i++) if (classOf[first[a]! + i] !== classOf[first[b]! + i]) return false;
      return true;
    };
    for (let n = nodes - 1; n >= 0; n--) {
      const m = mask[n]!, k = popcount(m & ALL_LETTERS);
      let h = Math.imul(m, 0x9e3779b1);
      for (let i = 0; i < k; i++) h = Math.imul(h ^ classOf[first[n]! + i]!, 0x85ebca6b) ^ (h >>> 15);
      let slot = (h >>> 0) & (size - 1);
      for (;;) {
        const t = table[slot]!;
        if (t === 0) {
          table[slot] = n + 1;
          classOf[n] = representative.length;
          representative.push(n);
          break;
        }
        if (sameSubtree(t - 1, n)) {
          classOf[n] = classOf[t - 1]!;
          break;
        }
        slot = (slot + 1) & (size - 1);
      }
    }
    // Each class's children as one block of records, blocks in the order the classes are
    // first reached from the root (so the busy top of the graph lies together).
    let edges = 0;
    for (const n of representative) edges += popcount(mask[n]! & ALL_LETTERS);
    const records = new Uint32Array(3 * (1 + edges));
    const blockOf = new Int32Array(representative.length).fill(-1);
    const queue: number[] = [];
    let next = 1;
    const block = (n: number): number => {
      const c = classOf[n]!;
      if (blockOf[c]! < 0) {
        blockOf[c] = next;
        next += popcount(mask[n]! & ALL_LETTERS);
        queue.push(c);
      }
      return blockOf[c]!;
    };
    records[0] = mask[0]!;
    records[1] = block(0);
    for (let q = 0; q < queue.length; q++) {
      const c = queue[q]!, n = representative[c]!;
      const k = popcount(mask[n]! & ALL_LETTERS);
      for (let i = 0; i < k; i++) {
        const child = first[n]! + i, r = blockOf[c]! + i;
        records[3 * r] = mask[child]!;
        records[3 * r + 1] = (mask[child]! & ALL_LETTERS) !== 0 ? block(child) : 0;
        records[3 * r + 2] = lo[child]! - lo[n]!;
      }
    }
    return new FormTrie(records);
  }
}
