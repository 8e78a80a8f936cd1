import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/game.js';
import { Ingestor, type IngestResult } from '../../src/game/ingest.js';
import { journalPath, type JournalRecord } from '../../src/game/round-journal.js';
import { Journal } from '../../src/store/journal.js';
import { fixture } from '../helpers.js';

// 62 mails as real clients write them (Thunderbird, Outlook desktop and mobile, Apple Mail
// on macOS and iOS, Gmail web and Android, Samsung, mutt, NeoMutt, K-9): top and bottom
// posting, HTML only, format=flowed, NFD, Latin-1 and windows-1252, base64 and
// quoted-printable, replies to the announcement and to the last round's newsletter. Each is
// read end to end (raw bytes → MIME → own text → entry → decision) and its reading asserted.

interface Expected {
  file: string;
  client: string;
  kind: 'entry' | 'not-an-entry' | 'ignored' | 'refused' | 'command';
  command?: string;
  round?: number;
  main?: string[];
  substitutes?: string[];
  joker?: string | null;
  why?: string;
  reason?: string;
}

const corpus = JSON.parse(readFileSync(fixture('mail/corpus/corpus.json'), 'utf8')) as Expected[];
const results = new Map<string, IngestResult>();
let records: JournalRecord[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-corpus-'));
  const senders = new Map<string, string>();
  for (const c of corpus) {
    const m = await simpleParser(readFileSync(fixture(`mail/corpus/${c.file}`)));
    const from = m.from?.value[0];
    if (from?.address && c.kind !== 'refused' || c.reason === 'round-closed') senders.set(from!.address!.toLowerCase(), from!.name || from!.address!);
  }
  const players = [...senders].map(([email, name]) => `  - { email: ${email}, name: "${name}"${email === 'jonas@example.test' ? ', code: tulpe' : ''} }`).join('\n');
  writeFileSync(join(dir, 'postboggle.yaml'), `name: Boggle per Post\nlanguage: de\nmail:\n  from: "Boggle per Post <boggle@example.test>"\nplayers:\n${players}\n`);
  for (const [n, field, state] of [[1, 'ABCDE/FGHIJ/KL*MN/OPRST/UVWXZ', 'scored'], [2, 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', 'open']] as const) {
    mkdirSync(join(dir, 'rounds', `00${n}`), { recursive: true });
    writeFileSync(join(dir, 'rounds', `00${n}`, 'round.json'), JSON.stringify({ round: n, field, seed: null, dice: null, opens: `2026-11-${n === 1 ? 15 : 22}T10:00:00.000+01:00`, deadline: `2026-11-${n === 1 ? 22 : 29}T10:00:00.000+01:00`, state }));
  }
  const ing = new Ingestor(openGame(dir));
  try {
    for (const c of corpus) results.set(c.file, await ing.ingest(readFileSync(fixture(`mail/corpus/${c.file}`))));
  } finally {
    ing.finish();
  }
  records = [1, 2, null].flatMap((r) => new Journal<JournalRecord>(journalPath(openGame(dir).layout, r)).read().records);
});

describe('a corpus of real-client mails, read end to end', () => {
  it('has at least 60 mails from every client the issue names', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    for (const client of ['Thunderbird', 'Outlook 16', 'Outlook for iOS', 'Outlook for Android', 'Apple Mail (macOS', 'iPhone Mail', 'Gmail web', 'Gmail for Android', 'Mutt', 'K-9']) {
      expect(corpus.some((c) => c.client.startsWith(client)), client).toBe(true);
    }
  });

  it.each(corpus.map((c) => [c.file, c] as const))('%s', (file, c) => {
    const r = results.get(file)!;
    const record = records.find((x) => x.id === r.id);
    if (c.kind === 'entry') {
      expect(r.outcome, JSON.stringify(record)).toMatchObject({ kind: 'entry', round: c.round });
      expect(record).toMatchObject({ kind: 'entry', main: c.main, substitutes: c.substitutes, joker: c.joker });
    } else if (c.kind === 'not-an-entry') {
      expect(r.outcome, JSON.stringify(record)).toMatchObject({ kind: 'not-an-entry', why: c.why });
    } else if (c.kind === 'command') {
      // A mail command (HELP, STATUS…): answered, never an entry (docs/players.md).
      expect(r.outcome, JSON.stringify(record)).toMatchObject({ kind: 'command', command: c.command });
      expect(record).toMatchObject({ kind: 'command', command: c.command });
    } else if (c.kind === 'refused') {
      expect(r.outcome).toMatchObject({ kind: 'refused', reason: c.reason });
    } else {
      expect(r.outcome.kind).toBe('ignored');
    }
  });
});
