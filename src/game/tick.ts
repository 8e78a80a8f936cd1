import { UserError } from '../user-error.js';
import { Outbox } from '../mail/outbox.js';
import { now } from './clock.js';
import { isLate } from './deadline.js';
import type { Game } from './game.js';
import { imapFeed, type IngestResult, runIngest } from './ingest.js';
import { openItems } from './inbox.js';
import { flushOutboxes } from './mailer.js';
import { newRound } from './new-round.js';
import { publishRound, sendNewsletter } from './publish.js';
import { pendingWords } from './review.js';
import { queueMissedNotices, queueReminders } from './round-mail.js';
import { allOutboxes, readEntries, readRounds, type RoundRecord, writeRound } from './rounds.js';
import { rhythmDeadline } from './schedule.js';
import { readResults, scoreAndSave } from './scoring.js';

export interface TickReport {
  lines: string[];
  ingested: IngestResult[];
}

/**
 * Does whatever is due now, in order: fetch and answer new mail (IMAP), publish or hold
 * rounds not yet announced, remind players without an entry, close rounds past deadline +
 * grace (and tell those who missed it), score closed rounds (not while words await review),
 * open and publish the next round, send the newsletters not yet sent (or held for the GM's
 * approval), retry unsent mail. Every step looks at the state on disk, so running it again
 * (cron, a crash, two ticks) does nothing twice. A paused game only reads and answers mail.
 * With dryRun, it says what it would do and writes nothing (no mail read, none queued or sent).
 */
export async function tick(game: Game, opts: { dryRun?: boolean } = {}): Promise<TickReport> {
  const dry = opts.dryRun === true;
  const { layout, settings } = game;
  const sched = settings.schedule;
  const lines: string[] = [];
  const ingested: IngestResult[] = [];
  if (settings.mail.imap) {
    if (dry) lines.push('would read new mail from IMAP');
    else {
      ingested.push(...await runIngest(game, imapFeed(game)));
      if (ingested.length) lines.push(`read ${ingested.length} message(s)`);
    }
  }
  const t = now();
  // The rounds as this tick sees them; in a dry run, changes are made here only.
  const rounds = readRounds(layout);
  const save = (r: RoundRecord, change: Partial<RoundRecord>) => {
    Object.assign(r, change);
    if (!dry) writeRound(layout, r);
  };
  if (sched.paused) {
    lines.push('the game is paused (postboggle resume): no round is closed, reminded, opened or scored');
  } else {
    for (const r of rounds) {
      if (r.state !== 'open') continue;
      const late = isLate(t, r.deadline, sched.grace);
      if (!r.publishedAt) {
        if (sched.autoPublish && !late && settings.players.length > 0) {
          if (dry) lines.push(`would publish round ${r.round} (${settings.players.length} announcement(s))`);
          else {
            const p = await publishRound(game, r);
            Object.assign(r, { publishedAt: t.toISOString() });
            lines.push(`round ${r.round} published: ${p.sent} announcement(s) sent`);
          }
        } else if (late) {
          // Never close a round the players were not told about.
          lines.push(`round ${r.round} is past its deadline but was never published: held open. Publish it with a new deadline (postboggle round deadline ${r.round} +P3D; postboggle round publish ${r.round}) or void it (postboggle round void ${r.round})`);
          continue;
        } else {
          lines.push(`round ${r.round} is not published yet (postboggle round publish ${r.round}; or schedule.autoPublish: true)`);
          continue;
        }
      }
      if (!late) {
        const rem = await queueReminders(game, r, dry);
        if (rem.to.length) lines.push(`${dry ? 'would remind' : 'reminded'} ${rem.to.length} player(s) without an entry in round ${r.round} (${rem.offset} before the deadline)`);
        continue;
      }
      save(r, { state: 'closed' });
      lines.push(dry ? `would close round ${r.round} (deadline ${r.deadline})` : `round ${r.round} closed (deadline ${r.deadline})`);
      if (sched.missedNotice) {
        const missed = await queueMissedNotices(game, r, dry);
        if (missed.length) lines.push(`${dry ? 'would tell' : 'told'} ${missed.length} player(s) that they missed round ${r.round}`);
      }
    }
  }
  let blocked = false;
  for (const r of sched.paused ? [] : rounds) {
    if (r.state !== 'closed') continue;
    try {
      if (dry) {
        const entries = readEntries(layout, r.round).entries;
        const pending = pendingWords(entries, await game.judgeContext(r));
        if (pending.length) throw new UserError(`round ${r.round} has ${pending.length} word(s) awaiting review`);
        lines.push(`would score round ${r.round}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`);
        r.state = 'scored';
      } else {
        const result = await scoreAndSave(game, r, false);
        Object.assign(r, { state: 'scored' });
        lines.push(`round ${r.round} scored: ${result.players.length} entr${result.players.length === 1 ? 'y' : 'ies'}`);
      }
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      lines.push(`round ${r.round} not scored: ${e.message}`);
      blocked = true;
    }
  }
  const last = rounds[rounds.length - 1];
  if (!sched.paused && sched.autoNextRound && !blocked && last && (last.state === 'scored' || last.state === 'void') && settings.players.length > 0) {
    if (dry) {
      const deadline = rhythmDeadline(sched, t) ?? `${sched.duration} from now`;
      lines.push(`would open round ${last.round + 1} until ${deadline} and mail ${settings.players.length} announcement(s)`);
    } else {
      const next = await newRound(game, {});
      const p = await publishRound(game, next);
      lines.push(`round ${next.round} opened until ${next.deadline}; ${p.sent} announcement(s) sent`);
    }
  }
  for (const r of sched.paused ? [] : rounds) {
    if (r.state !== 'scored' || r.newsletterSentAt) continue;
    if (settings.newsletter.approval && !r.newsletterApprovedAt) {
      lines.push(`newsletter of round ${r.round} awaits your approval: read it with postboggle newsletter ${r.round}, send it with postboggle newsletter approve ${r.round}`);
      continue;
    }
    if (dry) {
      lines.push(`would send the newsletter of round ${r.round} to ${settings.players.length} player(s)`);
      continue;
    }
    const s = await sendNewsletter(game, readResults(layout, r.round));
    lines.push(`newsletter of round ${r.round}: ${s.sent} sent${s.failed ? `, ${s.failed} failed (retried next tick)` : ''}`, ...s.warnings);
  }
  if (dry) {
    const waiting = allOutboxes(layout).flatMap((d) => new Outbox(d).records()).filter((m) => m.state === 'queued').length;
    if (waiting) lines.push(`would send ${waiting} queued message(s)`);
    return { lines, ingested };
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
