import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { crashPoint } from '../game/crash-point.js';
import { writeJson } from '../game/json-files.js';

// Every outgoing message is recorded in an outbox folder before it is sent (SPEC 9):
//   <id>.eml    the message as it will be sent
//   <id>.json   its record: recipient, kind, state queued → sent
// A send that was interrupted is resumed by the next flush; a message whose record says
// "sent" is never sent again, and queueing the same id twice keeps the first.

export type OutboxKind = 'receipt' | 'refusal' | 'announcement' | 'newsletter';

export interface OutboxRecord {
  id: string;
  kind: OutboxKind;
  to: string;
  subject: string;
  state: 'queued' | 'sent';
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError?: string | null;
}

export interface Transport {
  readonly name: string;
  /** Hands one message to the mail system; resolves once the server accepted it. */
  send(raw: Buffer, envelope: { from: string; to: string }): Promise<void>;
  close?(): Promise<void>;
}

const safeId = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);

export class Outbox {
  constructor(readonly dir: string) {}

  has(id: string): boolean {
    return existsSync(join(this.dir, `${safeId(id)}.json`));
  }

  /** Records a message (idempotent by id). Returns false if it was recorded before. */
  queue(id: string, kind: OutboxKind, to: string, subject: string, raw: Buffer, now: Date): boolean {
    const sid = safeId(id);
    if (this.has(sid)) return false;
    mkdirSync(this.dir, { recursive: true });
    writeFileAtomic.sync(join(this.dir, `${sid}.eml`), raw, { fsync: true });
    const record: OutboxRecord = { id: sid, kind, to, subject, state: 'queued', createdAt: now.toISOString(), sentAt: null, attempts: 0 };
    writeJson(join(this.dir, `${sid}.json`), record); // written last: a record means the .eml is complete
    return true;
  }

  records(): OutboxRecord[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir).filter((f) => f.endsWith('.json')).sort()
      .map((f) => JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as OutboxRecord);
  }

  /** Sends what is queued. A failure stays queued (with its error) for the next flush. */
  async flush(transport: Transport, from: string, now: () => Date): Promise<{ sent: number; failed: number }> {
    let sent = 0, failed = 0;
    for (const r of this.records().filter((x) => x.state === 'queued')) {
      const raw = readFileSync(join(this.dir, `${r.id}.eml`));
      try {
        crashPoint('outbox:before-send');
        await transport.send(raw, { from, to: r.to });
        writeJson(join(this.dir, `${r.id}.json`), { ...r, state: 'sent', sentAt: now().toISOString(), attempts: r.attempts + 1, lastError: null });
        sent++;
      } catch (e) {
        writeJson(join(this.dir, `${r.id}.json`), { ...r, attempts: r.attempts + 1, lastError: (e as Error).message });
        failed++;
      }
    }
    return { sent, failed };
  }
}

/**
 * The built-in transport: the message stays in the outbox as its .eml file, which is the
 * delivery (a GM can send the files by hand, or look at what would have gone out).
 */
export const fileTransport: Transport = {
  name: 'file',
  async send() { /* the .eml in the outbox is the delivery */ },
};
