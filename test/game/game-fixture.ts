import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEntry } from '../../src/game/rounds.js';
import { openGame } from '../../src/game/game.js';
import { Ingestor, type IngestResult } from '../../src/game/ingest.js';
import type { Entry } from '../../src/rules/types.js';

/** A game directory on disk with one round on the seed example field, written as postboggle writes it. */
export function makeGame(entries: Record<string, Entry>, settings = 'name: Test\nlanguage: de\n'): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-game-'));
  writeFileSync(join(dir, 'postboggle.yaml'), settings);
  const round = join(dir, 'rounds', '001');
  mkdirSync(round, { recursive: true });
  writeFileSync(join(round, 'round.json'), JSON.stringify({
    round: 1, field: 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', seed: null, dice: null,
    opens: '2026-11-01T12:00:00.000+01:00', deadline: '2026-11-08T12:00:00.000+01:00', state: 'open',
  }));
  const stored: StoredEntry[] = Object.entries(entries).map(([name, e]) => ({
    ...e, email: `${name.toLowerCase()}@example.test`, name, receivedAt: '2026-11-02T10:00:00.000Z',
    messageId: `<${name}@example.test>`, source: `inbox/${name}.eml`, replaced: [],
  }));
  writeFileSync(join(round, 'entries.json'), JSON.stringify({ round: 1, entries: stored }));
  return dir;
}

/** Ingests raw mails into the game in one run (one Ingestor, as one `ingest` would); `at` gives mail i its arrival time. */
export async function ingestAll(dir: string, raws: Buffer[], at?: (i: number) => Date): Promise<IngestResult[]> {
  const ing = new Ingestor(openGame(dir));
  const out: IngestResult[] = [];
  try {
    for (const [i, raw] of raws.entries()) out.push(await ing.ingest(raw, { receivedAt: at?.(i) }));
  } finally {
    ing.finish();
  }
  return out;
}

/** A raw mail from its header lines and body. */
export const rawMail = (headers: string[], body: string) => Buffer.from([...headers, '', body].join('\r\n'), 'utf8');
