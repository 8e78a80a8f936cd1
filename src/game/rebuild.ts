import { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Journal } from '../store/journal.js';
import { isLate } from './deadline.js';
import type { Game } from './game.js';
import { Ingestor } from './ingest.js';
import { writeJson } from './json-files.js';
import { indexDirOf, journalPath, type JournalRecord, readEntriesOf, RoundBook } from './round-journal.js';
import { dropIndex } from '../store/journal-index.js';
import { readRounds, type RoundRecord } from './rounds.js';

// Rebuilds the state derived from the stored raw mails: the round journals, the ingest log
// and entries.json. For a game whose state files were damaged (a full disk, a crash, a
// hand edit): every received mail is kept raw, so everything can be read again. The old
// journals are kept beside the new ones (journal.jsonl.before-rebuild-<time>). No reply is
// queued: the players were answered when the mails first came.

export interface RebuildReport {
  mails: number;
  byKind: Record<string, number>;
  damagedLines: number;
  rounds: { round: number; before: number; after: number }[];
}

/** The rounds as they stood at a moment: each open from its opening until deadline + grace (or until scored early). */
export function roundsAsOf(rounds: RoundRecord[], at: Date, grace: string): RoundRecord[] {
  return rounds.map((r) => {
    const open = at.getTime() >= Date.parse(r.opens) - 60_000 && !isLate(at, r.deadline, grace) && !(r.scoredAt && at.getTime() > Date.parse(r.scoredAt));
    return { ...r, state: open ? 'open' : at.getTime() < Date.parse(r.opens) ? 'closed' : r.state === 'open' ? 'closed' : r.state };
  });
}

function topReceived(raw: Buffer): Date | null {
  const head = raw.toString('latin1', 0, Math.min(raw.length, 64 * 1024));
  const m = /^Received:[^\n]{0,2000}?(?:\n[ \t][^\n]{0,2000})*/im.exec(head);
  const when = m?.[0].split(';').pop()?.trim().slice(0, 100).replace(/\s*\([^)]*\)\s*$/, '');
  const d = when ? new Date(when) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

export async function rebuild(game: Game, stamp: string): Promise<RebuildReport> {
  const { layout } = game;
  const rounds = readRounds(layout);
  const before = new Map(rounds.map((r) => [r.round, readEntriesOf(layout, r.round).entries.length]));
  // Arrival times from the old journals where a line is still good; else the Received header, else the file time.
  const arrival = new Map<string, string>();
  let damagedLines = 0;
  const decisions: { round: number; record: JournalRecord }[] = [];
  const journals = [journalPath(layout, null), ...rounds.map((r) => journalPath(layout, r.round))];
  for (const p of journals) {
    const read = new Journal<JournalRecord>(p).read();
    damagedLines += read.damaged;
    for (const r of read.records) {
      if (r.source) arrival.set(resolve(layout.dir, r.source), r.at);
      // The GM's decisions are not in any mail: carried over as they were.
      if ((r.kind === 'entry' || r.kind === 'removed') && r.gm && p !== journalPath(layout, null)) decisions.push({ round: Number(p.split('/').slice(-2)[0]), record: r });
    }
  }
  const dirs = [join(layout.rounds, 'incoming'), join(layout.rounds, 'unrouted', 'inbox'), join(layout.rounds, 'quarantine'), ...rounds.map((r) => layout.inbox(r.round))];
  const mails: { path: string; at: Date }[] = [];
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d).filter((x) => x.endsWith('.eml'))) {
      const path = join(d, f);
      const known = arrival.get(path);
      const at = known ? new Date(known) : topReceived(readFileSync(path)) ?? statSync(path).mtime;
      mails.push({ path, at });
    }
  }
  mails.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.path < b.path ? -1 : 1));

  // The old derived state is set aside, not deleted.
  for (const p of [...journals, join(layout.rounds, 'ingested.jsonl')]) {
    if (existsSync(p)) renameSync(p, `${p}.before-rebuild-${stamp}`);
    dropIndex(indexDirOf(p)); // (an index of the journal set aside: it would not match the new one anyway)
  }
  const grace = game.settings.schedule.grace;
  const ing = new Ingestor(game, { quiet: true, roundsAt: (at) => roundsAsOf(rounds, at, grace) });
  const byKind: Record<string, number> = {};
  try {
    for (const m of mails) {
      const r = await ing.ingest(readFileSync(m.path), { receivedAt: m.at });
      byKind[r.outcome.kind] = (byKind[r.outcome.kind] ?? 0) + 1;
      // The mail now lives where the new reading put it (a copy, if the reading moved it).
      if (resolve(r.file) !== resolve(m.path) && existsSync(r.file)) unlinkSync(m.path);
    }
  } finally {
    ing.finish();
  }
  for (const d of decisions) {
    const book = new RoundBook(layout, d.round, { legacy: false });
    try { if (!book.has(d.record.id)) book.append(d.record); } finally { book.close(); }
  }
  const after = rounds.map((r) => {
    const entries = readEntriesOf(layout, r.round);
    writeJson(layout.entries(r.round), entries);
    return { round: r.round, before: before.get(r.round) ?? 0, after: entries.entries.length };
  });
  return { mails: mails.length, byKind, damagedLines, rounds: after };
}
