import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/game.js';
import { deriveEntries, journalPath, type JournalRecord } from '../../src/game/round-journal.js';
import { Outbox } from '../../src/mail/outbox.js';
import { Journal, journalLine } from '../../src/store/journal.js';
import { runCli } from '../cli/run-cli.js';
import { rawMail } from './game-fixture.js';

// One mail a process (procmail: postboggle ingest < mail): each run looks up the ingest log
// and the round journal through their indexes (a checkpoint and the tail) instead of reading
// them whole. With POSTBOGGLE_INDEX_TAIL_BYTES=1 every run folds its lines into the index, so
// these tests go through the index files and checkpoints on every mail.

let dir = '';
const NOW = '2026-11-24T10:00:00Z';
const FOLD = { POSTBOGGLE_NOW: NOW, POSTBOGGLE_INDEX_TAIL_BYTES: '1' };
const PLAYERS = ['alice', 'bob', 'carol'];

const entry = (n: number, who: string, words: string, extraHeaders: string[] = []) =>
  rawMail([...extraHeaders, `From: ${who}@example.test`, 'To: gm@example.test', 'Subject: Runde 1', `Message-ID: <m${n}@example.test>`, `Date: Tue, 24 Nov 2026 0${n % 10}:00:00 +0000`], words);

/** Mail n arrives at n o'clock (given, as a rebuild orders the mails by their arrival). */
const ingest = (raw: Buffer, env: Record<string, string> = FOLD) => {
  const n = Number(/Message-ID: <m(\d+)@/.exec(raw.toString('utf8'))![1]);
  return runCli(['ingest', '--dir', dir, '--received-at', `2026-11-24T${String(n).padStart(2, '0')}:00:00Z`], { input: raw.toString('utf8'), env });
};
const records = () => new Journal<JournalRecord>(journalPath(openGame(dir).layout, 1)).read().records;
const current = () => Object.fromEntries(deriveEntries(1, records()).entries.map((e) => [e.email.split('@')[0], e.main.join(' ')]));
const receipts = () => new Outbox(join(dir, 'rounds/001/outbox')).records().filter((r) => r.kind === 'receipt');

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pb-one-')), 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir, '--name', 'Boggle'], { env: e });
  writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('players: []', `players:\n${PLAYERS.map((p) => `  - { email: ${p}@example.test, name: ${p} }`).join('\n')}`)
    .replace(/from: ".*"/, 'from: "Boggle <gm@example.test>"'));
  expect(runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e }).status).toBe(0);
});

