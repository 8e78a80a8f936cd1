import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bytesHash, mailIdentity } from '../mail/identity.js';
import { type IncomingMail, roughFrom } from '../mail/incoming.js';
import { Outbox } from '../mail/outbox.js';
import { namedRound, type ParsedEntry, parseEntry } from '../parse/entry-parser.js';
import { foldWord } from '../rules/fold.js';
import type { JudgeContext } from '../rules/judge.js';
import { Journal } from '../store/journal.js';
import { JournalIndex } from '../store/journal-index.js';
import { SyncBatch } from '../store/sync-batch.js';
import { writeFileVerified } from '../store/verified-write.js';
import { templateLang, type RefusalReason } from '../templates/i18n.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { crashPoint } from '../store/crash-point.js';
import { formatDeadline, isLate } from './deadline.js';
import type { Game } from './game.js';
import type { Settings } from './settings.js';
import { parseAddress, queueMail } from './mailer.js';
import { isComputerEmail } from './computer-addresses.js';
import { applyCommand, commandReplyData } from './mail-commands.js';
import { addressesOf, type PlayerSettings } from './player-lookup.js';
import { type MailCommand, parseCommand } from '../parse/mail-command.js';
import { ignoredView, receiptData } from './receipt.js';
import { fieldView } from '../templates/field-view.js';
import { planReply, ReplyLedger } from './replies.js';
import { type EntryRecord, indexDirOf, type JournalRecord, RoundBook } from './round-journal.js';
import { readRounds, type RoundRecord } from './rounds.js';
import { fieldTracers, pickRound, readRaw } from './mail-reading.js';
import type { PoolInit, ReadPool, Reading } from './read-pool.js';

export { pickRound } from './mail-reading.js';

export type IngestOutcome =
  | { kind: 'entry'; round: number; email: string; replaced: boolean }
  | { kind: 'older'; round: number; email: string } // an earlier mail arriving after a later one: kept in the history, told so
  | { kind: 'not-an-entry'; round: number; email: string; why: string } // kept and answered, never replaces an entry
  | { kind: 'duplicate' }
  | { kind: 'refused'; reason: RefusalReason; round?: number; email: string | null }
  | { kind: 'ignored'; why: string; email: string | null } // auto-replies, bounces, lists: stored, never answered
  | { kind: 'quarantined'; why: string; email: string | null } // not read at all: stored aside for the GM
  | { kind: 'command'; command: string; outcome: string; email: string | null; round: number | null }; // a mail command, answered

export interface IngestResult {
  id: string;
  file: string;
  outcome: IngestOutcome;
  /** true: a reply was queued; 'held': a receipt held back by the rate limit, sent later. */
  replied: boolean | 'held';
}

/** rounds/ingested.jsonl: every message handled, by id (derived from the journals: rebuild writes it anew). */
interface IndexRecord {
  id: string;
  round: number | null;
  kind: JournalRecord['kind'];
  file: string;
}

type Decision =
  | { kind: 'accept'; round: RoundRecord }
  | { kind: 'not-an-entry'; round: RoundRecord }
  | { kind: 'answer'; outcome: IngestOutcome; round: RoundRecord | null };

/**
 * What to do with a mail, from what it says and the state of the game: ignore it (a robot),
 * refuse it (and why), take it as an entry for a round, or keep it as not an entry. Pure.
 */
export function decide(mail: IncomingMail, parsed: ParsedEntry, player: { code?: string | undefined } | undefined, game: {
  ownAddress: string; rounds: RoundRecord[]; tooLarge: boolean; at: Date; grace: string;
}): Decision {
  const email = mail.fromAddress;
  const refuse = (reason: RefusalReason, round: RoundRecord | null = null, named?: number): Decision =>
    ({ kind: 'answer', round, outcome: { kind: 'refused', reason, email, ...(round || named !== undefined ? { round: round?.round ?? named } : {}) } });
  // Only the game's own From is a loop: a player whose Reply-To is the game's address is still a player.
  const robot = mail.noReplyReason ?? (email === game.ownAddress ? 'sent from the game\'s own address' : null);
  if (robot) return { kind: 'answer', round: null, outcome: { kind: 'ignored', why: robot, email } };
  if (!player) return refuse('unknown-sender');
  // A forged sender, or a forgotten code: the refusal goes to the registered address only.
  if (player.code && parsed.code !== player.code) return refuse('bad-code');
  const round = pickRound(parsed, game.rounds);
  if (!round) return parsed.round !== null ? refuse('no-such-round', null, parsed.round) : refuse('no-open-round');
  if (game.tooLarge) return refuse('too-large', round);
  if (!parsed.isEntry) return { kind: 'not-an-entry', round };
  if (round.state !== 'open' || isLate(game.at, round.deadline, game.grace)) return refuse('round-closed', round);
  return { kind: 'accept', round };
}

