import { describe, expect, it } from 'vitest';
import { diceSetNames, loadDiceSet } from '../../src/dice/load.js';
import { DiceError, parseDiceSet, rollField, rollWithFloor } from '../../src/rules/dice.js';
import { formatField } from '../../src/rules/field.js';

describe('dice sets and rolling', () => {
  it('ships a 4x4 and a 5x5 set for every language, each with one die a cell of six faces', () => {
    expect(diceSetNames()).toEqual(['de-4x4', 'de-5x5', 'en-4x4', 'en-5x5', 'fr-4x4', 'fr-5x5', 'it-4x4', 'it-5x5']);
    for (const name of diceSetNames()) {
      const dice = loadDiceSet(name);
      expect(dice).toHaveLength(name.endsWith('4x4') ? 16 : 25);
      for (const die of dice) expect(die).toHaveLength(6);
    }
  });
  it('rolls the same field for the same seed, another for another seed', () => {
    const dice = loadDiceSet('de-5x5');
    const a = formatField(rollField(dice, 'round-12'));
    expect(formatField(rollField(dice, 'round-12'))).toBe(a);
    expect(formatField(rollField(dice, 'round-13'))).not.toBe(a);
    expect(a.split('/')[2]![2]).toBe('*');
  });
  it('keeps a rolled field pinned across versions (seeded generator is part of the contract)', () => {
    expect(formatField(rollField(loadDiceSet('en-4x4'), 'pinned', 'none'))).toMatchInlineSnapshot(`"NOSS/TAUI/TETD/WEOZ"`);
  });
  it('places the star in the middle, anywhere, or nowhere', () => {
    const dice = loadDiceSet('en-4x4');
    expect(rollField(dice, 's', 'center').cells[5]).toBe('*');
    expect(rollField(dice, 's', 'none').cells).not.toContain('*');
    expect(rollField(dice, 's', 'random').cells.filter((c) => c === '*')).toHaveLength(1);
  });
  it('shows every face of every die over many rolls, and only those', () => {
    const dice = loadDiceSet('en-5x5');
    const all = new Set(dice.flat());
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) rollField(dice, `s${i}`, 'none').cells.forEach((c) => seen.add(c));
    expect(seen).toEqual(all);
  });
  it('re-rolls deterministically until the quality floor is met', () => {
    const dice = loadDiceSet('en-4x4');
    const measure = (f: { cells: readonly string[] }) => ({ words: f.cells.filter((c) => 'AEIOU'.includes(c)).length, bestPoints: 100 });
    const r = rollWithFloor(dice, 'q', 'none', { minWords: 7, minBestPoints: 0 }, measure);
    expect(r).toEqual(rollWithFloor(dice, 'q', 'none', { minWords: 7, minBestPoints: 0 }, measure));
    expect(measure(r.field).words).toBeGreaterThanOrEqual(7);
    // A floor no roll meets: the richest of the rolls, said so (a round must still open).
    const none = rollWithFloor(dice, 'q', 'none', { minWords: 17, minBestPoints: 0, maxAttempts: 20 }, measure);
    expect(none.met).toBe(false);
    expect(none.attempts).toBe(20);
    const all = Array.from({ length: 20 }, (_, i) => measure(rollField(dice, i === 0 ? 'q' : `q#${i}`, 'none')).words);
    expect(none.quality.words).toBe(Math.max(...all));
  });
  it('fr-4x4 and fr-5x5 are the B@ggle document\'s lists, die by die', () => {
    const faces = (name: string) => loadDiceSet(name).map((d) => d.map((f) => (f === 'QU' ? 'Q' : f)).join(''));
    expect(faces('fr-4x4')).toEqual(['ETUKNO', 'EVGTIN', 'DECAMP', 'IELRUW', 'EHIFSE', 'RECALS', 'ENTDOS', 'OFXRIA', 'NAVEDZ', 'EIOATA', 'GLENYU', 'BMAQJO', 'TLIBRA', 'SPULTE', 'AIMSOR', 'ENHRIS']);
    expect(faces('fr-5x5')).toEqual(['MDNSNH', 'GFSTEY', 'LMTRXS', 'TTRSCH', 'BMLNDL', 'TMRDBT', 'EIUEAO', 'RLXSSB', 'NAATEQ', 'TCJFSH', 'IEEAOA', 'NDHSNM', 'IAAIEO', 'OEUEIA', 'LCPRJS', 'DSTLSM', 'NKLPFN', 'DWRNLP', 'RZNNTQ', 'RGLRVF', 'RVCGRT', 'IIOEAE', 'EUIAEO', 'UIAEOA', 'NSEVAE']);
  });
  it('rejects a malformed dice file with the line', () => {
    expect(() => parseDiceSet('A B C D E F\nA B C')).toThrow(/line 2/);
  });
});
