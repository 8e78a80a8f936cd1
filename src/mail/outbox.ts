import { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crashPoint } from '../store/crash-point.js';
import { Journal, journalLine } from '../store/journal.js';
import type { SyncBatch } from '../store/sync-batch.js';
import { writeFileVerified } from '../store/verified-write.js';
import { bytesHash } from './identity.js';
import { recordSendFailure, recordUnconfirmed } from './send-report.js';

// Every outgoing message is recorded in an outbox folder before it is sent (SPEC 9):
//   <id>.eml          the message as it will be sent
//   journal.jsonl     what happened to each: queued → sent | failed | superseded
// A send that was interrupted is resumed by the next flush; a message the journal says was
// sent is never sent again, and queueing the same id twice keeps the first. The journal is
// one file, appended to, so neither queueing nor sending reads the other messages' files.
//
// What is still to send is read incrementally: after each flush, journal.checkpoint.json
// records the journal's length then (with a hash of its last bytes) and the messages still
// queued; the next run reads that and only the journal lines written since. A run that
// queues one receipt and flushes (procmail, one mail a process) so costs the same at 100
// players and at 100,000. The checkpoint is only a shortcut: missing, damaged or not
// matching the journal, the whole journal is read as before. Whether an id was queued is
// answered without the journal while its .eml does not exist (the .eml is written before
// its journal line, and nothing deletes it).
//
// Never twice (SPEC 9): "handed" is appended the moment the last bytes of a message are
// taken by the SMTP connection, before its final dot can reach the server, and "sent" the
// moment the server's 250 has come back. A run killed in between leaves the message
// *unconfirmed*: the server most likely has it (it had the whole message and keeps it
// whether or not we read its 250, RFC 1047), so it is not sent again by itself; the GM sees
// it (every sending command's last lines, `postboggle outbox`, doctor) and sends it again
// (`outbox resend`) or settles it (`outbox confirm`). A run killed before "handed" is
// resent: the server never had the end of the message and drops what it had.
// `npm run bench` counts duplicates and unconfirmed messages under kill -9.

export type OutboxKind = 'receipt' | 'refusal' | 'notice' | 'announcement' | 'newsletter';

export type OutboxEvent =
  | { op: 'queued'; id: string; kind: OutboxKind; to: string; subject: string; at: string; notBefore?: string; key?: string; sha?: string }
  | { op: 'handed'; id: string; at: string }
  | { op: 'sent'; id: string; at: string }
  | { op: 'failed'; id: string; at: string; error: string; permanent: boolean }
  | { op: 'resend'; id: string; at: string; reason?: string }
  | { op: 'confirmed'; id: string; at: string; reason?: string }
  | { op: 'superseded'; id: string; at: string; by: string };

export interface OutboxRecord {
  id: string;
  kind: OutboxKind;
  to: string;
  subject: string;
  /**
   * failed: refused for good by the server (5xx), never retried; superseded: replaced by a
   * newer reply before it went out; unconfirmed: handed to the server by a run that stopped
   * before its answer came back, not sent again unless the GM says so.
   */
  state: 'queued' | 'sent' | 'failed' | 'superseded' | 'unconfirmed';
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError?: string | null;
  /** Not sent before this time (a reply held back by the rate limit). */
  notBefore?: string;
  /** Replies with one key coalesce: a newer one supersedes an unsent older one. */
  key?: string;
  /** Hash of the .eml as queued: a file damaged since (a power cut) is not sent. */
  sha?: string;
}

export interface Transport {
  readonly name: string;
  /**
   * Hands one message to the mail system; resolves once the server accepted it. accepted()
   * is called synchronously the moment the acceptance is known, before anything else runs;
   * handed() the moment the connection has taken the message's last bytes, before the end
   * of the data can reach the server.
   */
  send(raw: Buffer, envelope: { from: string; to: string }, accepted?: () => void, handed?: () => void): Promise<void>;
  close?(): Promise<void>;
}

