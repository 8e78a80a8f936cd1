import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { Outbox } from '../mail/outbox.js';
import { UserError } from '../user-error.js';
import { SyncBatch } from '../store/sync-batch.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { fieldView } from '../templates/field-view.js';
import { templateLang } from '../templates/i18n.js';
import { now } from './clock.js';
import { recordSent, resultsVersion } from './corrections.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { flushOutboxes, queueMail, queueRendered } from './mailer.js';
import { ARCHIVE_BEST_PNG, archiveSubject, newsletterFor, type PreparedNewsletter, prepareNewsletter, writeArchive } from './newsletter.js';
import { readRound, type RoundRecord, writeRound } from './rounds.js';

/** Queues one mail per player (once each, by id) in the round's outbox, and sends what is queued. */
async function mailEveryPlayer(game: Game, round: number, kind: 'announcement', idPrefix: string, data: object) {
  // Group commit: the mails are written at once and made durable together before any is sent.
  const batch = new SyncBatch();
  const outbox = new Outbox(game.layout.outbox(round), batch);
  let queued = 0;
  try {
    for (const p of game.settings.players) {
      if (p.computer) continue; // computer players get no mail
      const to = { name: p.name, address: p.email };
      if (await queueMail(game, outbox, { id: `${idPrefix}-${p.email}`, kind, to, template: kind, data: { ...data, name: p.name } })) queued++;
    }
  } finally {
    batch.commit();
    outbox.close();
  }
  return { queued, ...await flushOutboxes(game, [game.layout.outbox(round)]) };
}

/**
 * The id prefix of the round's announcement with its current deadline: the first one is
 * announcement-N; after the deadline moved, announcement-N-<new deadline, UTC>, so that
 * publishing again mails the new deadline, and publishing twice mails it once.
 */
export function announcementPrefix(r: RoundRecord, announcedBefore?: (deadline: string) => boolean): string {
  const first = r.announcedDeadlines?.[0] ?? (r.publishedAt ? undefined : r.deadline);
  // A round published before round.json kept its announced deadlines: the outbox says which it was.
  if (first === r.deadline || (first === undefined && announcedBefore?.(r.deadline))) return `announcement-${r.round}`;
  return `announcement-${r.round}-${DateTime.fromISO(r.deadline).toUTC().toFormat("yyyyLLdd'T'HHmm")}`;
}

/** Queues the round's announcement to every player (once each for each deadline) and sends what is queued. */
export async function publishRound(game: Game, r: RoundRecord): Promise<{ queued: number; sent: number; failed: number }> {
  if (r.state === 'void') throw new UserError(`round ${r.round} is void; there is nothing to publish`);
  const lang = templateLang(game.settings.language);
  const deadline = formatDeadline(r.deadline, game.settings.schedule.timezone, lang);
  const announcedBefore = () => new Outbox(game.layout.outbox(r.round)).records().some((m) => m.id.startsWith(`announcement-${r.round}-`) && m.kind === 'announcement' && m.subject.includes(deadline));
  const result = await mailEveryPlayer(game, r.round, 'announcement', announcementPrefix(r, announcedBefore), { round: r.round, ...fieldView(r.field), deadline, ...game.rules, hasJoker: r.field.includes('*'), guide: game.settings.playersGuide ?? null });
  const cur = readRound(game.layout, r.round);
  const announced = cur.announcedDeadlines ?? [];
  writeRound(game.layout, { ...cur, publishedAt: r.publishedAt ?? now().toISOString(), announcedDeadlines: announced.includes(r.deadline) ? announced : [...announced, r.deadline] });
  return result;
}

/**
 * Renders the newsletter and saves it as rounds/NNN/newsletter.txt and .html (the part
 * every player gets alike, with the best entry's picture beside it as newsletter-best.png).
 * The copy holds every entry (100,000 players: some 115 MB of HTML and 70 MB of text): it
 * is written as it is rendered, a row at a time, and never made one string (docs/scale.md).
 * What it returns names the text file (to print it), not the text.
 */
export async function writeNewsletter(game: Game, result: RoundResult): Promise<{ subject: string; textFile: string; data: object; prepared: PreparedNewsletter }> {
  const prepared = await prepareNewsletter(game, result);
  writeInPieces(game.layout.newsletter(result.round, 'html'), (sink) => writeArchive(prepared, game, 'html', sink), true);
  const textFile = game.layout.newsletter(result.round, 'txt');
  writeInPieces(textFile, (sink) => writeArchive(prepared, game, 'txt', sink), false);
  if (prepared.bestPng) writeFileSync(join(game.layout.round(result.round), ARCHIVE_BEST_PNG), prepared.bestPng);
  return { subject: archiveSubject(prepared, game), textFile, data: prepared.base, prepared };
}

/**
 * Writes what write hands its sink to file, a megabyte at a time. skipEmpty: no file
 * when nothing at all was written (as before, an empty HTML part leaves no file).
 */
function writeInPieces(file: string, write: (sink: (s: string) => void) => void, skipEmpty: boolean): void {
  let fd: number | null = null;
  let buf = '';
  const flush = () => {
    if (fd === null) fd = openSync(file, 'w');
    writeSync(fd, buf);
    buf = '';
  };
  try {
    write((s) => {
      buf += s;
      if (buf.length >= 1 << 20) flush();
    });
    if (buf.length > 0 || !skipEmpty) flush();
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Queues the newsletter to every player (once each) and sends what is queued. The shared
 * part is rendered once; each mail adds the player's own part (docs/newsletter.md).
 */
export async function sendNewsletter(game: Game, result: RoundResult, rendered?: { prepared: PreparedNewsletter }): Promise<{ queued: number; sent: number; failed: number; warnings: string[] }> {
  const prepared = (rendered ?? await writeNewsletter(game, result)).prepared;
  // The id names the version of the results: sending again changes nothing, but a round
  // rescored after a GM decision goes out once more, corrected.
  const version = resultsVersion(result);
  const batch = new SyncBatch(); // as mailEveryPlayer
  const outbox = new Outbox(game.layout.outbox(result.round), batch);
  let queued = 0;
  try {
    for (const p of game.settings.players) {
      if (p.computer) continue;
      const id = `newsletter-${result.round}-${version}-${p.email}`;
      if (outbox.has(id)) continue;
      const letter = newsletterFor(prepared, game, p);
      const to = { name: p.name, address: p.email };
      if (await queueRendered(game, outbox, { id, kind: 'newsletter', to, subject: letter.subject, text: letter.text, html: letter.html, images: letter.attachments })) queued++;
    }
  } finally {
    batch.commit();
    outbox.close();
  }
  // What went out, so that a newsletter sent again after a change says what changed.
  recordSent(game.layout, result, now());
  const r = await flushOutboxes(game, [game.layout.outbox(result.round)]);
  const round = readRound(game.layout, result.round);
  if (r.failed === 0) writeRound(game.layout, { ...round, newsletterSentAt: round.newsletterSentAt ?? now().toISOString() });
  return { queued, sent: r.sent, failed: r.failed, warnings: prepared.warnings };
}
