import { describe, expect, it } from 'vitest';
import { readCompact } from '../../src/dict/compact.js';
import { DICT_DIR, loadDictionary } from '../../src/dict/resolve.js';
import { loadDiceSet } from '../../src/dice/load.js';
import { rollField } from '../../src/rules/dice.js';
import { FIELD_WALK_WASM } from '../../src/rules/field-walk-wasm.js';
import { walkField, type Walked, walksInJavaScript } from '../../src/rules/field-walk.js';
import { GRAPH_ROOM } from '../../src/rules/walk-memory.js';
import { walkFieldInJs } from '../../src/rules/field-walk-js.js';
import type { Field } from '../../src/rules/types.js';
import fc from 'fast-check';
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

  it('walks in JavaScript (for a process without WebAssembly memory) exactly as in WebAssembly: the same words, joker letters and order', async () => {
    expect(walksInJavaScript()).toBe(false); // so the comparison compares the two
    // Both give views into buffers the next walk reuses: copied before the next.
    const copy = (w: Walked) => ({ count: w.count, form: [...w.form], bits: [...w.bits], spellEnd: [...w.spellEnd], text: w.text });
    const both = (field: Field, graph: Uint32Array, minLength: number) => [copy(walkField(field, graph, minLength)), copy(walkFieldInJs(field, graph, minLength))];
    const de = await loadDictionary('de');
    const dice = loadDiceSet('de-5x5');
    for (let i = 0; i < 20; i++) {
      const [wasm, js] = both(rollField(dice, `js-walk-${i}`), de.trie().records, 3);
      expect(js).toEqual(wasm);
      expect(wasm!.count).toBeGreaterThan(200);
    }
    // Random lexicons and fields: QU, the star anywhere or nowhere, 4x4 and 5x5, every minimum length.
    const fieldArb = fc.tuple(fc.constantFrom(4, 5), fc.array(fc.constantFrom(...'AEILNRSTU'.split(''), 'QU'), { minLength: 25, maxLength: 25 }), fc.option(fc.nat()), fc.integer({ min: 1, max: 5 }))
      .map(([size, cells, star, minLength]) => {
        const c = cells.slice(0, size * size);
        if (star !== null) c[star % c.length] = '*';
        return { field: { size, cells: c } as Field, minLength };
      });
    const lexArb = fc.uniqueArray(fc.stringMatching(/^[AEILNRSTQU]{1,9}$/), { minLength: 1, maxLength: 300 }).map((forms) => Lexicon.fromMap(new Map(forms.map((f) => [f, [f]]))));
    fc.assert(fc.property(fieldArb, lexArb, ({ field, minLength }, lexicon) => {
      const [wasm, js] = both(field, lexicon.trie().records, minLength);
      expect(js).toEqual(wasm);
    }), { numRuns: 300 });
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