export interface FlushResult {
  sent: number;
  /** Failed this time, to be retried. */
  failed: number;
  /** Refused for good (5xx for the recipient or the message): never retried. */
  rejected: number;
  /** Held back by the rate limit until later. */
  held: number;
  /** Handed to the server by an earlier run that stopped before the answer: not sent again. */
  unconfirmed: number;
}

export const CHECKPOINT = 'journal.checkpoint.json';
/** How many bytes before the checkpoint's end are hashed to recognise the journal it was made of. */
const MARK_BYTES = 256;

interface Checkpoint {
  end: number;
  mark: string;
  pending: OutboxRecord[];
}

const safeId = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);

/** What a failed send means: refused for good (5xx for this recipient or message), or try again later. */
export function classifySendError(e: unknown): { permanent: boolean; stopAll: boolean; text: string } {
  const err = e as { responseCode?: number; code?: string; command?: string; response?: string; message?: string };
  const text = (err.response ?? err.message ?? String(e)).replace(/\s+/g, ' ').slice(0, 300);
  const code = err.responseCode ?? 0;
  const command = (err.command ?? '').toUpperCase();
  if (code >= 500 && code < 600 && (command.startsWith('RCPT') || err.code === 'EMESSAGE' || command.startsWith('DATA'))) {
    return { permanent: true, stopAll: false, text };
  }
  // The connection, the login or the sender address failed: every other message would fail the same way.
  const stopAll = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED', 'EPROTOCOL'].includes(err.code ?? '') || command.startsWith('MAIL');
  return { permanent: false, stopAll, text };
}

export class Outbox {
  private readonly journal: Journal<OutboxEvent>;
  /** Every record (read from the whole journal), once something needed them all. */
  private state: Map<string, OutboxRecord> | undefined;
  /** Otherwise the records still open, queued or unconfirmed (from the checkpoint and the journal since). */
  private pending: Map<string, OutboxRecord> | undefined;
  /** The held (notBefore) message of each coalescing key. */
  private heldByKey = new Map<string, string>();

  /** With a batch (an ingest run), queueing is made durable at the batch's commit. */
  constructor(readonly dir: string, private readonly batch?: SyncBatch) {
    this.journal = new Journal<OutboxEvent>(join(dir, 'journal.jsonl'));
    if (batch) this.journal.deferSync(batch);
  }

  private load(): Map<string, OutboxRecord> {
    if (this.state) return this.state;
    const state = new Map<string, OutboxRecord>();
    if (!this.journal.exists()) this.importLegacy();
    for (const ev of this.journal.read().records) apply(state, ev);
    this.state = state;
    this.pending = undefined;
    this.heldByKey = heldKeys(state.values());
    return state;
  }

  /** The records still open (queued or unconfirmed), read incrementally when a checkpoint allows. */
  private queued(): Map<string, OutboxRecord> {
    if (this.state) return new Map([...this.state].filter(([, r]) => isOpen(r)));
    if (this.pending) return this.pending;
    const cp = this.checkpoint();
    if (!cp) {
      this.load();
      return this.queued();
    }
    const pending = new Map(cp.pending.map((r) => [r.id, r]));
    for (const ev of this.journal.read(cp.end).records) applyPending(pending, ev);
    this.pending = pending;
    this.heldByKey = heldKeys(pending.values());
    return pending;
  }

  /** The checkpoint, if there is one and it was made of this journal. */
  private checkpoint(): Checkpoint | null {
    if (!this.journal.exists()) return null;
    try {
      const cp = JSON.parse(readFileSync(join(this.dir, CHECKPOINT), 'utf8')) as Checkpoint;
      if (!Number.isSafeInteger(cp?.end) || !Array.isArray(cp.pending) || cp.mark !== this.markAt(cp.end)) return null;
      return cp;
    } catch {
      return null;
    }
  }

