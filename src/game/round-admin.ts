import { existsSync } from 'node:fs';
import { DateTime } from 'luxon';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import type { Game } from './game.js';
import { flushOutboxes } from './mailer.js';
import { queueDeadlineChange } from './round-mail.js';
import { readRound, type RoundRecord, writeRound } from './rounds.js';
import { parseExtension } from './schedule.js';

// What the GM does to a round besides opening, publishing and scoring it: move its
// deadline, cancel it; and how its state reads in words.


/** A deadline as typed: +DURATION on the current one, or a time (read in the game's zone without an offset). */
export function parseNewDeadline(text: string, current: string, zone: string): string {
  const ext = parseExtension(text);
  if (ext) return DateTime.fromISO(current, { setZone: true }).setZone(zone).plus(ext).toISO()!;
  if (text.trim().startsWith('+')) throw new UserError(`"${text}" is not a duration: use +P2D, +PT6H, +2d, +6h or +30m`);
  const dt = DateTime.fromISO(text.trim().replace(' ', 'T'), { zone, setZone: true });
  if (!dt.isValid) throw new UserError(`"${text}" is not a deadline: use an ISO 8601 time like 2026-12-06T20:00 (read in ${zone}) or +DURATION like +2d`);
  return dt.setZone(zone).toISO()!;
}

/**
 * Moves a round's deadline (earlier or later). A past deadline needs force; a closed round
 * not yet scored opens again when its new deadline is ahead. With notify, every player is
 * mailed the new deadline.
 */
export async function moveDeadline(game: Game, r: RoundRecord, when: string, opts: { force: boolean; notify: boolean }) {
  if (r.state === 'scored' || r.state === 'void') throw new UserError(`round ${r.round} is ${r.state}: its deadline cannot move${r.state === 'scored' ? ' any more' : ''}`);
  const zone = game.settings.schedule.timezone;
  const deadline = parseNewDeadline(when, r.deadline, zone);
  const t = now();
  if (Date.parse(deadline) <= t.getTime() && !opts.force) throw new UserError(`the new deadline ${deadline} is already past; pass --force to set it anyway (the next tick closes the round)`);
  if (Date.parse(deadline) <= Date.parse(r.opens)) throw new UserError(`the new deadline ${deadline} is before the round opened (${r.opens})`);
  if (opts.notify && !r.publishedAt) throw new UserError(`round ${r.round} is not published yet: postboggle round publish ${r.round} mails the field with the new deadline (drop --notify)`);
  const reopened = r.state === 'closed' && Date.parse(deadline) > t.getTime();
  const next: RoundRecord = { ...readRound(game.layout, r.round), deadline, ...(reopened ? { state: 'open' as const } : {}) };
  writeRound(game.layout, next);
  let queued = 0, sent = 0;
  if (opts.notify) {
    queued = await queueDeadlineChange(game, next, r.deadline);
    sent = (await flushOutboxes(game, [game.layout.outbox(r.round)])).sent;
  }
  return { deadline, previous: r.deadline, reopened, queued, sent };
}

/** Cancels a round: no score, the ranking skips it, no newsletter. Its files stay for the record. */
export function voidRound(game: Game, r: RoundRecord, reason: string) {
  if (r.state === 'void') throw new UserError(`round ${r.round} is void already`);
  writeRound(game.layout, { ...readRound(game.layout, r.round), state: 'void', voided: { at: now().toISOString(), reason: reason.replace(/[\u0000-\u001f]/g, ' ').trim() } });
  return { hadResults: existsSync(game.layout.results(r.round)) };
}