/** The declared joker as one letter, or the token that could not be read as one. */
export function declaredJoker(token: string | null, language: Game['settings']['language']): { joker: string | null; bad: string | null } {
  if (token === null) return { joker: null, bad: null };
  const folded = foldWord(token, language);
  return folded && folded.length === 1 ? { joker: folded, bad: null } : { joker: null, bad: token };
}

/**
 * Takes in received mail, one message at a time, for one run (a batch): stores each raw
 * first, reads it, routes it to its round, records it in the round's journal and queues
 * its reply. Safe to repeat: a message already handled changes nothing. Everything the run
 * needs (journals, the ingest log, reply counts) is loaded once, so the cost of a mail
 * does not grow with the round. finish() writes the derived entries.json files.
 */
export class Ingestor {
  private readonly books = new Map<number | null, RoundBook>();
  private readonly index: Journal<IndexRecord>;
  /** The ingest log looked up by message id (a checkpoint and the log's tail: not the whole log). */
  private readonly seen: JournalIndex<IndexRecord>;
  private readonly ledger: ReplyLedger;
  /** The rounds as they stood when a mail arrived (rebuild replays history; ingest: as they are now). */
  private readonly roundsAt: (at: Date) => RoundRecord[];
  private readonly contexts = new Map<number, Promise<JudgeContext>>();
  private readonly ownAddress: string;
  /** Rebuild: record only, queue no replies. */
  private readonly quiet: boolean;

  constructor(private readonly game: Game, opts: { quiet?: boolean; roundsAt?: (at: Date) => RoundRecord[] } = {}) {
    this.quiet = opts.quiet ?? false;
    const log = join(game.layout.rounds, 'ingested.jsonl');
    this.index = new Journal<IndexRecord>(log).deferSync(this.batch);
    this.seen = new JournalIndex(this.index, indexDirOf(log), (r) => [{ k: r.id }]);
    this.ledger = new ReplyLedger(game.layout, this.batch);
    const rounds = readRounds(game.layout);
    this.roundsAt = opts.roundsAt ?? (() => rounds);
    this.ownAddress = parseAddress(game.settings.mail.from).address;
  }

  private readonly outboxes = new Map<string, Outbox>();
  /** Group commit: what this run wrote is fsync'd at commit() (see sync-batch.ts). */
  private readonly batch = new SyncBatch();

  /** Makes everything ingested so far durable: before the server's copies are moved away, before replies go out. */
  commit(): void {
    this.batch.commit();
  }
  private players: Map<string, Settings['players'][number]> | undefined;
  private lookups = 0;
  /**
   * The registered player of an address, main or alias. The first few lookups of a run scan
   * the players (one comparison each: 100,000 players in a few ms); a run that looks up more
   * (a batch) builds a map once (tens of ms at 100,000), so neither one mail nor a batch pays
   * more than it needs.
   */
  private playerAt(address: string | null | undefined): Settings['players'][number] | undefined {
    if (!address) return undefined;
    const a = address.toLowerCase();
    if (!this.players && ++this.lookups <= 4) return scanPlayers(this.game.settings.players, a);
    if (!this.players) {
      this.players = new Map();
      for (const p of this.game.settings.players) for (const x of addressesOf(p)) if (!this.players.has(x)) this.players.set(x, p);
    }
    return this.players.get(a);
  }

