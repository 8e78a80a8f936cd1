import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { readMail, type IncomingMail } from '../mail/incoming.js';
import { Outbox } from '../mail/outbox.js';
import { type ParsedEntry, parseEntry } from '../parse/entry-parser.js';
import { foldWord } from '../rules/fold.js';
import { templateLang, type RefusalReason } from '../templates/i18n.js';
import { now } from './clock.js';
import { crashPoint } from './crash-point.js';
import { formatDeadline, isLate } from './deadline.js';
import type { Game } from './game.js';
import { readJsonIfExists, writeJson } from './json-files.js';
import { parseAddress, queueMail } from './mailer.js';
import { receiptData } from './receipt.js';
import { fieldView } from '../templates/field-view.js';
import { readEntries, readRounds, type RoundRecord, type StoredEntry, writeEntries } from './rounds.js';

export type IngestOutcome =
  | { kind: 'entry'; round: number; email: string; replaced: boolean }
  | { kind: 'older'; round: number; email: string } // an earlier mail arriving after a later one: kept in the history only
  | { kind: 'duplicate' }
  | { kind: 'refused'; reason: RefusalReason; round?: number; email: string | null }
  | { kind: 'ignored'; why: string; email: string | null }; // auto-replies, bounces, lists: stored, never answered

export interface IngestResult {
  id: string;
  file: string;
  outcome: IngestOutcome;
  replied: boolean;
}

/** rounds/ingested.json: every message handled, by id, so that ingesting it again changes nothing. */
interface IngestLog {
  [id: string]: { at: string; from: string | null; outcome: string; round: number | null; replied: boolean; file: string };
}

const logPath = (game: Game) => join(game.layout.rounds, 'ingested.json');

function repliesInLastHour(log: IngestLog, address: string, at: Date): number {
  const since = at.getTime() - 3_600_000;
  return Object.values(log).filter((e) => e.replied && e.from === address && Date.parse(e.at) >= since).length;
}

/**
 * Takes in one received message: stores it raw first, then reads it, routes it to its
 * round, records the entry (a later one replaces an earlier one) and queues a receipt or
 * a refusal. Safe to repeat: a message already handled changes nothing.
 */
