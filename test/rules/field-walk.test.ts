import { describe, expect, it } from 'vitest';
import { readCompact } from '../../src/dict/compact.js';
import { DICT_DIR, loadDictionary } from '../../src/dict/resolve.js';
import { loadDiceSet } from '../../src/dice/load.js';
import { rollField } from '../../src/rules/dice.js';
import { FIELD_WALK_WASM } from '../../src/rules/field-walk-wasm.js';
import { GRAPH_ROOM } from '../../src/rules/field-walk.js';
import { Lexicon } from '../../src/rules/lexicon.js';
import { solveField } from '../../src/rules/solver.js';
import { assembleFieldWalk } from '../../scripts/wasm-assemble.js';
import { referenceSolveField } from './solver-reference.js';

// The walk itself is WebAssembly (src/rules/field-walk.wat); solver.test.ts compares what it
// finds with the reference solver on the German dictionary and random lexicons. Here: the
// committed binary is the text's, and the two ways a walk gets its room agree with the reference.
describe('field walk', () => {
  it('is the binary that field-walk.wat assembles to (npm run build:wasm after editing the text)', async () => {
    expect(Buffer.from(FIELD_WALK_WASM, 'base64').equals(Buffer.from(await assembleFieldWalk()))).toBe(true);
  });

  it('walks a field whose words do not fit the room of the dictionary graph\'s own memory in the shared memory, finding the same', async () => {
    const saved = { ...GRAPH_ROOM };
    GRAPH_ROOM.words = 40;
    GRAPH_ROOM.letters = 200;
    try {
      // Read anew: a graph's own memory gets its room when the graph is read.
      const de = readCompact(DICT_DIR, 'de');
      const dice = loadDiceSet('de-5x5');
      for (let i = 0; i < 5; i++) {
        const field = rollField(dice, `room-${i}`);
        const found = solveField(field, de, 3);
        expect(found.length).toBeGreaterThan(40);
        expect(found).toEqual(referenceSolveField(field, de, 3));
      }
    } finally {
      Object.assign(GRAPH_ROOM, saved);
    }
  });

  it('grows the shared memory for a word list whose thousands of words lie on one field', async () => {
    const de = await loadDictionary('de');
    const field = rollField(loadDiceSet('de-5x5'), 'word-list-0');
    const words = solveField(field, de, 3).map((w) => w.word);
    expect(words.length).toBeGreaterThan(1000);
    // A GM's own list: the same forms, a graph built in memory (not read into a walk's memory).
    const list = Lexicon.fromMap(new Map(words.map((w) => [w, [w.toLowerCase()]])));
    for (const minLength of [3, 5]) {
      const found = solveField(field, list, minLength);
      expect(found.map((w) => w.word)).toEqual(words.filter((w) => w.length >= minLength));
      expect(found).toEqual(referenceSolveField(field, list, minLength));
    }
    // And the dictionary's graph again after the list's: the shared memory holds the list's copy.
    expect(solveField(field, de, 3).map((w) => w.word)).toEqual(words);
  });
});
