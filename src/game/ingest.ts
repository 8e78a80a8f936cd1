import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { readMail, type IncomingMail } from '../mail/incoming.js';
import { Outbox } from '../mail/outbox.js';
import { parseEntry } from '../parse/entry-parser.js';
import { foldWord } from '../rules/fold.js';
import { templateLang, type RefusalReason } from '../templates/i18n.js';
import { now } from './clock.js';
import { crashPoint } from './crash-point.js';
import { formatDeadline, isLate } from './deadline.js';
import type { Game } from './game.js';
import { readJsonIfExists, writeJson } from './json-files.js';
import { parseAddress, queueMail } from './mailer.js';
import { receiptData } from './receipt.js';
import { readEntries, readRound, roundNumbers, type RoundRecord, type StoredEntry, writeEntries } from './rounds.js';

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

function openRound(game: Game): RoundRecord | null {
  const open = roundNumbers(game.layout).map((n) => readRound(game.layout, n)).filter((r) => r.state === 'open');
  return open[open.length - 1] ?? null;
}

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

  const file = (round: number | null) => {
    const dir = round === null ? landing : layout.inbox(round);
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${mail.id}.eml`);
    if (staged !== target) renameSync(staged, target);
    return target;
  };

  let outcome: IngestOutcome;
  let round: RoundRecord | null = null;
  let storedAt: string;
  const parsed = parseEntry(mail.subject, mail.text);
  const ownAddress = parseAddress(settings.mail.from).address;
  const robot = mail.noReplyReason ?? (mail.fromAddress === ownAddress || mail.replyAddress === ownAddress ? 'sent from the game\'s own address' : null);
  if (robot) {
    outcome = { kind: 'ignored', why: robot, email: mail.fromAddress };
    storedAt = file(null);
  } else if (!player) {
    outcome = { kind: 'refused', reason: 'unknown-sender', email: mail.fromAddress };
    storedAt = file(null);
  } else if (player.code && parsed.code !== player.code) {
    // A forged sender, or a forgotten code: the refusal goes to the registered address only.
    outcome = { kind: 'refused', reason: 'bad-code', email: mail.fromAddress };
    storedAt = file(null);
  } else if (parsed.round !== null && !roundNumbers(layout).includes(parsed.round)) {
    outcome = { kind: 'refused', reason: 'no-such-round', round: parsed.round, email: mail.fromAddress };
    storedAt = file(null);
  } else if (parsed.round === null && !(round = openRound(game))) {
    outcome = { kind: 'refused', reason: 'no-open-round', email: mail.fromAddress };
    storedAt = file(null);
  } else {
    round ??= readRound(layout, parsed.round!);
    storedAt = file(round.round);
    if (tooLarge) outcome = { kind: 'refused', reason: 'too-large', round: round.round, email: mail.fromAddress };
    else if (round.state !== 'open' || isLate(at, round.deadline, settings.schedule.grace)) outcome = { kind: 'refused', reason: 'round-closed', round: round.round, email: mail.fromAddress };
    else if (parsed.main.length + parsed.substitutes.length === 0) outcome = { kind: 'refused', reason: 'nothing-readable', round: round.round, email: mail.fromAddress };
    else outcome = recordEntry(game, round, mail, parsed, player, at, relative(layout.dir, storedAt));
  }

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
        data: { ...data, name: player!.name, round: round!.round, deadline, replaced: outcome.replaced },
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

function recordEntry(game: Game, round: RoundRecord, mail: IncomingMail, parsed: ReturnType<typeof parseEntry>, player: { email: string; name: string }, at: Date, source: string): IngestOutcome {
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
