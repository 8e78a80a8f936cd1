import type { FormStore } from './lexicon.js';

// The solver's view of a dictionary: a trie of the folded forms (A–Z) in three typed
// arrays, nodes numbered level by level so that a node's children sit side by side:
//   mask[n]   bits 0–25: which letters have a child; bit 31: a form ends here
//   first[n]  the id of the node's first child (children follow in letter order)
//   form[n]   the index of the form ending here in the sorted form list (when bit 31)
// A child is found with one popcount, so a walk of the field costs a few array reads a
// step, and the star takes every child at once. Built once with the dictionary and loaded
// as a view on the file's bytes (no parsing).

const A = 65;
const TERMINAL = 0x80000000;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class FormTrie {
  constructor(readonly mask: Uint32Array, readonly first: Uint32Array, readonly form: Uint32Array) {}

  get size(): number {
    return this.mask.length;
  }

  /** The child of a node for a letter 0–25, or -1. */
  child(node: number, letter: number): number {
    const m = this.mask[node]!;
    const bit = 1 << letter;
    if ((m & bit) === 0) return -1;
    return this.first[node]! + popcount(m & (bit - 1));
  }

  /** The index of the form ending at a node, or -1. */
  formAt(node: number): number {
    return (this.mask[node]! & TERMINAL) !== 0 ? this.form[node]! : -1;
  }

  /** As one buffer: node count, then the three arrays (the dictionary's .trie file). */
  toBytes(): Buffer {
    // A trie just built lies in its file's layout already: no copy.
    const n = this.size;
    const b = this.mask.buffer;
    if (this.first.buffer === b && this.form.buffer === b && this.mask.byteOffset === 4 && this.first.byteOffset === 4 + 4 * n && this.form.byteOffset === 4 + 8 * n && b.byteLength === 4 * (1 + 3 * n)) {
      return Buffer.from(b, 0, b.byteLength);
    }
    const out = new Uint32Array(1 + 3 * this.size);
    out[0] = this.size;
    out.set(this.mask, 1);
    out.set(this.first, 1 + this.size);
    out.set(this.form, 1 + 2 * this.size);
    return Buffer.from(out.buffer);
  }

  static fromBytes(buf: Uint8Array): FormTrie {
    const all = new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
    const n = all[0]!;
    if (all.length !== 1 + 3 * n) throw new Error('trie file has the wrong length');
    return new FormTrie(all.subarray(1, 1 + n), all.subarray(1 + n, 1 + 2 * n), all.subarray(1 + 2 * n));
  }

  /** Builds the trie of sorted folded forms, level by level over ranges of the sorted list. */
  static build(store: FormStore): FormTrie {
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
    if (count === capacity) return new FormTrie(mask, first, form);
    return new FormTrie(mask.slice(0, count), first.slice(0, count), form.slice(0, count));
  }
}
