import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrayForms, compareCodeUnits } from '../../src/rules/lexicon.js';
import { FormTrie } from '../../src/rules/trie.js';

const graphOf = (forms: string[]) => FormTrie.build(new ArrayForms([...new Set(forms)].sort(compareCodeUnits)));

describe('the form graph (a trie with equal subtrees stored once)', () => {
  it('gives every form its index in the sorted list, and -1 to everything else, also after a round trip through bytes', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.stringMatching(/^[A-E]{1,7}$/), { maxLength: 200 }), fc.array(fc.stringMatching(/^[A-F]{0,8}$/), { maxLength: 50 }), (list, probes) => {
      const sorted = [...list].sort(compareCodeUnits);
      const graph = graphOf(list);
      for (const g of [graph, FormTrie.fromBytes(graph.toBytes())]) {
        sorted.forEach((f, i) => expect(g.indexOf(f)).toBe(i));
        for (const p of probes) expect(g.indexOf(p)).toBe(sorted.indexOf(p));
        expect(g.indexOf('a')).toBe(-1);
      }
    }), { numRuns: 300 });
  });

  it('stores equal endings once: the forms of many stems with the same endings take a few records more than one stem', () => {
    const endings = ['', 'E', 'EN', 'ER', 'ERN', 'ES', 'EST', 'ET', 'ST', 'T'];
    const stems = ['HAUS', 'BAUM', 'KIND', 'WALD', 'FELD', 'LAND', 'BILD', 'GELD'];
    const one = graphOf(endings.map((e) => `${stems[0]}${e}`));
    const all = graphOf(stems.flatMap((s) => endings.map((e) => `${s}${e}`)));
    expect(all.size).toBeLessThan(one.size + 4 * stems.length);
    for (const s of stems) expect(all.indexOf(`${s}ERN`)).toBeGreaterThanOrEqual(0);
  });

  it('holds an empty list, and refuses a file of another format or length', () => {
    const empty = graphOf([]);
    expect(empty.indexOf('')).toBe(-1);
    expect(empty.indexOf('A')).toBe(-1);
    const bytes = graphOf(['AB', 'AC']).toBytes();
    expect(() => FormTrie.fromBytes(bytes.subarray(0, bytes.length - 4))).toThrow(/wrong length/);
    const old = Buffer.from(bytes); old.writeUInt32LE(3, 0);
    expect(() => FormTrie.fromBytes(old)).toThrow(/older format/);
  });
});
