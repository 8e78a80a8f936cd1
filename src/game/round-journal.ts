import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Journal } from '../store/journal.js';
import { type IndexKey, JournalIndex } from '../store/journal-index.js';
import type { SyncBatch } from '../store/sync-batch.js';
import type { RefusalReason } from '../templates/i18n.js';
import { UserError } from '../user-error.js';
import { writeJson } from './json-files.js';
import type { GameLayout } from './layout.js';
import type { EntriesFile, StoredEntry } from './rounds.js';
import { readStateFile } from './state-files.js';

// The journal of a round (rounds/NNN/journal.jsonl), and of mail that belongs to no round
// (rounds/unrouted/journal.jsonl): one record for every mail handled, appended, never
// rewritten. entries.json and the ingest log are derived from it; docs/journal.md describes
// the records.

interface MailFacts {
  /** The message's identity: Message-ID and content (see mail-identity.ts). */
  id: string;
  /** When it arrived (IMAP INTERNALDATE, Received header, --received-at, or the clock). */
  at: string;
  messageId: string | null;
  from: string | null;
  subject: string;
  /** The raw copy, relative to the game directory. */
  source: string;
}

/** A GM's override of an entry (entry set|restore|accept-late|remove): what, when, why. */
export interface GmDecision {
  action: 'set' | 'restore' | 'accept-late' | 'remove';
  /** When the GM decided (ISO 8601 UTC); the record's `at` orders it among the player's mails. */
  at: string;
  reason: string;
  /** restore, accept-late: the record the entry was taken from. */
  of?: string;
}

export type JournalRecord =
  | (MailFacts & { kind: 'entry'; email: string; name: string; main: string[]; substitutes: string[]; joker: string | null; ignored?: number; gm?: GmDecision })
  /** The GM removed a player's entry of record (entry remove): the player has no entry, unless a later mail comes. */
  | (MailFacts & { kind: 'removed'; email: string; name: string; gm: GmDecision })
  | (MailFacts & { kind: 'not-an-entry'; email: string; reason: string })
  | (MailFacts & { kind: 'refused'; email: string | null; reason: RefusalReason })
  | (MailFacts & { kind: 'ignored'; why: string })
  | (MailFacts & { kind: 'quarantined'; why: string })
  /** A player's mail command (HELP, STATUS, PAUSE…), or a stranger's JOIN: answered, never an entry. `name`: the name a JOIN asks for. */
  | (MailFacts & { kind: 'command'; email: string | null; command: string; argument: string; outcome: string; name?: string })
  /** A second copy of a mail already handled whose bytes differ (trace headers): kept, nothing else. */
  | (MailFacts & { kind: 'duplicate'; of: string });

export type EntryRecord = Extract<JournalRecord, { kind: 'entry' }>;
export type RemovedRecord = Extract<JournalRecord, { kind: 'removed' }>;

export const journalPath = (layout: GameLayout, round: number | null) =>
  round === null ? join(layout.dir, 'rounds', 'unrouted', 'journal.jsonl') : join(layout.round(round), 'journal.jsonl');

function toStored(r: EntryRecord): Omit<StoredEntry, 'replaced'> {
  return { email: r.email, name: r.name, main: r.main, substitutes: r.substitutes, joker: r.joker, receivedAt: r.at, messageId: r.messageId ?? r.id, source: r.source, ...(r.gm ? { gm: r.gm } : {}) };
}

/**
 * The entries of record from a round's entry records: per player the one that arrived last
 * (ties: the later record), the others as its history, oldest first. Players in the order of
 * their first entry. Pure.
 */
export function deriveEntries(round: number, records: readonly JournalRecord[]): EntriesFile {
  const byPlayer = new Map<string, (EntryRecord | RemovedRecord)[]>();
  for (const r of records) {
    if (r.kind !== 'entry' && r.kind !== 'removed') continue;
    const list = byPlayer.get(r.email);
    if (list) { if (!list.some((x) => x.id === r.id)) list.push(r); } else byPlayer.set(r.email, [r]);
  }
  const entries: StoredEntry[] = [];
  for (const list of byPlayer.values()) {
    const ordered = list.map((r, i) => ({ r, i })).sort((a, b) => Date.parse(a.r.at) - Date.parse(b.r.at) || a.i - b.i).map((x) => x.r);
    const latest = ordered[ordered.length - 1]!;
    // Removed by the GM (and nothing came after): no entry of record.
    if (latest.kind === 'removed') continue;
    entries.push({ ...toStored(latest), replaced: ordered.slice(0, -1).filter((r): r is EntryRecord => r.kind === 'entry').map(toStored) });
  }
  return { round, entries };
}

/** Where a journal's index lives (see store/journal-index.ts): rounds/NNN/journal.index/. */
export const indexDirOf = (journal: string) => journal.replace(/\.jsonl$/, '.index');

/** What a round journal is looked up by: every record by its id, the entries and removals by player. */
export function roundKeys(r: JournalRecord): IndexKey[] {
  const keys: IndexKey[] = [{ k: `id:${r.id}` }];
  if (r.kind === 'entry' || r.kind === 'removed') {
    const t = Date.parse(r.at);
    keys.push({ k: `player:${r.email}`, ...(Number.isFinite(t) && t !== 0 ? { t } : {}) });
  }
  return keys;
}

/**
 * A round's entries.json (a copy for the GM; the journal is the record) is written anew at
 * the end of each run that changed the round while its journal is at most this long (some
 * 1,000 mails): deriving it means reading the whole journal. A larger round's copy is
 * written by runs that added at least a sixteenth of the journal (a batch), by score, and
 * when the next batch comes; so one mail never costs a pass over the whole round.
 */
