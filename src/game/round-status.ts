// What `round show` and `round list` say of a round, without the mail libraries (those
// commands touch no mail server and must start fast).
import { now } from './clock.js';
import { isLate } from './deadline.js';
import type { Game } from './game.js';
import { readEntries, type RoundRecord } from './rounds.js';

/** Players of the game without an entry of record in the round (whose entries a caller that has read them passes in). */
export function missingPlayers(game: Game, round: number, entries?: readonly { email: string }[]): { email: string; name: string }[] {
  const have = new Set((entries ?? readEntries(game.layout, round).entries).map((e) => e.email.toLowerCase()));
  return game.settings.players.filter((p) => !have.has(p.email.toLowerCase())).map((p) => ({ email: p.email, name: p.name }));
}

/** The round's state as a GM needs to read it: "open, not published", "deadline passed, closes at the next tick"… */
export function roundStatus(game: Game, r: RoundRecord): string {
  const parts: string[] = [];
  if (r.state === 'void') return `void${r.voided?.reason ? `: ${r.voided.reason}` : ''}`;
  if (r.state === 'open') parts.push(isLate(now(), r.deadline, game.settings.schedule.grace) ? 'deadline passed, closes at the next tick' : 'open');
  if (r.state === 'closed') parts.push('closed, not scored yet');
  if (r.state === 'scored') {
    parts.push('scored');
    if (r.newsletterSentAt) parts.push('newsletter sent');
    else if (game.settings.newsletter.approval && !r.newsletterApprovedAt) parts.push('newsletter awaits approval');
    else parts.push('newsletter not sent');
  }
  if (!r.publishedAt && r.state !== 'scored') parts.push('not published');
  if (game.settings.schedule.paused && r.state === 'open') parts.push('game paused');
  return parts.join(', ');
}
