import { existsSync, readdirSync } from 'node:fs';
import type { Entry } from '../rules/types.js';
import type { GameLayout } from './layout.js';
import { writeJson } from './json-files.js';
import { readEntriesOf } from './round-journal.js';
import { UserError } from '../user-error.js';
import { readStateFile } from './state-files.js';

export type RoundState = 'open' | 'closed' | 'scored' | 'void';

/** rounds/NNN/round.json */
export interface RoundRecord {
  round: number;
  field: string;
  seed: string | null;
  dice: string | null;
  /** ISO 8601 with the game's zone offset. */
  opens: string;
  deadline: string;
  state: RoundState;
  publishedAt?: string | null;
  scoredAt?: string | null;
  newsletterSentAt?: string | null;
  /** With newsletter.approval: when the GM approved the newsletter (postboggle newsletter approve). */
  newsletterApprovedAt?: string | null;
  /** The deadlines the announcement was mailed with (round publish again after a change mails the new one). */
  announcedDeadlines?: string[];
  /** A cancelled round (postboggle round void): no score, skipped by the ranking, no newsletter. */
  voided?: { at: string; reason: string } | null;
}

/** One player's entry of record, as read from a mail. */
export interface StoredEntry extends Entry {
  email: string;
  name: string;
  receivedAt: string;
  /** Message-ID of the mail it came from, and its raw copy in inbox/. */
  messageId: string;
  source: string;
  /** Set by the GM (entry set|restore|accept-late): what, when, why. */
  gm?: { action: 'set' | 'restore' | 'accept-late' | 'remove'; at: string; reason: string; of?: string };
  /** Earlier entries of this player this round, replaced by this one (oldest first). */
  replaced: Omit<StoredEntry, 'replaced'>[];
}

/** rounds/NNN/entries.json */
export interface EntriesFile {
  round: number;
  entries: StoredEntry[];
}

export function roundNumbers(layout: GameLayout): number[] {
  if (!existsSync(layout.rounds)) return [];
  return readdirSync(layout.rounds).filter((n) => /^\d{3,}$/.test(n)).map(Number).filter((n) => existsSync(layout.roundFile(n))).sort((a, b) => a - b);
}

export function readRound(layout: GameLayout, n: number): RoundRecord {
  if (!existsSync(layout.roundFile(n))) throw new UserError(`there is no round ${n}`);
  return readStateFile<RoundRecord>(layout, layout.roundFile(n), 'round');
}

/** Every round of the game, oldest first. */
export function readRounds(layout: GameLayout): RoundRecord[] {
  return roundNumbers(layout).map((n) => readRound(layout, n));
}

/** Every outbox of the game: the one for mail outside rounds, then each round's. */
export function allOutboxes(layout: GameLayout): string[] {
  return [layout.outboxGeneral, ...roundNumbers(layout).map((n) => layout.outbox(n))];
}

export function writeRound(layout: GameLayout, r: RoundRecord): void {
  writeJson(layout.roundFile(r.round), r);
}

/** The round a command means: the one named, else the latest. */
export function resolveRound(layout: GameLayout, n?: number): RoundRecord {
  if (n !== undefined) return readRound(layout, n);
  const all = roundNumbers(layout);
  if (all.length === 0) throw new UserError('there is no round yet (postboggle round new)');
  return readRound(layout, all[all.length - 1]!);
}

/** A round's entries of record: derived from its journal (entries.json is a copy for the GM). */
export function readEntries(layout: GameLayout, n: number): EntriesFile {
  return readEntriesOf(layout, n);
}

export function writeEntries(layout: GameLayout, file: EntriesFile): void {
  writeJson(layout.entries(file.round), file);
}