  /** One Outbox a folder for the run: its journal is read once. */
  private outbox(round: RoundRecord | null): Outbox {
    const d = round ? this.game.layout.outbox(round.round) : this.game.layout.outboxGeneral;
    let o = this.outboxes.get(d);
    if (!o) this.outboxes.set(d, (o = new Outbox(d, this.batch)));
    return o;
  }

  private book(round: number | null): RoundBook {
    let b = this.books.get(round);
    if (!b) this.books.set(round, (b = new RoundBook(this.game.layout, round, { legacy: !this.quiet, batch: this.batch })));
    return b;
  }

  private context(round: RoundRecord): Promise<JudgeContext> {
    let c = this.contexts.get(round.round);
    if (!c) this.contexts.set(round.round, (c = this.game.judgeContext(round)));
    return c;
  }

  /** Per field: whether a token can be traced on it at all (the parser asks for every token of every mail). */
  private tracers: ((round: RoundRecord) => (token: string) => boolean) | null = null;
  private onField(round: RoundRecord): (token: string) => boolean {
    return (this.tracers ??= fieldTracers(this.game.settings.language))(round);
  }

  /**
   * What a read pool needs to read mail as this run would (read-pool.ts): the rounds (a run
   * that reads mail ahead goes by the rounds as they are now, as ingest does) and every
   * address's player name, as playerAt finds them.
   */
  poolInit(): PoolInit {
    const players = new Map<string, string>();
    for (const p of this.game.settings.players) for (const x of addressesOf(p)) if (!players.has(x)) players.set(x, p.name);
    return { maxMessageBytes: this.game.settings.mail.maxMessageBytes, language: this.game.settings.language, rounds: this.roundsAt(now()), players: [...players] };
  }

