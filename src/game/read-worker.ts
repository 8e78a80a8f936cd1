import { parentPort, workerData } from 'node:worker_threads';
import { fieldTracers, readEntry, readRaw } from './mail-reading.js';
import type { PoolInit, PoolReply, PoolRequest } from './read-pool.js';

// A thread of the read pool (read-pool.ts): reads each mail it is handed (readRaw, then the
// entry for the round it picks, read with the registered name of its sender) and hands the
// reading back. It writes nothing and knows nothing of the game's state but the rounds and
// the players' names as they were when the run began.

const init = workerData as PoolInit;
const names = new Map(init.players);
const onFieldOf = fieldTracers(init.language);

parentPort!.on('message', (m: PoolRequest) => {
  // Fault injection (tests): the thread dies with the mail, which the ingest then reads itself.
  if (process.env.POSTBOGGLE_CRASH_AT === 'read-worker') process.exit(1);
  void (async (): Promise<PoolReply> => {
    try {
      const raw = Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength);
      const r = await readRaw(raw, init.maxMessageBytes);
      const entry = r.mail ? readEntry(r.mail, init.rounds, names.get(r.mail.fromAddress ?? '') ?? r.mail.fromName, init.language, onFieldOf) : null;
      return { seq: m.seq, reading: { ...r, entry } };
    } catch (e) {
      return { seq: m.seq, failed: String((e as Error)?.message ?? e).slice(0, 200) };
    }
  })().then((reply) => parentPort!.postMessage(reply));
});