export async function ingestMessage(game: Game, raw: Buffer, opts: { receivedAt?: Date | undefined } = {}): Promise<IngestResult> {
  const { layout, settings } = game;
  // 1. Store the raw bytes before anything else reads them.
  const landing = layout.unroutedInbox;
  mkdirSync(landing, { recursive: true });
  const staged = join(landing, `incoming-${createHash('sha256').update(raw).digest('hex').slice(0, 20)}.eml`);
  if (!existsSync(staged)) writeFileAtomic.sync(staged, raw, { fsync: true });
  crashPoint('ingest:stored');

  // 2. Read it (only the head of a mail that is too large to be an entry).
  const tooLarge = raw.length > settings.mail.maxMessageBytes;
  const mail = await readMail(tooLarge ? headerPart(raw) : raw);
  const log = readJsonIfExists<IngestLog>(logPath(game)) ?? {};
  if (log[mail.id]) {
    unlinkSync(staged);
    return { id: mail.id, file: join(layout.dir, log[mail.id]!.file), outcome: { kind: 'duplicate' }, replied: false };
  }
  const at = opts.receivedAt ?? mail.receivedAt ?? now();
  const lang = templateLang(settings.language);
  const player = settings.players.find((p) => p.email.toLowerCase() === mail.fromAddress);

  const file = (round: number | null): string => {
    const dir = round === null ? landing : layout.inbox(round);
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${mail.id}.eml`);
    if (staged !== target) renameSync(staged, target);
    return target;
  };

  const parsed = parseEntry(mail.subject, mail.text);
  const decision = decide(mail, parsed, player, {
    ownAddress: parseAddress(settings.mail.from).address,
    rounds: readRounds(layout),
    tooLarge, at, grace: settings.schedule.grace,
  });
  const round = decision.round;
  const storedAt = file(round?.round ?? null);
  const outcome: IngestOutcome = decision.kind === 'accept'
    ? recordEntry(game, round!, mail, parsed, player!, at, relative(layout.dir, storedAt))
    : decision.outcome;

  crashPoint('ingest:recorded');
  // 3. Answer, unless the mail is a robot's or the sender had enough replies this hour.
  let replied = false;
  // A player's mail is always answered at the registered address, never at a Reply-To: a
  // forged entry then reaches the real player, who can see it and send a new one.
  const replyTo = player ? player.email.toLowerCase() : mail.replyAddress;
  if (outcome.kind !== 'ignored' && replyTo && repliesInLastHour(log, replyTo, at) < settings.mail.repliesPerHour) {
    const outbox = new Outbox(round ? layout.outbox(round.round) : layout.outboxGeneral);
    const to = { name: player?.name ?? mail.fromName, address: replyTo };
    const deadline = round ? formatDeadline(round.deadline, settings.schedule.timezone, lang) : '';
    if (outcome.kind === 'entry') {
      const ctx = await game.judgeContext(round!);
      const { joker, bad } = declaredJoker(parsed.joker, settings.language);
      const data = receiptData(parsed, joker, bad, ctx, lang);
      replied = await queueMail(game, outbox, {
        id: `receipt-${mail.id}`, kind: 'receipt', to, template: 'receipt', inReplyTo: mail.messageId,
        data: { ...data, ...fieldView(round!.field), name: player!.name, round: round!.round, deadline, replaced: outcome.replaced },
      });
    } else if (outcome.kind === 'refused') {
      replied = await queueMail(game, outbox, {
        id: `refusal-${mail.id}`, kind: 'refusal', to, template: 'refusal', inReplyTo: mail.messageId,
        data: { reason: outcome.reason, round: outcome.round ?? parsed.round, deadline, sender: mail.fromAddress, subject: mail.subject },
      });
    }
  }
  log[mail.id] = { at: at.toISOString(), from: replyTo, outcome: outcome.kind === 'refused' ? `refused:${outcome.reason}` : outcome.kind, round: round?.round ?? null, replied, file: relative(layout.dir, storedAt) };
  writeJson(logPath(game), log);
  return { id: mail.id, file: storedAt, outcome, replied };
}

type Decision = { kind: 'accept'; round: RoundRecord } | { kind: 'answer'; outcome: IngestOutcome; round: RoundRecord | null };

/**
 * What to do with a mail, from what it says and the state of the game: ignore it (a robot),
 * refuse it (and why), or accept it as an entry for a round. Pure: no files, no clock.
 */
export function decide(mail: IncomingMail, parsed: ParsedEntry, player: { code?: string | undefined } | undefined, game: {
  ownAddress: string; rounds: RoundRecord[]; tooLarge: boolean; at: Date; grace: string;
}): Decision {
  const email = mail.fromAddress;
  const refuse = (reason: RefusalReason, round: RoundRecord | null = null, named?: number): Decision =>
    ({ kind: 'answer', round, outcome: { kind: 'refused', reason, email, ...(round || named !== undefined ? { round: round?.round ?? named } : {}) } });
  const robot = mail.noReplyReason ?? (email === game.ownAddress || mail.replyAddress === game.ownAddress ? 'sent from the game\'s own address' : null);
  if (robot) return { kind: 'answer', round: null, outcome: { kind: 'ignored', why: robot, email } };
  if (!player) return refuse('unknown-sender');
  // A forged sender, or a forgotten code: the refusal goes to the registered address only.
  if (player.code && parsed.code !== player.code) return refuse('bad-code');
  const round = parsed.round !== null
    ? game.rounds.find((r) => r.round === parsed.round)
    : game.rounds.filter((r) => r.state === 'open').pop();
  if (!round) return parsed.round !== null ? refuse('no-such-round', null, parsed.round) : refuse('no-open-round');
  if (game.tooLarge) return refuse('too-large', round);
  if (round.state !== 'open' || isLate(game.at, round.deadline, game.grace)) return refuse('round-closed', round);
  if (parsed.main.length + parsed.substitutes.length === 0) return refuse('nothing-readable', round);
  return { kind: 'accept', round };
}

function headerPart(raw: Buffer): Buffer {
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  return Buffer.concat([raw.subarray(0, end >= 0 ? Math.min(end, 64 * 1024) : 64 * 1024), Buffer.from('\r\n\r\n')]);
}

/** The declared joker as one letter, or the token that could not be read as one. */
export function declaredJoker(token: string | null, language: Game['settings']['language']): { joker: string | null; bad: string | null } {
  if (token === null) return { joker: null, bad: null };
  const folded = foldWord(token, language);
  return folded && folded.length === 1 ? { joker: folded, bad: null } : { joker: null, bad: token };
}

function recordEntry(game: Game, round: RoundRecord, mail: IncomingMail, parsed: ParsedEntry, player: { email: string; name: string }, at: Date, source: string): IngestOutcome {
  const file = readEntries(game.layout, round.round);
  const email = player.email.toLowerCase();
  const { joker } = declaredJoker(parsed.joker, game.settings.language);
  const entry: StoredEntry = {
    email, name: player.name, main: parsed.main, substitutes: parsed.substitutes, joker,
    receivedAt: at.toISOString(), messageId: mail.messageId ?? mail.id, source, replaced: [],
  };
  const i = file.entries.findIndex((e) => e.email === email);
  const current = i >= 0 ? file.entries[i]! : null;
  const seen = current && (current.messageId === entry.messageId || current.replaced.some((r) => r.messageId === entry.messageId));
  if (seen) return { kind: 'entry', round: round.round, email, replaced: current!.replaced.length > 0 };
  if (!current) {
    file.entries.push(entry);
    writeEntries(game.layout, file);
    return { kind: 'entry', round: round.round, email, replaced: false };
  }
  const { replaced: history, ...currentRecord } = current;
  if (Date.parse(current.receivedAt) > at.getTime()) {
    // Mail can arrive out of order: the later entry stays the entry of record.
    const { replaced: _, ...older } = entry;
    current.replaced = [...history, older].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
    writeEntries(game.layout, file);
    return { kind: 'older', round: round.round, email };
  }
  file.entries[i] = { ...entry, replaced: [...history, currentRecord] };
  writeEntries(game.layout, file);
  return { kind: 'entry', round: round.round, email, replaced: true };
}