  /** Raw mails stored by a run that was killed before it read them: read them first. */
  leftovers(): string[] {
    const dir = join(this.game.layout.rounds, 'incoming');
    if (!existsSync(dir)) return [];
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().map((f) => join(dir, f));
    // An empty file is no mail: what a write that found the disk full left behind (its mail
    // was not taken, and is fetched or fed in again).
    const left: { f: string; t: bigint }[] = [];
    for (const f of files) {
      const st = statSync(f, { bigint: true });
      if (st.size === 0n) unlinkSync(f);
      else left.push({ f, t: st.mtimeNs });
    }
    // In the order they were stored (a batch stores a few mails ahead of the one it reads),
    // as far as the file times tell; by name where they do not.
    return left.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0) || (a.f < b.f ? -1 : 1)).map((x) => x.f);
  }

  async ingest(raw: Buffer, opts: { receivedAt?: Date | undefined } = {}): Promise<IngestResult> {
    return this.ingestStored(this.store(raw, opts), raw, opts);
  }

  /** Where store() puts a mail's raw copy. */
  stagedPath(raw: Buffer): string {
    return join(this.game.layout.rounds, 'incoming', `${bytesHash(raw)}.eml`);
  }

  /** 1. Stores the raw bytes before anything else reads them. Returns where. */
  store(raw: Buffer, opts: { receivedAt?: Date | undefined } = {}, staged = this.stagedPath(raw)): string {
    // (A copy left by a run that died is kept only when it is whole.)
    if (!existsSync(staged) || !readFileSync(staged).equals(raw)) writeFileVerified(staged, raw, undefined, this.batch, { inPlace: true });
    // An arrival time given with the mail (--received-at) is kept in the file's time: a run
    // killed before it read the mail leaves it to the next, which goes by that time.
    if (opts.receivedAt) try { utimesSync(staged, opts.receivedAt, opts.receivedAt); } catch { /* not essential */ }
    crashPoint('ingest:stored');
    return staged;
  }

  /**
   * 2. Reads the stored mail, routes it, records it and answers it. `reading`: what a read
   * pool made of the same bytes (for the rounds as they are now), used where it was read
   * for the round and sender name this run finds; read here otherwise.
   */
  async ingestStored(staged: string, raw: Buffer, opts: { receivedAt?: Date | undefined } = {}, reading?: Reading | null): Promise<IngestResult> {
    const { layout, settings } = this.game;
    // Read it: unless its structure is beyond any real entry, or the parser gives up.
    const tooLarge = raw.length > settings.mail.maxMessageBytes;
    const { problem, mail } = reading ?? await readRaw(raw, settings.mail.maxMessageBytes);
    const at = opts.receivedAt ?? mail?.receivedAt ?? now();
    const id = mail?.id ?? mailIdentity(raw, null);

    const already = this.seen.get(id)?.rec;
    if (already) return this.duplicate(id, already, staged, raw, at, mail);

    if (!mail) return this.quarantine(id, staged, raw, at, problem!);

    const player = this.playerAt(mail.fromAddress);
    const senderName = player?.name ?? mail.fromName;
    const rounds = this.roundsAt(at);
    // The pool's reading of the entry holds when it was read for the same round and name.
    let read = reading?.entry ?? null;
    const named = read?.named ?? namedRound(mail.subject, mail.text);
    const target = pickRound(named, rounds);
    if (read && (read.round !== (target?.round ?? null) || read.field !== (target?.field ?? null) || read.senderName !== senderName)) read = null;
    const parsed = read?.parsed ?? parseEntry(mail.subject, mail.text, { onField: target ? this.onField(target) : undefined, senderName, language: settings.language });
    // A mail command (HILFE, STATUS, JOIN…) that is clearly the whole message: answered, never an entry.
    const robot = !!mail.noReplyReason || mail.fromAddress === this.ownAddress;
    const clearEntry = parsed.isEntry && (parsed.why === 'keywords' || parsed.why === 'numbered');
    const command = robot || tooLarge || clearEntry || !mail.fromAddress ? null : read ? read.command : parseCommand(mail.subject, mail.text, senderName);
    if (command && (player || command.command === 'join')) {
      return this.command(mail, parsed, command, player, player ? target ?? null : null, id, staged, raw, at);
    }
    const decision = decide(mail, parsed, player, { ownAddress: this.ownAddress, rounds, tooLarge, at, grace: settings.schedule.grace });
    const round = decision.round;

    const source = this.file(staged, raw, round ? layout.inbox(round.round) : join(layout.rounds, 'unrouted', 'inbox'), id, at);
    const facts = { id, at: at.toISOString(), messageId: mail.messageId, from: mail.fromAddress, subject: mail.subject, source };
    const book = this.book(round?.round ?? null);
    const email = player?.email.toLowerCase() ?? null;
    let record: JournalRecord;
    let outcome: IngestOutcome;
    if (decision.kind === 'accept') {
      const { joker } = declaredJoker(parsed.joker, settings.language);
      record = { ...facts, kind: 'entry', email: email!, name: player!.name, main: parsed.main, substitutes: parsed.substitutes, joker, ignored: parsed.ignored.length };
      const current = book.entryOf(email!);
      outcome = current && Date.parse(current.at) > at.getTime() && current.id !== id
        ? { kind: 'older', round: round!.round, email: email! }
        : { kind: 'entry', round: round!.round, email: email!, replaced: !!current && current.id !== id };
    } else if (decision.kind === 'not-an-entry') {
      record = { ...facts, kind: 'not-an-entry', email: email!, reason: parsed.why };
      outcome = { kind: 'not-an-entry', round: round!.round, email: email!, why: parsed.why };
    } else {
      outcome = decision.outcome;
      record = outcome.kind === 'refused'
        ? { ...facts, kind: 'refused', email: outcome.email, reason: outcome.reason }
        : { ...facts, kind: 'ignored', why: outcome.kind === 'ignored' ? outcome.why : 'unknown' };
    }
    const isNew = !book.has(id);
    if (isNew) book.append(record);
    crashPoint('ingest:recorded');
    if (isNew && (record.kind === 'not-an-entry' || (record.kind === 'refused' && player))) await this.forward(record, round, mail.text);

    // 3. Answer, unless the mail is a robot's or the limits say no.
    const replied = this.quiet || outcome.kind === 'ignored' ? false : await this.reply(mail, parsed, outcome, round, player, at);
    this.remember({ id, round: round?.round ?? null, kind: record.kind, file: source });
    return { id, file: join(layout.dir, source), outcome, replied };
  }

  /** A player's mail command or a stranger's JOIN: filed, recorded, carried out, answered. */
  private async command(mail: IncomingMail, parsed: ParsedEntry, cmd: MailCommand, player: PlayerSettings | undefined, round: RoundRecord | null, id: string, staged: string, raw: Buffer, at: Date): Promise<IngestResult> {
    const { layout } = this.game;
    const source = this.file(staged, raw, round ? layout.inbox(round.round) : join(layout.rounds, 'unrouted', 'inbox'), id, at);
    const book = this.book(round?.round ?? null);
    const codeOk = !player?.code || parsed.code === player.code;
    const isNew = !book.has(id);
    const result = applyCommand(this.game, cmd, player, codeOk, at, !this.quiet && isNew);
    // A stranger's JOIN: the name asked for (from the mail, else its display name), for the GM only.
    const name = player ? undefined : cleanName(cmd.argument || mail.fromName || '');
    const email = player?.email.toLowerCase() ?? null;
    if (isNew) {
      const record: JournalRecord = { id, at: at.toISOString(), messageId: mail.messageId, from: mail.fromAddress, subject: mail.subject, source,
        kind: 'command', email, command: cmd.command, argument: player ? cmd.argument : '', outcome: result.outcome, ...(name !== undefined ? { name } : {}) };
      book.append(record);
      if (result.outcome === 'join-requested') await this.forward(record, round, '');
    }
    let replied: boolean | 'held' = false;
    const to = email ?? mail.fromAddress;
    if (!this.quiet && to && to !== this.ownAddress) {
      const stranger = !player;
      const plan = planReply({ stranger, isReceipt: false, at, sentToAddress: this.ledger.sentTo(to, at), strangerRepliesLastHour: stranger ? this.ledger.strangerRepliesLastHour(at) : 0, limits: this.limits() });
      if (plan.send) {
        const data = commandReplyData(this.game, cmd, result, { player, round, entry: round && email ? this.book(round.round).entryOf(email) : undefined });
        replied = await queueMail(this.game, this.outbox(round), {
          id: `command-${id}`, kind: 'notice', to: { name: player?.name ?? '', address: to }, template: 'command', inReplyTo: stranger ? null : mail.messageId, data,
        });
        if (replied) this.ledger.record(to, at, stranger);
      }
    }
    this.remember({ id, round: round?.round ?? null, kind: 'command', file: source });
    return { id, file: join(layout.dir, source), outcome: { kind: 'command', command: cmd.command, outcome: result.outcome, email: to, round: round?.round ?? null }, replied };
  }

  /** Moves the staged raw copy to its folder as <id>.eml (a different copy of the same message beside it). */
  private file(staged: string, raw: Buffer, dir: string, id: string, at: Date): string {
    mkdirSync(dir, { recursive: true });
    let target = join(dir, `${id}.eml`);
    if (existsSync(target) && !readFileSync(target).equals(raw)) target = join(dir, `${id}-${bytesHash(raw).slice(0, 8)}.eml`);
    if (existsSync(target)) unlinkSync(staged);
    else {
      renameSync(staged, target);
      this.batch.moved(staged, target); // (its new folder is committed too)
    }
    // The arrival time, for a rebuild that has nothing else to go by.
    try { utimesSync(target, at, at); } catch { /* not essential */ }
    return relative(this.game.layout.dir, target);
  }

  private remember(r: IndexRecord): void {
    this.seen.add(r, this.index.append(r));
  }

  private duplicate(id: string, of: IndexRecord, staged: string, raw: Buffer, at: Date, mail: IncomingMail | null): IngestResult {
    const original = join(this.game.layout.dir, of.file);
    if (existsSync(original) && readFileSync(original).equals(raw)) {
      unlinkSync(staged);
      return { id, file: original, outcome: { kind: 'duplicate' }, replied: false };
    }
    // The same message with other trace headers (delivered twice): kept beside the first, nothing else.
    const dir = join(this.game.layout.dir, of.file, '..');
    const source = this.file(staged, raw, dir, id, at);
    if (source !== of.file) {
      this.book(of.round).append({ kind: 'duplicate', of: of.file, id: `${id}-${bytesHash(raw).slice(0, 8)}`, at: at.toISOString(), messageId: mail?.messageId ?? null, from: mail?.fromAddress ?? null, subject: mail?.subject ?? '', source });
    }
    return { id, file: join(this.game.layout.dir, source), outcome: { kind: 'duplicate' }, replied: false };
  }

  /** A mail that cannot be read: stored in rounds/quarantine/, recorded for the GM, a registered sender told. */
  private async quarantine(id: string, staged: string, raw: Buffer, at: Date, why: string): Promise<IngestResult> {
    const { layout } = this.game;
    const source = this.file(staged, raw, join(layout.rounds, 'quarantine'), id, at);
    const from = roughFrom(raw);
    const player = this.playerAt(from);
    const round = this.roundsAt(at).filter((r) => r.state === 'open').pop() ?? null;
    const book = this.book(round?.round ?? null);
    if (!book.has(id)) {
      const rec: JournalRecord = { kind: 'quarantined', why, id, at: at.toISOString(), messageId: null, from, subject: '', source };
      book.append(rec);
      await this.forward(rec, round, '');
    }
    let replied: boolean | 'held' = false;
    if (player && !this.quiet && from !== this.ownAddress) {
      const plan = planReply({ stranger: false, isReceipt: false, at, sentToAddress: this.ledger.sentTo(player.email.toLowerCase(), at), strangerRepliesLastHour: 0, limits: this.limits() });
      if (plan.send) {
        replied = await queueMail(this.game, this.outbox(round), {
          id: `refusal-${id}`, kind: 'refusal', to: { name: player.name, address: player.email.toLowerCase() }, template: 'refusal', inReplyTo: null,
          data: { reason: 'unreadable', round: round?.round ?? null, deadline: '', subject: '' },
        });
        if (replied) this.ledger.record(player.email.toLowerCase(), at, false);
      }
    }
    this.remember({ id, round: round?.round ?? null, kind: 'quarantined', file: source });
    return { id, file: join(layout.dir, source), outcome: { kind: 'quarantined', why, email: from }, replied };
  }

  /**
   * A mail for the GM inbox, forwarded to the GM's own address when the settings ask for it
   * (gm.forward): what it is, who sent it, its text (a stranger's join request: the name
   * only). Never to anyone but the configured GM address.
   */
  private async forward(record: JournalRecord, round: RoundRecord | null, text: string): Promise<void> {
    const gm = this.game.settings.gm;
    if (this.quiet || !gm.forward || !gm.email || record.kind === 'entry' || record.kind === 'duplicate' || record.kind === 'removed') return;
    const data = {
      ref: record.id.slice(0, 10), kind: record.kind, from: record.from ?? '', subject: record.subject, source: record.source,
      round: round?.round ?? null, at: formatDeadline(record.at, this.game.settings.schedule.timezone, templateLang(this.game.settings.language)),
      reason: record.kind === 'refused' || record.kind === 'not-an-entry' ? record.reason : record.kind === 'quarantined' || record.kind === 'ignored' ? record.why : record.command,
      name: record.kind === 'command' ? record.name ?? '' : '',
      text: text.length > 4000 ? `${text.slice(0, 4000)}\n[…]` : text,
    };
    await queueMail(this.game, this.outbox(round), { id: `forward-${record.id}`, kind: 'notice', to: { name: '', address: gm.email.toLowerCase() }, template: 'gm-forward', data });
  }

  private readonly deadlines = new Map<number, string>();
  private deadlineText(round: RoundRecord): string {
    let d = this.deadlines.get(round.round);
    if (d === undefined) this.deadlines.set(round.round, (d = formatDeadline(round.deadline, this.game.settings.schedule.timezone, templateLang(this.game.settings.language))));
    return d;
  }

  private limits() {
    return { repliesPerHour: this.game.settings.mail.repliesPerHour, strangerRepliesPerHour: this.game.settings.mail.strangerRepliesPerHour };
  }

  private async reply(mail: IncomingMail, parsed: ParsedEntry, outcome: IngestOutcome, round: RoundRecord | null, player: { email: string; name: string } | undefined, at: Date): Promise<boolean | 'held'> {
    const { settings } = this.game;
    // A player is always answered at the registered address (never at a Reply-To: a forged
    // entry then reaches the real player); a stranger at the From address only.
    const stranger = !player;
    const to = player ? player.email.toLowerCase() : mail.fromAddress;
    if (!to || to === this.ownAddress || isComputerEmail(to)) return false; // a computer player gets no mail
    const isReceipt = outcome.kind === 'entry' || outcome.kind === 'older';
    const plan = planReply({ stranger, isReceipt, at, sentToAddress: this.ledger.sentTo(to, at), strangerRepliesLastHour: stranger ? this.ledger.strangerRepliesLastHour(at) : 0, limits: this.limits() });
    if (!plan.send) return false;
    const lang = templateLang(settings.language);
    const outbox = this.outbox(round);
    const address = { name: player?.name ?? '', address: to };
    const deadline = round ? this.deadlineText(round) : '';
    const when = (iso: string) => formatDeadline(iso, settings.schedule.timezone, lang);
    const held = plan.notBefore !== null;
    let queued = false;
    if (isReceipt) {
      const ctx = await this.context(round!);
      const book = this.book(round!.round);
      const record = book.entryOf(to)!;
      // A held receipt describes the entry of record when it was written; an older mail is told what counts.
      const shown: { main: string[]; substitutes: string[]; joker: string | null } = held ? record : parsed;
      const { joker, bad } = held ? { joker: record.joker, bad: null } : declaredJoker(parsed.joker, settings.language);
      const data = receiptData({ main: shown.main, substitutes: shown.substitutes }, joker, bad, ctx, lang, isLate(at, round!.deadline, 'PT0S'));
      queued = await queueMail(this.game, outbox, {
        id: `receipt-${mail.id}`, kind: 'receipt', to: address, template: 'receipt', inReplyTo: mail.messageId,
        notBefore: plan.notBefore, key: `receipt:${round!.round}:${to}`,
        data: {
          ...data, ...fieldView(round!.field), name: player!.name, round: round!.round, deadline,
          replaced: outcome.kind === 'entry' && outcome.replaced,
          superseded: outcome.kind === 'older' ? { receivedAt: when(record.at) } : null,
          coalesced: held,
          ...(held ? { ignored: [], ignoredMore: 0, quotedLines: 0 } : ignoredView(parsed, lang)),
        },
      });
    } else if (outcome.kind === 'not-an-entry') {
      const current: EntryRecord | undefined = this.book(round!.round).entryOf(to);
      queued = await queueMail(this.game, outbox, {
        id: `notice-${mail.id}`, kind: 'notice', to: address, template: 'not-an-entry', inReplyTo: mail.messageId,
        data: {
          name: player!.name, round: round!.round, deadline, why: outcome.why, subject: mail.subject,
          current: current ? { main: current.main, substitutes: current.substitutes, joker: current.joker, receivedAt: when(current.at) } : null,
          ...ignoredView(parsed, lang),
        },
      });
    } else if (outcome.kind === 'refused') {
      // A stranger's refusal is a fixed text: nothing of their mail (subject, address) is sent anywhere.
      queued = await queueMail(this.game, outbox, {
        id: `refusal-${mail.id}`, kind: 'refusal', to: address, template: 'refusal', inReplyTo: stranger ? null : mail.messageId,
        data: { reason: outcome.reason, round: outcome.round ?? parsed.round, deadline, subject: stranger ? '' : mail.subject },
      });
    }
    if (queued && !held) this.ledger.record(to, at, stranger);
    return queued ? (held ? 'held' : true) : false;
  }

  /**
   * Closes the journals (durable), writes entries.json of the rounds this run changed when
   * due (RoundBook.copyDue: always for a round of up to some 1,000 mails), and brings the
   * journals' indexes up to date.
   */
  finish(): void {
    this.batch.commit();
    this.closeAll();
  }

  /** finish(), with the commit's fsyncs side by side (SyncBatch.commitAsync): what a run that answers someone waits for. */
  async finishAsync(): Promise<void> {
    await this.batch.commitAsync();
    this.closeAll();
  }

  private closeAll(): void {
    for (const b of this.books.values()) {
      b.writeCopyIfDue();
      b.close();
    }
    for (const o of this.outboxes.values()) o.close();
    this.index.close();
    this.seen.commit();
    this.ledger.close();
  }
}

