import { FIELD_WALK_WASM } from './field-walk-wasm.js';
import { layOutField, MAX_CELLS, walkFieldInJs } from './field-walk-js.js';
import type { Field } from './types.js';
import { GRAPH_AT, isUnavailable, ownMemoryOf, PAGE, roomBytes, tableSlots, type WalkMemory, webAssembly } from './walk-memory.js';

// The solver's walk runs as WebAssembly (field-walk.wat says why and lays out its memory).
// This module gives it the field and a graph, and reads back what it found. A process that
// cannot have WebAssembly memory (a virtual memory limit below the ~10 GB V8 reserves for
// one, `ulimit -v`; `node --jitless`) walks in JavaScript instead (field-walk-js.ts): the
// same words, slower in a fresh process.

// Where the walk finds the field in its memory (field-walk-js.ts layOutField says what each
// is; i32 units, QU in bytes).
const NEAR_LETTERS = 0, NEAR_CELLS = 32, NEAR_STAR = 864, QU_BYTES = 3584, LETTER_OF = 928;

interface WalkExports {
  walk(cells: number): void;
  records: WebAssembly.Global; minLength: WebAssembly.Global; table: WebAssembly.Global; tableMask: WebAssembly.Global;
  foundForm: WebAssembly.Global; foundBits: WebAssembly.Global; spellEnd: WebAssembly.Global; spelling: WebAssembly.Global;
  cap: WebAssembly.Global; spellCap: WebAssembly.Global; count: WebAssembly.Global; spelled: WebAssembly.Global; overflow: WebAssembly.Global;
}

let compiled: WebAssembly.Module | null = null;
/** A memory's instance of the walk, made at its first walk (a command that only looks words up needs none). */
function exportsOf(m: WalkMemory): WalkExports {
  compiled ??= new WebAssembly.Module(Buffer.from(FIELD_WALK_WASM, 'base64'));
  return (m.instance ??= new WebAssembly.Instance(compiled, { walk: { memory: m.memory } }).exports) as WalkExports;
}

/** The walk for any other graph (built in memory, or a field too rich): the graph copied in, the memory grown as needed. */
let shared: { memory: WalkMemory; graph: Uint32Array | null } | null = null;

/** What a walk found: per word in the order found, its form index, joker bits (field-walk.wat) and the end of its spelling in `text`. */
export interface Walked { count: number; form: Int32Array; bits: Int32Array; spellEnd: Uint32Array; text: string }

const LATIN1 = new TextDecoder('latin1');

/**
 * Every form of the graph (src/rules/trie.ts) of at least minLength letters on the field,
 * for every joker letter at once: one walk of the field and the graph together, the star
 * taking each child letter of the record it is reached from.
 */
export function walkField(field: Field, graph: Uint32Array, minLength: number): Walked {
  if (field.cells.length > MAX_CELLS) throw new Error(`a field of ${field.cells.length} cells is larger than the solver takes`);
  if (!webAssembly.unavailable) {
    try {
      const own = ownMemoryOf(graph);
      const walked = own && walkWith(own, graph, field, minLength);
      if (walked) return walked;
      for (;;) {
        const w = sharedMemory(graph);
        const found = walkWith(w, graph, field, minLength);
        if (found) return found;
        w.room = { words: 2 * w.room.words, letters: 2 * w.room.letters }; // more words than room
      }
    } catch (e) {
      if (!isUnavailable(e)) throw e;
      webAssembly.unavailable = true;
    }
  }
  return walkFieldInJs(field, graph, minLength);
}

/** For tests: whether walks are JavaScript in this process (WebAssembly unavailable). */
export const walksInJavaScript = () => webAssembly.unavailable;

/** The shared memory with this graph in it and room for its words. */
function sharedMemory(graph: Uint32Array): WalkMemory {
  // Small at first: a GM's own word list finds few words, and tests see the room grow.
  shared ??= { memory: { memory: new WebAssembly.Memory({ initial: 1 }), room: { words: 64, letters: 512 } }, graph: null };
  const { memory, room } = shared.memory;
  const pages = Math.ceil((GRAPH_AT + graph.byteLength + roomBytes(room)) / PAGE) - memory.buffer.byteLength / PAGE;
  if (pages > 0) memory.grow(pages);
  if (shared.graph !== graph) {
    new Uint32Array(memory.buffer, GRAPH_AT, graph.length).set(graph);
    shared.graph = graph;
  }
  return shared.memory;
}

/** One walk with the graph at GRAPH_AT of w's memory; null if the words found did not fit the room. */
function walkWith(w: WalkMemory, graph: Uint32Array, field: Field, minLength: number): Walked | null {
  const x = exportsOf(w), { words, letters } = w.room, slots = tableSlots(w.room);
  const table = GRAPH_AT + graph.byteLength;
  const foundForm = table + 4 * slots, foundBits = foundForm + 4 * words, spellEnd = foundBits + 4 * words, spelling = spellEnd + 4 * words;
  x.records.value = GRAPH_AT; x.minLength.value = minLength;
  x.table.value = table; x.tableMask.value = slots - 1;
  x.foundForm.value = foundForm; x.foundBits.value = foundBits; x.spellEnd.value = spellEnd; x.spelling.value = spelling;
  x.cap.value = words; x.spellCap.value = letters;
  layField(field, w.memory);
  x.walk(field.cells.length);
  if (x.overflow.value !== 0) return null;
  const count = x.count.value as number, buffer = w.memory.buffer;
  return {
    count,
    form: new Int32Array(buffer, foundForm, count),
    bits: new Int32Array(buffer, foundBits, count),
    spellEnd: new Uint32Array(buffer, spellEnd, count),
    text: LATIN1.decode(new Uint8Array(buffer, spelling, x.spelled.value as number)),
  };
}

/** The field as the walk sees it, written into its memory (where field-walk.wat reads it). */
function layField(field: Field, memory: WebAssembly.Memory): void {
  const i32 = new Int32Array(memory.buffer, 0, GRAPH_AT / 4);
  layOutField(field, {
    nearLetters: i32.subarray(NEAR_LETTERS, NEAR_LETTERS + MAX_CELLS),
    nearCells: i32.subarray(NEAR_CELLS, NEAR_CELLS + 26 * MAX_CELLS),
    nearStar: i32.subarray(NEAR_STAR, NEAR_STAR + MAX_CELLS),
    quOf: new Uint8Array(memory.buffer, QU_BYTES, MAX_CELLS),
    letterOf: i32.subarray(LETTER_OF, LETTER_OF + MAX_CELLS),
  });
}
