import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Outbox, type OutboxRecord } from '../mail/outbox.js';
import { UserError } from '../user-error.js';
import type { GameLayout } from './layout.js';
import { allOutboxes } from './rounds.js';

// The GM's view of what went out and what did not: every outbox of the game (one a round,
// one for mail that belongs to no round), and the GM's word on a message that a stopped
// run left unconfirmed (src/mail/outbox.ts says why such a message is not sent again).

export interface OutboxListing {
  /** The round's number, or "unrouted". */
  round: string;
  dir: string;
  record: OutboxRecord;
}

/** "rounds/003/outbox" → "3"; the general outbox → "unrouted". */
function roundOf(dir: string): string {
  const name = basename(dirname(dir));
  return /^\d+$/.test(name) ? String(Number(name)) : name;
}

/** Every message of the game's outboxes (or of one round's), oldest first within a round. */
export function outboxListing(layout: GameLayout, round?: string): OutboxListing[] {
  const out: OutboxListing[] = [];
  for (const dir of allOutboxes(layout)) {
    const r = roundOf(dir);
    if (round !== undefined && r !== round) continue;
    if (!existsSync(dir)) continue;
    for (const record of new Outbox(dir).records()) out.push({ round: r, dir, record });
  }
  return out;
}

/** What a GM should look at: anything not sent (queued, held, unconfirmed, refused). */
export function needsAttention(l: OutboxListing): boolean {
  return l.record.state === 'queued' || l.record.state === 'unconfirmed' || l.record.state === 'failed';
}

/**
 * Sends an unconfirmed or refused message again, or records that an unconfirmed one
 * arrived. An id found in more than one round's outbox needs the round named.
 */
export function settleMessages(layout: GameLayout, ids: string[], how: 'resend' | 'confirm', now: Date, opts: { round?: string | undefined; reason?: string | undefined } = {}): { lines: string[]; dirs: string[] } {
  const all = outboxListing(layout, opts.round);
  const lines: string[] = [];
  const dirs = new Set<string>();
  for (const id of ids) {
    const hits = all.filter((l) => l.record.id === id);
    if (hits.length === 0) throw new UserError(`there is no message ${id}${opts.round ? ` in round ${opts.round}'s outbox` : ''} (postboggle outbox --all lists them)`);
    if (hits.length > 1) throw new UserError(`${id} is in the outboxes of rounds ${hits.map((h) => h.round).join(', ')}: name one with --round`);
    const hit = hits[0]!;
    const r = new Outbox(hit.dir).settle(id, how, now, opts.reason);
    if (!r.ok) throw new UserError(r.text);
    lines.push(`round ${hit.round}: ${r.text}`);
    dirs.add(hit.dir);
  }
  return { lines, dirs: [...dirs] };
}
