import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameLayout } from '../../src/game/layout.js';
import { readStateFile } from '../../src/game/state-files.js';

// A state file above 32 MB (a results.json of a round with tens of thousands of players)
// is read like any other, and its bytes are let go of at once (state-files.ts): the value
// returned must be the file's, checked, whether or not its bytes are still held.
describe('a big state file', { timeout: 60_000 }, () => {
  const record = {
    round: 1, field: 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', seed: null, dice: null,
    opens: '2026-11-01T12:00:00.000+01:00', deadline: '2026-11-08T12:00:00.000+01:00', state: 'open',
  };
  const padding = ' '.repeat(33 << 20); // whitespace is JSON: the file is big, the value small

  function bigRoundFile(value: object) {
    const dir = mkdtempSync(join(tmpdir(), 'pb-state-'));
    writeFileSync(join(dir, 'postboggle.yaml'), 'name: Test\nlanguage: de\n');
    mkdirSync(join(dir, 'rounds', '001'), { recursive: true });
    const layout = gameLayout(dir);
    writeFileSync(layout.roundFile(1), JSON.stringify(value) + padding);
    return layout;
  }

  it('is read, checked, and read again as known good, with the same value', () => {
    const layout = bigRoundFile(record);
    expect(readStateFile(layout, layout.roundFile(1), 'round')).toEqual(record);
    expect(readStateFile(layout, layout.roundFile(1), 'round')).toEqual(record);
  });

  it('that is wrong is named with its file and key', () => {
    const layout = bigRoundFile({ ...record, deadline: 'next friday' });
    expect(() => readStateFile(layout, layout.roundFile(1), 'round')).toThrow(/rounds\/001\/round\.json: deadline/);
  });
});