  private markAt(end: number): string | null {
    return this.journal.markAt(end, 0, MARK_BYTES);
  }

  /** Records what is still queued as of the journal's end now (after a flush; its lines are synced). */
  private writeCheckpoint(): void {
    try {
      if (!this.journal.exists()) return;
      const end = statSize(this.journal.path);
      const mark = this.markAt(end);
      if (mark === null) return; // a torn last line: the next append cuts it, the next flush checkpoints
      const cp: Checkpoint = { end, mark, pending: [...this.queued().values()] };
      const tmp = join(this.dir, `${CHECKPOINT}.${process.pid}.tmp`);
      try {
        writeFileSync(tmp, JSON.stringify(cp));
        renameSync(tmp, join(this.dir, CHECKPOINT));
      } catch (e) {
        try { unlinkSync(tmp); } catch { /* never made */ }
        throw e;
      }
    } catch {
      // only a shortcut: the next run reads the whole journal
    }
  }

  /** An event just appended to the journal, applied to what is in memory. */
  private record(ev: OutboxEvent): void {
    if (this.state) apply(this.state, ev);
    else if (this.pending) applyPending(this.pending, ev);
  }

  /** Outboxes written before the journal kept one <id>.json record a message: fold them in once. */
  private importLegacy(): void {
    if (!existsSync(this.dir)) return;
    const events: OutboxEvent[] = [];
    for (const f of readdirSync(this.dir).filter((x) => x.endsWith('.json') && x !== CHECKPOINT).sort()) {
      try {
        const r = JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as OutboxRecord;
        events.push({ op: 'queued', id: r.id, kind: r.kind, to: r.to, subject: r.subject, at: r.createdAt });
        if (r.state === 'sent') events.push({ op: 'sent', id: r.id, at: r.sentAt ?? r.createdAt });
      } catch { /* a record that cannot be read: its .eml is still there */ }
    }
    if (events.length) this.journal.appendMany(events);
  }

  has(id: string): boolean {
    const sid = safeId(id);
    if (!this.state && this.journal.exists() && !existsSync(join(this.dir, `${sid}.eml`))) return false;
    return this.load().has(sid);
  }

  get(id: string): OutboxRecord | undefined {
    return this.load().get(safeId(id));
  }

  /**
   * Records a message (idempotent by id). Returns false if it was recorded before. With a
   * key, a message of the same key still held back (notBefore) is superseded by this one.
   */
  queue(id: string, kind: OutboxKind, to: string, subject: string, raw: Buffer, now: Date, opts: { notBefore?: Date | undefined; key?: string | undefined } = {}): boolean {
    const sid = safeId(id);
    if (this.has(sid)) return false;
    writeFileVerified(join(this.dir, `${sid}.eml`), raw, undefined, this.batch, { inPlace: true }); // first: a queued record means the .eml is complete
    const events: OutboxEvent[] = [];
    if (opts.key) {
      // only a held message is replaced: one that is due goes out as it is
      if (!this.state) this.queued(); // (reads heldByKey)
      const held = this.heldByKey.get(opts.key);
      const r = held !== undefined ? (this.state ?? this.queued()).get(held) : undefined;
      if (r && r.state === 'queued') events.push({ op: 'superseded', id: r.id, at: now.toISOString(), by: sid });
    }
    events.push({
      op: 'queued', id: sid, kind, to, subject, at: now.toISOString(), sha: bytesHash(raw),
      ...(opts.notBefore && opts.notBefore > now ? { notBefore: opts.notBefore.toISOString() } : {}), ...(opts.key ? { key: opts.key } : {}),
    });
    this.journal.appendMany(events);
    for (const ev of events) this.record(ev);
    if (opts.key && opts.notBefore && opts.notBefore > now) this.heldByKey.set(opts.key, sid);
    return true;
  }

  close(): void {
    this.journal.close();
  }

  records(): OutboxRecord[] {
    return [...this.load().values()];
  }