/** The first player (in the settings' order) whose address or alias is `a` (lower case): what the map gives. */
function scanPlayers(players: readonly PlayerSettings[], a: string): PlayerSettings | undefined {
  for (const p of players) {
    if (p.email.toLowerCase() === a) return p;
    if (p.aliases) for (const x of p.aliases) if (x.toLowerCase() === a) return p;
  }
  return undefined;
}

/** A name a stranger asks to join with: printable, short, no markup (shown to the GM only). */
function cleanName(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f<>"]/g, '').replace(/\s+/g, ' ').trim().slice(0, 60);
}

/** One mail, one run (for callers with a single message). */
export async function ingestMessage(game: Game, raw: Buffer, opts: { receivedAt?: Date | undefined } = {}): Promise<IngestResult> {
  const ing = new Ingestor(game);
  try {
    return await ing.ingest(raw, opts);
  } finally {
    ing.finish();
  }
}

/** A source of mail for one run: calls handle for each message, and commit before it lets go of the source's copies. */
export type MailFeed = (handle: (raw: Buffer, meta?: { receivedAt?: Date | undefined }) => Promise<IngestResult>, commit: () => void) => Promise<void>;

/**
 * One ingest run: first the mails a killed run stored but did not read, then the feed; the
 * derived files are written at the end, also when the feed fails half-way.
 *
 * `readAhead`: the feed may hand over mails without waiting for each result (a batch of
 * files), and the run reads them in a pool of worker threads (read-pool.ts) while this
 * thread records them. Each mail is still stored raw before it is handed to a reader, and
 * everything after the reading (filing, journals, replies) is done one mail after the other
 * in the feed's order, so the run writes what a run without the pool writes. A mail whose
 * bytes are already in the window (the same mail twice) is stored and read again in its
 * turn, as a run one mail at a time does.
 */
