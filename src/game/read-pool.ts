import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EntryReading, RawReading } from './mail-reading.js';
import type { RoundRecord } from './rounds.js';
import type { Settings } from './settings.js';

// A batch of mail read on more than one core. Reading a mail (the MIME parser, the text, the
// entry in it) needs nothing but its bytes, the rounds and the players' names: it runs in a
// small pool of worker threads, a few mails ahead, while the ingest's own thread does all
// that is ordered and durable (the raw copy, stored before the mail is handed over; the
// journals; the replies) one mail after the other in the order of the feed, exactly as
// without the pool. A reading that fails in a worker, or a worker that dies (a hostile mail
// that exhausts its memory), costs only speed: that mail is read again in the ingest's own
// thread, as it always was.

export interface PoolInit {
  maxMessageBytes: number;
  language: Settings['language'];
  rounds: RoundRecord[];
  /** Each address (main or alias, lower case) and the name of the player it belongs to, first in the settings' order. */
  players: [string, string][];
}

export interface Reading extends RawReading {
  entry: EntryReading | null;
}

export interface PoolRequest { seq: number; raw: Uint8Array }
export type PoolReply = { seq: number; reading: Reading } | { seq: number; failed: string };

/** How many threads read: one fewer than the cores (the ingest's own thread records), at most 3. */
export function poolSize(): number {
  const env = process.env.POSTBOGGLE_READ_THREADS;
  if (env !== undefined && env !== '') return Math.max(0, Math.min(8, Number.parseInt(env, 10) || 0));
  return Math.max(0, Math.min(3, availableParallelism() - 1));
}

/** Mails a batch must have for the pool to start (a thread costs some 0.3 s of CPU to load the parser). */
export const POOL_MIN_MAILS = 200;

/** Whether a batch of n mails is read ahead in the pool (any batch of two or more when POSTBOGGLE_READ_THREADS says how many threads: tests). */
export function readAheadFor(n: number): boolean {
  return n >= (process.env.POSTBOGGLE_READ_THREADS ? 2 : POOL_MIN_MAILS);
}

const MAX_DEATHS = 3;

const WORKER = fileURLToPath(new URL('./read-worker.js', import.meta.url));

interface Thread {
  worker: Worker;
  pending: Map<number, (r: Reading | null) => void>;
}

export class ReadPool {
  private readonly threads: (Thread | null)[];
  private seq = 0;
  private next = 0;
  /** Threads that died: past a few, the rest of the batch is read in the ingest's thread (a thread costs its start). */
  private deaths = 0;

  private constructor(private readonly init: PoolInit, size: number) {
    this.threads = Array.from({ length: size }, () => null);
  }

  /** A pool of `size` threads, or null when there is none to have (no threads, or the sources run uncompiled). */
  static start(init: PoolInit, size = poolSize()): ReadPool | null {
    if (size < 1 || !existsSync(WORKER)) return null;
    return new ReadPool(init, size);
  }

  private thread(i: number): Thread {
    let t = this.threads[i];
    if (t) return t;
    const worker = new Worker(WORKER, { workerData: this.init });
    const pending = new Map<number, (r: Reading | null) => void>();
    t = { worker, pending };
    this.threads[i] = t;
    const thread = t;
    worker.on('message', (m: PoolReply) => {
      const done = pending.get(m.seq);
      pending.delete(m.seq);
      done?.('reading' in m ? m.reading : null);
    });
    // A thread that dies takes no mail with it: what it held is read by the caller.
    const lost = () => {
      if (this.threads[i] === thread) {
        this.threads[i] = null;
        this.deaths++;
      }
      for (const done of pending.values()) done(null);
      pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return t;
  }

  /** The mail's reading, or null: read it yourself. */
  read(raw: Buffer): Promise<Reading | null> {
    if (this.deaths >= MAX_DEATHS) return Promise.resolve(null);
    const i = this.next;
    this.next = (this.next + 1) % this.threads.length;
    let t: Thread;
    try {
      t = this.thread(i);
    } catch {
      return Promise.resolve(null);
    }
    const seq = ++this.seq;
    return new Promise((resolve) => {
      t.pending.set(seq, resolve);
      t.worker.postMessage({ seq, raw } satisfies PoolRequest);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
  }
}