  /** The messages still open (queued, due or held, and unconfirmed), read incrementally when the checkpoint allows. */
  pendingRecords(): OutboxRecord[] {
    return [...this.queued().values()];
  }

  /** Messages handed to the server by a run that stopped before its answer came back. */
  unconfirmedRecords(): OutboxRecord[] {
    return this.pendingRecords().filter((r) => r.state === 'unconfirmed');
  }

  /**
   * The GM's word on a message: `resend` puts an unconfirmed or refused message back in the
   * queue (sent by the next flush), `confirm` records that an unconfirmed one arrived.
   * Returns what it did, or why not.
   */
  settle(id: string, how: 'resend' | 'confirm', now: Date, reason?: string): { ok: boolean; text: string } {
    const sid = safeId(id);
    const r = this.load().get(sid);
    if (!r) return { ok: false, text: `${id}: no such message in ${this.dir}` };
    const allowed = SETTLES_FROM[how];
    if (!allowed.includes(r.state)) return { ok: false, text: `${id}: it is ${r.state}; only ${allowed.join(' or ')} messages can be ${how === 'resend' ? 'sent again' : 'confirmed'}` };
    const ev: OutboxEvent = how === 'resend'
      ? { op: 'resend', id: sid, at: now.toISOString(), ...(reason ? { reason } : {}) }
      : { op: 'confirmed', id: sid, at: now.toISOString(), ...(reason ? { reason } : {}) };
    this.journal.append(ev);
    this.record(ev);
    this.writeCheckpoint();
    return { ok: true, text: how === 'resend' ? `${id}: queued again for ${r.to}` : `${id}: recorded as sent to ${r.to}` };
  }

  /** Sends what is queued and due. A temporary failure stays queued for the next flush; a 5xx for the recipient is final. */
  async flush(transport: Transport, from: string, now: () => Date): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, failed: 0, rejected: 0, held: 0, unconfirmed: 0 };
    const open = [...this.queued().values()];
    const due = open.filter((r) => r.state === 'queued');
    result.unconfirmed = open.length - due.length;
    let stopped: string | null = null;
    let handed = false;
    // The file transport's "delivery" is the .eml already on disk: its marks are fsync'd once, at the end.
    if (transport.name === 'file') this.journal.deferSync({ add: () => undefined });
    try {
      for (const r of due) {
        if (r.notBefore && Date.parse(r.notBefore) > now().getTime()) { result.held++; continue; }
        if (stopped) {
          result.failed++;
          recordSendFailure({ to: r.to, error: stopped, permanent: false });
          continue;
        }
        crashPoint('outbox:before-send');
        try {
          const raw = readFileSync(join(this.dir, `${r.id}.eml`));
          if (r.sha && bytesHash(raw) !== r.sha) throw Object.assign(new Error(`${r.id}.eml is damaged (it changed after it was queued); not sent`), { code: 'EDAMAGED' });
          // The "handed" and "sent" lines are made before the send and each written in one
          // write, nothing else first: "handed" before the end of the data can reach the
          // server, "sent" the moment the 250 is in (see the top of this file).
          const at = now().toISOString();
          const handedLine = Buffer.from(journalLine({ op: 'handed', id: r.id, at } satisfies OutboxEvent));
          const sentLine = Buffer.from(journalLine({ op: 'sent', id: r.id, at } satisfies OutboxEvent));
          this.journal.prepare();
          let marked = false;
          handed = false;
          await transport.send(raw, { from, to: r.to }, () => { this.journal.appendPrepared(sentLine); marked = true; }, () => { this.journal.appendPrepared(handedLine, { sync: false }); handed = true; });
          if (!marked) this.journal.appendPrepared(sentLine);
        } catch (e) {
          const c = classifySendError(e);
          if (handed && !(e as { responseCode?: number }).responseCode) {
            // The connection was lost after the whole message was handed over and before an
            // answer: the server may have it. Unconfirmed, like a run killed at that moment.
            this.record({ op: 'handed', id: r.id, at: now().toISOString() });
            result.unconfirmed++;
            if (c.stopAll) stopped = c.text;
            continue;
          }
          const ev: OutboxEvent = { op: 'failed', id: r.id, at: now().toISOString(), error: c.text, permanent: c.permanent };
          this.journal.append(ev);
          this.record(ev);
          recordSendFailure({ to: r.to, error: c.text, permanent: c.permanent });
          if (c.permanent) result.rejected++;
          else result.failed++;
          if (c.stopAll) stopped = c.text;
          continue;
        }
        this.record({ op: 'sent', id: r.id, at: now().toISOString() });
        result.sent++;
      }
    } finally {
      recordUnconfirmed(result.unconfirmed);
      this.journal.sync();
      this.writeCheckpoint();
      if (this.batch) this.journal.deferSync(this.batch);
      else this.journal.noDefer();
      this.journal.close();
    }
    return result;
  }
}

