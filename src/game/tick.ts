import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { isLate } from './deadline.js';
import { readJson } from './json-files.js';
import type { RoundResult } from '../rules/round-scoring.js';
import type { Game } from './game.js';
import { imapFeed, type IngestResult, runIngest } from './ingest.js';
import { openItems } from './inbox.js';
import { flushOutboxes } from './mailer.js';
import { newRound } from './new-round.js';
import { publishRound, sendNewsletter } from './publish.js';
import { allOutboxes, readRounds, writeRound } from './rounds.js';
import { scoreAndSave } from './scoring.js';

export interface TickReport {
  lines: string[];
  ingested: IngestResult[];
}

/**
 * Does whatever is due now, in order: fetch and answer new mail (IMAP), close rounds past
 * deadline + grace, score closed rounds (not while words await review), open and publish
 * the next round, send the newsletters not yet sent, retry unsent mail. Every step looks at
 * the state on disk, so running it again (cron, a crash, two ticks) does nothing twice.
 */
export async function tick(game: Game): Promise<TickReport> {
  const { layout, settings } = game;
  const lines: string[] = [];
  const ingested: IngestResult[] = [];
  if (settings.mail.imap) {
    ingested.push(...await runIngest(game, imapFeed(game)));
    if (ingested.length) lines.push(`read ${ingested.length} message(s)`);
  }
  const t = now();
  for (const r of readRounds(layout)) {
    if (r.state === 'open' && isLate(t, r.deadline, settings.schedule.grace)) {
      writeRound(layout, { ...r, state: 'closed' });
      lines.push(`round ${r.round} closed (deadline ${r.deadline})`);
    }
  }
  let blocked = false;
  for (const r of readRounds(layout)) {
    if (r.state !== 'closed') continue;
    try {
      const result = await scoreAndSave(game, r, false);
      lines.push(`round ${r.round} scored: ${result.players.length} entr${result.players.length === 1 ? 'y' : 'ies'}`);
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      lines.push(`round ${r.round} not scored: ${e.message}`);
      blocked = true;
    }
  }
  const all = readRounds(layout);
  const last = all[all.length - 1];
  if (settings.schedule.autoNextRound && !blocked && last && last.state === 'scored' && settings.players.length > 0) {
    const next = await newRound(game, {});
    const p = await publishRound(game, next);
    lines.push(`round ${next.round} opened until ${next.deadline}; ${p.sent} announcement(s) sent`);
  }
  for (const r of readRounds(layout)) {
    if (r.state !== 'scored' || r.newsletterSentAt) continue;
    const s = await sendNewsletter(game, readJson<RoundResult>(layout.results(r.round)));
    lines.push(`newsletter of round ${r.round}: ${s.sent} sent${s.failed ? `, ${s.failed} failed (retried next tick)` : ''}`, ...s.warnings);
  }
  const retried = await flushOutboxes(game, allOutboxes(layout));
  if (retried.sent || retried.failed || retried.rejected) {
    lines.push(`outbox: ${retried.sent} sent, ${retried.failed} still failing${retried.rejected ? `, ${retried.rejected} refused by the server (not retried)` : ''}`);
  }
  // What waits for the GM (postboggle inbox): refused, unreadable, not an entry, join requests.
  const waiting = openItems(layout);
  if (waiting.length) {
    const fresh = new Set(ingested.map((r) => r.id));
    lines.push(`GM inbox: ${waiting.filter((i) => fresh.has(i.record.id)).length} new, ${waiting.length} waiting (postboggle inbox)`);
  }
  return { lines, ingested };
}