export async function runIngest(game: Game, feed: MailFeed, opts: { readAhead?: boolean } = {}): Promise<IngestResult[]> {
  const ing = new Ingestor(game);
  const out: IngestResult[] = [];
  let pool: ReadPool | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  try {
    for (const f of ing.leftovers()) out.push(await ing.ingest(readFileSync(f), { receivedAt: statSync(f).mtime }));
    if (opts.readAhead) {
      const { ReadPool } = await import('./read-pool.js');
      pool = ReadPool.start(ing.poolInit());
    }
    const inWindow = new Map<string, number>();
    await feed((raw, meta = {}) => {
      let job: () => Promise<IngestResult>;
      const key = pool ? ing.stagedPath(raw) : '';
      const twice = pool ? inWindow.get(key) ?? 0 : 0;
      if (pool && twice === 0) {
        const staged = ing.store(raw, meta, key);
        const reading = pool.read(raw);
        job = async () => ing.ingestStored(staged, raw, meta, await reading);
      } else job = () => ing.ingest(raw, meta);
      if (pool) inWindow.set(key, twice + 1);
      // In order: each mail after the one before (a failure stops the ones after it).
      const r = tail.then(job).then((res) => {
        out.push(res);
        return res;
      }).finally(() => {
        if (!pool) return;
        const n = inWindow.get(key)! - 1;
        if (n > 0) inWindow.set(key, n); else inWindow.delete(key);
      });
      tail = r;
      r.catch(() => {}); // (the feed awaits it, or has stopped on an earlier failure)
      return r;
    }, () => ing.commit());
    await tail;
  } finally {
    await tail.catch(() => {});
    await pool?.close();
    await ing.finishAsync();
  }
  return out;
}

/** The IMAP mailbox of the game as a feed. */
export function imapFeed(game: Game): MailFeed {
  const imap = game.settings.mail.imap;
  if (!imap) throw new UserError('--imap needs mail.imap (host, user) in postboggle.yaml');
  return async (handle, commit) => {
    const { readImap } = await import('../mail/imap-reader.js');
    await readImap(imap, async (raw, meta) => ({ quarantined: (await handle(raw, meta)).outcome.kind === 'quarantined' }), commit);
  };
}
