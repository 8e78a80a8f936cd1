import { ImapFlow } from 'imapflow';
import { UserError } from '../user-error.js';

// The IMAP side of ingest: fetches the messages of the game's mailbox and hands each to a
// handler (the game's ingest), moving it away only after the handler has stored it. This
// module knows nothing of the game.

export interface ImapSettings {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  mailbox: string;
  processed: string;
  quarantine: string;
}

/** What the handler did with a message: where it goes on the server. */
export interface Handled {
  /** The message could not be read and was set aside: it goes to the quarantine folder. */
  quarantined: boolean;
}

export type MailHandler = (raw: Buffer, meta: { receivedAt?: Date | undefined; uid: number }) => Promise<Handled>;

/** A connected client for the game's mailbox; the password comes from POSTBOGGLE_IMAP_PASSWORD. */
export async function connectImap(imap: ImapSettings, opts: { idleAfterMs?: number } = {}): Promise<ImapFlow> {
  const pass = process.env.POSTBOGGLE_IMAP_PASSWORD;
  if (!pass) throw new UserError('set the IMAP password in the environment variable POSTBOGGLE_IMAP_PASSWORD');
  const client = new ImapFlow({
    host: imap.host,
    port: imap.port,
    // TLS is on by default: implicit TLS (993). tls: false is for a server on this machine only.
    secure: imap.tls,
    doSTARTTLS: imap.tls ? undefined : false,
    auth: { user: imap.user, pass },
    logger: false,
    connectionTimeout: 20_000,
    // watch wants IDLE at once, not after imapflow's default 15 s of quiet
    ...(opts.idleAfterMs !== undefined ? { autoIdleDelay: opts.idleAfterMs } : {}),
  });
  client.on('error', () => { /* reported by the pending call */ });
  try {
    await client.connect();
  } catch (e) {
    throw new UserError(`cannot log in to IMAP ${imap.host}:${imap.port} as ${imap.user}: ${(e as Error).message}`);
  }
  return client;
}

async function ensureMailbox(client: ImapFlow, path: string): Promise<void> {
  const list = await client.list();
  if (!list.some((m) => m.path === path)) await client.mailboxCreate(path);
}

const BATCH = 100;

/**
 * Hands every message in the mailbox to the handler, oldest arrival first (servers do not
 * always number messages in arrival order), a hundred at a time, and moves each handled one
 * to the processed folder (or the quarantine folder) only after the handler returned and
 * commit made the stored copies durable: a crash in between leaves it in the mailbox, and
 * the next run finds it already ingested.
 */
export async function readMailbox(client: ImapFlow, imap: ImapSettings, handle: MailHandler, commit: () => void = () => undefined): Promise<number> {
  await ensureMailbox(client, imap.processed);
  await ensureMailbox(client, imap.quarantine);
  let count = 0;
  const lock = await client.getMailboxLock(imap.mailbox);
  try {
    if (client.mailbox === false || !client.mailbox.exists) return 0;
    const heads = await client.fetchAll('1:*', { uid: true, internalDate: true });
    const uids = heads
      .map((m) => ({ uid: m.uid, at: m.internalDate ? new Date(m.internalDate).getTime() : 0 }))
      .sort((a, b) => a.at - b.at || a.uid - b.uid);
    for (let i = 0; i < uids.length; i += BATCH) {
      const chunk = uids.slice(i, i + BATCH);
      const messages = await client.fetchAll(chunk.map((u) => u.uid).join(','), { uid: true, source: true, internalDate: true }, { uid: true });
      const byUid = new Map(messages.map((m) => [m.uid, m]));
      const processed: number[] = [];
      const quarantined: number[] = [];
      for (const { uid } of chunk) {
        const m = byUid.get(uid);
        if (!m?.source) continue;
        const at = m.internalDate ? new Date(m.internalDate) : undefined;
        const r = await handle(m.source, { receivedAt: at, uid });
        (r.quarantined ? quarantined : processed).push(uid);
        count++;
      }
      commit(); // the stored copies are durable before the server's go
      if (processed.length) await client.messageMove(processed.join(','), imap.processed, { uid: true });
      if (quarantined.length) await client.messageMove(quarantined.join(','), imap.quarantine, { uid: true });
    }
  } finally {
    lock.release();
  }
  return count;
}

/** Connects, reads the mailbox through the handler, logs out. */
export async function readImap(imap: ImapSettings, handle: MailHandler, commit?: () => void): Promise<number> {
  const client = await connectImap(imap);
  try {
    return await readMailbox(client, imap, handle, commit);
  } finally {
    await client.logout().catch(() => undefined);
  }
}
