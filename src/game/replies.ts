import { join } from 'node:path';
import { Journal } from '../store/journal.js';
import type { SyncBatch } from '../store/sync-batch.js';
import type { GameLayout } from './layout.js';

// Who may get an automatic reply, and when. Every mail is hostile: a forged From or
// Reply-To must not turn the game into a relay that mails third parties, and a flood of
// forged mail in a player's name must not use up the replies the real player needs.
//
// - A registered player gets at most mail.repliesPerHour replies an hour. Past that, a
//   receipt for an entry is not dropped but held back and coalesced: one receipt per player
//   and round waits (a newer one replaces it unsent), and goes out when the hour allows,
//   describing the entry of record then. Other replies past the limit are not sent (the GM
//   sees the mails in the journal).
// - A stranger gets a fixed text that quotes nothing of their mail, at the From address
//   only (never a Reply-To), at most once a day per address and mail.strangerRepliesPerHour
//   in all.

export interface ReplyLimits {
  repliesPerHour: number;
  strangerRepliesPerHour: number;
}

export type ReplyPlan = { send: false; why: string } | { send: true; notBefore: Date | null };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The decision for one reply. `sentToAddress`: the times of replies to this address (any order). Pure. */
export function planReply(r: {
  stranger: boolean; isReceipt: boolean; at: Date; sentToAddress: readonly Date[]; strangerRepliesLastHour: number; limits: ReplyLimits;
}): ReplyPlan {
  const t = r.at.getTime();
  if (r.stranger) {
    if (r.sentToAddress.some((d) => t - d.getTime() < DAY && d.getTime() <= t)) return { send: false, why: 'a stranger is answered once a day' };
    if (r.strangerRepliesLastHour >= r.limits.strangerRepliesPerHour) return { send: false, why: `${r.limits.strangerRepliesPerHour} replies to strangers this hour` };
    return { send: true, notBefore: null };
  }
  const window = r.sentToAddress.map((d) => d.getTime()).filter((d) => d <= t && t - d < HOUR).sort((a, b) => a - b);
  if (window.length < r.limits.repliesPerHour) return { send: true, notBefore: null };
  if (!r.isReceipt) return { send: false, why: `${r.limits.repliesPerHour} replies to this address this hour` };
  // Hold the receipt until the oldest reply of the window is an hour old.
  const k = window.length - r.limits.repliesPerHour;
  return { send: true, notBefore: new Date((window[k] ?? t) + HOUR) };
}

interface LedgerRecord {
  to: string;
  at: string;
  stranger: boolean;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The replies to an address are kept in one of this many files a day (by a hash of the address). */
const SHARDS = 64;
function shardOf(address: string): string {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < address.length; i++) h = Math.imul(h ^ address.charCodeAt(i), 0x01000193);
  return ((h >>> 0) % SHARDS).toString(16).padStart(2, '0');
}

/**
 * The replies sent, by day and by address: rounds/replies/YYYY-MM-DD/<shard>.jsonl (replies
 * to players, the shard a hash of the address) and rounds/replies/YYYY-MM-DD/strangers.jsonl.
 * Checking the limits for one address reads that address's shard of three days and the
 * strangers' files (short: strangers are answered a few times an hour at most), so one reply
 * costs the same on a quiet day and on a deadline day with 100,000 receipts. Ledgers written
 * before the shards (rounds/replies/YYYY-MM-DD.jsonl, one file a day) are still read.
 */
export class ReplyLedger {
  private readonly loaded = new Set<string>();
  private readonly byAddress = new Map<string, Date[]>();
  private readonly strangers: Date[] = [];
  private readonly journals = new Map<string, Journal<LedgerRecord>>();

  constructor(private readonly layout: GameLayout, private readonly batch?: SyncBatch) {}

  private journal(file: string): Journal<LedgerRecord> {
    let j = this.journals.get(file);
    if (!j) {
      this.journals.set(file, (j = new Journal<LedgerRecord>(join(this.layout.dir, 'rounds', 'replies', file))));
      if (this.batch) j.deferSync(this.batch);
    }
    return j;
  }

  /** Loads the files of the days around `at`: the strangers', the old whole-day ones, and the shard of `address`. */
  private ensure(at: Date, address?: string): void {
    for (const d of [day(new Date(at.getTime() - DAY)), day(at), day(new Date(at.getTime() + DAY))]) {
      for (const file of [`${d}.jsonl`, `${d}/strangers.jsonl`, ...(address ? [`${d}/${shardOf(address)}.jsonl`] : [])]) {
        if (this.loaded.has(file)) continue;
        this.loaded.add(file);
        for (const r of this.journal(file).read().records) this.remember(r);
      }
    }
  }

  private remember(r: LedgerRecord): void {
    const when = new Date(r.at);
    const list = this.byAddress.get(r.to);
    if (list) list.push(when); else this.byAddress.set(r.to, [when]);
    if (r.stranger) this.strangers.push(when);
  }

  sentTo(address: string, at: Date): Date[] {
    this.ensure(at, address);
    return this.byAddress.get(address) ?? [];
  }

  strangerRepliesLastHour(at: Date): number {
    this.ensure(at);
    const t = at.getTime();
    // Kept short: entries older than a day are dropped as they are passed.
    this.strangers.sort((a, b) => a.getTime() - b.getTime());
    while (this.strangers.length && t - this.strangers[0]!.getTime() > DAY) this.strangers.shift();
    return this.strangers.filter((d) => d.getTime() <= t && t - d.getTime() < HOUR).length;
  }

  record(to: string, at: Date, stranger: boolean): void {
    this.ensure(at, to);
    const r = { to, at: at.toISOString(), stranger };
    this.journal(`${day(at)}/${stranger ? 'strangers' : shardOf(to)}.jsonl`).append(r);
    this.remember(r);
  }

  close(): void {
    for (const j of this.journals.values()) j.close();
  }
}