/** The states from which the GM may send a message again, or confirm that it arrived. */
const SETTLES_FROM: Record<'resend' | 'confirm', readonly OutboxRecord['state'][]> = {
  resend: ['unconfirmed', 'failed'],
  confirm: ['unconfirmed'],
};

/** Still to be dealt with: queued, or unconfirmed (waiting for the GM). */
function isOpen(r: OutboxRecord): boolean {
  return r.state === 'queued' || r.state === 'unconfirmed';
}

function heldKeys(records: Iterable<OutboxRecord>): Map<string, string> {
  const held = new Map<string, string>();
  for (const r of records) if (r.key && r.notBefore && r.state === 'queued') held.set(r.key, r.id);
  return held;
}

function statSize(path: string): number {
  return statSync(path).size;
}

/** apply(), keeping only the records still open. */
function applyPending(pending: Map<string, OutboxRecord>, ev: OutboxEvent): void {
  apply(pending, ev);
  const r = pending.get(ev.id);
  if (r && !isOpen(r)) pending.delete(ev.id);
}

function apply(state: Map<string, OutboxRecord>, ev: OutboxEvent): void {
  if (ev.op === 'queued') {
    if (state.has(ev.id)) return;
    state.set(ev.id, {
      id: ev.id, kind: ev.kind, to: ev.to, subject: ev.subject, state: 'queued', createdAt: ev.at, sentAt: null, attempts: 0, lastError: null,
      ...(ev.notBefore ? { notBefore: ev.notBefore } : {}), ...(ev.key ? { key: ev.key } : {}), ...(ev.sha ? { sha: ev.sha } : {}),
    });
    return;
  }
  const r = state.get(ev.id);
  if (!r) return;
  if (ev.op === 'handed') {
    if (r.state === 'queued') r.state = 'unconfirmed';
  } else if (ev.op === 'sent') Object.assign(r, { state: 'sent', sentAt: ev.at, attempts: r.attempts + 1, lastError: null });
  else if (ev.op === 'failed') Object.assign(r, { state: ev.permanent ? 'failed' : r.state === 'sent' ? 'sent' : 'queued', attempts: r.attempts + 1, lastError: ev.error });
  else if (ev.op === 'superseded' && r.state === 'queued') r.state = 'superseded';
  else if (ev.op === 'resend' && SETTLES_FROM.resend.includes(r.state)) Object.assign(r, { state: 'queued', lastError: null });
  else if (ev.op === 'confirmed' && SETTLES_FROM.confirm.includes(r.state)) Object.assign(r, { state: 'sent', sentAt: ev.at, attempts: r.attempts + 1 });
}

/**
 * The built-in transport: the message stays in the outbox as its .eml file, which is the
 * delivery (a GM can send the files by hand, or look at what would have gone out).
 */
export const fileTransport: Transport = {
  name: 'file',
  async send() { /* the .eml in the outbox is the delivery */ },
};