export const ENTRIES_COPY_BYTES = 512 * 1024;

/**
 * Everything ingest needs to know about one round (or the unrouted mail): whether a message
 * is recorded, and each player's entry of record. Looked up through the journal's index
 * (a checkpoint and the journal's tail, store/journal-index.ts), so the cost of one more mail
 * does not grow with the round; kept up to date as records are appended.
 */
export class RoundBook {
  readonly journal: Journal<JournalRecord>;
  private readonly index: JournalIndex<JournalRecord>;
  dirty = false;
  /** Bytes this book appended. */
  private appendedBytes = 0;

  /** A book opened only to read (entry show): it never writes the index (it may run beside an ingest that holds the lock). */
  private readonly readOnly: boolean;

  constructor(readonly layout: GameLayout, readonly round: number | null, opts: { legacy?: boolean; batch?: SyncBatch; readOnly?: boolean } = {}) {
    this.readOnly = opts.readOnly ?? false;
    const path = journalPath(layout, round);
    this.journal = new Journal<JournalRecord>(path);
    if (opts.batch) this.journal.deferSync(opts.batch);
    if (round !== null && opts.legacy !== false && !this.journal.exists()) this.importLegacy(round);
    this.index = new JournalIndex(this.journal, indexDirOf(path), roundKeys);
    // entries.json is a copy for the GM: one left behind by a killed run is written anew.
    if (round !== null && this.journal.exists()) {
      const copy = layout.entries(round);
      this.dirty = !existsSync(copy) || statSync(copy).mtimeMs < statSync(path).mtimeMs;
    }
  }

  /** How the book was opened: from the index's checkpoint and the tail, or the whole journal read. */
  get opened(): { how: 'checkpoint' | 'full'; lines: number } {
    return { how: this.index.opened, lines: this.index.linesRead };
  }

  /** A round ingested before journals existed: its entries.json becomes the journal's first records. */
  private importLegacy(round: number): void {
    let file: EntriesFile | undefined;
    try {
      file = existsSync(this.layout.entries(round)) ? readStateFile<EntriesFile>(this.layout, this.layout.entries(round), 'entries') : undefined;
    } catch (e) {
      throw new UserError(`${(e as Error).message}; postboggle rebuild reads the stored mails again and writes it anew`);
    }
    if (!file?.entries.length) return;
    const recs: JournalRecord[] = [];
    for (const e of file.entries) {
      for (const old of [...e.replaced, e]) {
        recs.push({ kind: 'entry', id: `legacy-${old.messageId}`, at: old.receivedAt, messageId: old.messageId, from: e.email, subject: '', source: old.source,
          email: e.email, name: e.name, main: [...old.main], substitutes: [...old.substitutes], joker: old.joker ?? null });
      }
    }
    this.journal.appendMany(recs);
  }

  /** Whether a message (or GM decision) of this id is recorded. */
  has(id: string): boolean {
    return this.index.has(`id:${id}`);
  }

  /** The entry of record of a player, if any: the player's entry or removal that arrived last (ties: the later line). */
  entryOf(email: string): EntryRecord | undefined {
    const hit = this.index.get(`player:${email}`);
    return hit?.rec.kind === 'entry' ? hit.rec : undefined;
  }

  append(r: JournalRecord): void {
    const o = this.journal.append(r);
    this.appendedBytes += this.journal.size() - o;
    this.index.add(r, o);
    if (r.kind === 'entry' || r.kind === 'removed') this.dirty = true;
  }

  /** The round's entries of record, derived from the whole journal. */
  entries(): EntriesFile {
    return deriveEntries(this.round ?? 0, this.journal.read().records);
  }

  /** Whether this run should write entries.json anew (ENTRIES_COPY_BYTES). */
  copyDue(): boolean {
    if (this.round === null || !this.dirty) return false;
    const size = this.journal.size();
    return size <= ENTRIES_COPY_BYTES || this.appendedBytes * 16 >= size;
  }

  /** Writes entries.json anew if due; a round that never had an entry gets none. */
  writeCopyIfDue(): void {
    if (!this.copyDue()) return;
    const file = this.entries();
    if (file.entries.length === 0 && !existsSync(this.layout.entries(this.round!))) return;
    writeJson(this.layout.entries(this.round!), file);
    this.dirty = false;
  }

  /** Makes the appends durable and brings the index up to date (when its tail is long enough). */
  close(): void {
    this.journal.close();
    if (!this.readOnly) this.index.commit();
  }
}

/** Writes a round's entries.json anew when it is older than the journal (score, entries --write). */
export function refreshEntriesCopy(layout: GameLayout, round: number, file?: EntriesFile): boolean {
  const path = journalPath(layout, round);
  if (!existsSync(path)) return false;
  const copy = layout.entries(round);
  if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs) return false;
  writeJson(copy, file ?? deriveEntries(round, new Journal<JournalRecord>(path).read().records));
  return true;
}

/** The entries of a round: derived from its journal, or entries.json for a round without one. */
export function readEntriesOf(layout: GameLayout, round: number): EntriesFile {
  const path = journalPath(layout, round);
  if (existsSync(path)) return deriveEntries(round, new Journal<JournalRecord>(path).read().records);
  try {
    return existsSync(layout.entries(round)) ? readStateFile<EntriesFile>(layout, layout.entries(round), 'entries') : { round, entries: [] };
  } catch (e) {
    throw new UserError(`${(e as Error).message}; postboggle rebuild reads the stored mails again and writes it anew`);
  }
}
