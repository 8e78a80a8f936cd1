// The memory the solver's walk works in (field-walk.ts, field-walk.wat), apart from the walk
// itself: a dictionary's graph is read into it when the solver first asks for the graph
// (compact.ts GraphFile; look-ups read pages of the file instead), and a command that only
// looks words up (check, review) loads no more than this of the walk.

export const PAGE = 65536;
/** Where a graph's records start in a walk's memory: after the field (field-walk.wat). */
export const GRAPH_AT = 4096;
/** A dictionary's graph file: a header of two u32 (format mark, record count), then the records. */
export const FILE_HEADER = 8;

/** Room for the words a walk finds, and their letters. */
export interface Room { words: number; letters: number }

/** A WebAssembly memory, the room it keeps after its graph, and (once a walk ran) its instance of the walk. */
export interface WalkMemory { memory: WebAssembly.Memory; room: Room; instance?: unknown }

export function tableSlots(room: Room): number {
  let slots = 1;
  while (slots < 2 * room.words) slots *= 2; // the table at most half full
  return slots;
}
export const roomBytes = (room: Room) => 4 * tableSlots(room) + 12 * room.words + room.letters;

/**
 * The room a dictionary's graph read into its own memory keeps for the words found (a rich
 * German field has about 4,000); a field with more is walked in the shared memory.
 * Changeable for tests of that way.
 */
export const GRAPH_ROOM: Room = { words: 16_384, letters: 1 << 18 };

/**
 * Whether this process can have no WebAssembly memory or code: V8 reserves ~10 GB of address
 * space for each memory, which a virtual memory limit (`ulimit -v`) may refuse, and `node
 * --jitless` has no WebAssembly. Set at the first refusal; the walk is JavaScript from then on.
 */
export const webAssembly = { unavailable: typeof WebAssembly === 'undefined' };
/** Whether an error is WebAssembly being unavailable (no memory, no code), not a fault of the walk. */
export const isUnavailable = (e: unknown) => e instanceof RangeError || e instanceof WebAssembly.CompileError || e instanceof WebAssembly.LinkError;

/** Graphs read into their own memory (graphFileBuffer), by that memory's buffer; such a memory is never grown. */
const ownMemories = new WeakMap<ArrayBufferLike, WalkMemory>();

/** The memory a graph was read into, if it is one of graphFileBuffer's. */
export const ownMemoryOf = (graph: Uint32Array): WalkMemory | undefined => (graph.byteOffset === GRAPH_AT ? ownMemories.get(graph.buffer) : undefined);

/**
 * Memory for a dictionary's graph file of `bytes` bytes, to read the file into (FormTrie.fromBytes
 * then views it where it lies): the walk uses that graph in place, instead of a copy. An
 * ordinary buffer where WebAssembly memory cannot be had.
 */
export function graphFileBuffer(bytes: number): Uint8Array {
  if (!webAssembly.unavailable) {
    try {
      const room = { ...GRAPH_ROOM };
      const memory = new WebAssembly.Memory({ initial: Math.ceil((GRAPH_AT + bytes - FILE_HEADER + roomBytes(room)) / PAGE) });
      ownMemories.set(memory.buffer, { memory, room });
      return new Uint8Array(memory.buffer, GRAPH_AT - FILE_HEADER, bytes);
    } catch (e) {
      if (!isUnavailable(e)) throw e;
      webAssembly.unavailable = true;
    }
  }
  return new Uint8Array(bytes);
}