describe('one mail a process, through the indexes', () => {
  it('catches a mail delivered again (same bytes, or other trace headers) across checkpoints, and keeps each player\'s latest entry', () => {
    const mails = [entry(1, 'alice', 'gurren, Gras'), entry(2, 'bob', 'Besen'), entry(3, 'alice', 'Ferne, Besen'), entry(4, 'carol', 'Gras')];
    for (const m of mails) expect(ingest(m).stdout).toMatch(/entry for round 1 from .*, reply queued/);
    expect(existsSync(join(dir, 'rounds/ingested.index/checkpoint.json'))).toBe(true);
    expect(existsSync(join(dir, 'rounds/001/journal.index/checkpoint.json'))).toBe(true);
    // The same bytes again, and the first mail once more through another server (a Received line more).
    expect(ingest(mails[1]!).stdout).toMatch(/already ingested: nothing changed/);
    const redelivered = Buffer.concat([Buffer.from('Received: from relay.example.test; Tue, 24 Nov 2026 09:00:00 +0000\r\n'), mails[0]!]);
    expect(ingest(redelivered).stdout).toMatch(/already ingested: nothing changed/);
    // An earlier mail of alice's arriving now is history, not her entry.
    expect(ingest(entry(0, 'alice', 'Emaille')).stdout).toMatch(/an earlier entry from alice@example.test .* arrived after a later one/);
    expect(current()).toEqual({ alice: 'Ferne Besen', bob: 'Besen', carol: 'Gras' });
    const recs = records();
    expect(recs.filter((r) => r.kind === 'entry')).toHaveLength(5);
    expect(recs.filter((r) => r.kind === 'duplicate')).toHaveLength(1);
    expect(receipts()).toHaveLength(5); // nothing answered twice
    expect(runCli(['entries', '--dir', dir, '--json'], { env: FOLD }).stdout).toMatch(/"Ferne"/);
  });

  it('a stale, damaged or foreign checkpoint is ignored and the state is still right', () => {
    for (const [i, p] of PLAYERS.entries()) expect(ingest(entry(i + 1, p, 'gurren')).status).toBe(0);
    // Damaged (cut short), and made of another journal (its hash and length do not match).
    writeFileSync(join(dir, 'rounds/ingested.index/checkpoint.json'), '{"v":1,"gen":"00');
    const cp = join(dir, 'rounds/001/journal.index/checkpoint.json');
    writeFileSync(cp, readFileSync(cp, 'utf8').replace(/"mark":"[0-9a-f]+"/, '"mark":"0000"'));
    expect(ingest(entry(2, 'bob', 'gurren')).stdout).toMatch(/already ingested/);
    expect(ingest(entry(5, 'bob', 'Besen, Gras')).stdout).toMatch(/entry for round 1 from bob@example.test \(replaces the earlier one\), reply queued/);
    // The index files lost (the checkpoint left), or damaged: the next run builds them again, or skips the bad line.
    for (const f of readdirSync(join(dir, 'rounds/ingested.index'))) if (f !== 'checkpoint.json') rmSync(join(dir, 'rounds/ingested.index', f), { recursive: true });
    for (const f of readdirSync(join(dir, 'rounds/001/journal.index'))) if (f !== 'checkpoint.json') writeFileSync(join(dir, 'rounds/001/journal.index', f, '00.jsonl'), 'garbage\n', { flag: 'a' });
    expect(ingest(entry(1, 'alice', 'gurren')).stdout).toMatch(/already ingested/);
    expect(ingest(entry(6, 'carol', 'Ferne')).stdout).toMatch(/entry for round 1 from carol@example.test \(replaces the earlier one\), reply queued/);
    expect(current()).toEqual({ alice: 'gurren', bob: 'Besen Gras', carol: 'Ferne' });
    expect(receipts()).toHaveLength(5);
  });

  it('an index that points at the wrong lines is named by doctor and not believed by ingest', () => {
    for (const [i, p] of PLAYERS.entries()) expect(ingest(entry(i + 1, p, 'gurren')).status).toBe(0);
    const idx = join(dir, 'rounds/001/journal.index');
    const gen = readdirSync(idx).find((f) => f !== 'checkpoint.json')!;
    for (const f of readdirSync(join(idx, gen))) {
      const p = join(idx, gen, f);
      const moved = new Journal<{ k: string; o: number }>(p).read().records.map((e) => journalLine({ ...e, o: 0 }));
      writeFileSync(p, moved.join(''));
    }
    expect(runCli(['doctor', '--dir', dir], { env: FOLD }).stdout).toMatch(/rounds\/001\/journal.index: the index answers \d+ key\(s\) otherwise than rounds\/001\/journal.jsonl/);
    expect(ingest(entry(7, 'bob', 'Besen')).stdout).toMatch(/from bob@example.test \(replaces the earlier one\)/);
    expect(ingest(entry(3, 'carol', 'gurren')).stdout).toMatch(/already ingested/);
    expect(current()).toEqual({ alice: 'gurren', bob: 'Besen', carol: 'gurren' });
    expect(runCli(['doctor', '--dir', dir], { env: FOLD }).stdout).not.toMatch(/index answers/);
  });

  it('killed at every point in turn: each mail fed again is taken once and answered once, and rebuild and doctor agree', () => {
    const points = ['ingest:stored', 'ingest:recorded', 'index:folded', 'index:checkpointed', 'outbox:before-send'];
    expect(ingest(entry(1, 'alice', 'gurren')).status).toBe(0);
    expect(ingest(entry(2, 'bob', 'Gras')).status).toBe(0);
    const words = ['Besen', 'Ferne', 'Gras', 'gurren', 'Emaille'];
    const mails = points.map((_, i) => entry(3 + i, PLAYERS[i % 3]!, words[i]!));
    for (const [i, point] of points.entries()) {
      expect(ingest(mails[i]!, { ...FOLD, POSTBOGGLE_CRASH_AT: point }).status, point).toBe(-1); // SIGKILL
      const again = ingest(mails[i]!); // procmail delivers it again
      expect(again.status, again.stderr).toBe(0);
      expect(ingest(mails[i]!).stdout, point).toMatch(/already ingested/);
    }
    const expected = { alice: 'gurren', bob: 'Emaille', carol: 'Gras' };
    expect(current()).toEqual(expected);
    const ids = records().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length); // each mail recorded once
    const rs = receipts();
    expect(rs).toHaveLength(2 + points.length);
    expect(rs.every((r) => r.state === 'sent')).toBe(true);
    const doctor = runCli(['doctor', '--dir', dir], { env: FOLD });
    expect(doctor.stdout + doctor.stderr).not.toMatch(/error/i);
    expect(runCli(['rebuild', '--dir', dir], { env: FOLD }).status).toBe(0);
    expect(current()).toEqual(expected);
    expect(ingest(mails[2]!).stdout).toMatch(/already ingested/); // after the rebuild too
    expect(receipts()).toHaveLength(2 + points.length);
  }, 180_000);
});
