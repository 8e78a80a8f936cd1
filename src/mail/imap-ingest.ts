import { ImapFlow } from 'imapflow';
import { UserError } from '../user-error.js';
import type { Game } from '../game/game.js';
import { type IngestResult, ingestMessage } from '../game/ingest.js';

type ImapSettings = NonNullable<Game['settings']['mail']['imap']>;

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

/**
 * Fetches every message in the mailbox, ingests each (its raw copy stored locally first)
 * and only then moves it to the processed folder. A crash in between leaves the message
 * in the mailbox; the next run finds it already ingested and just moves it.
 */
export async function ingestFromClient(game: Game, client: ImapFlow, imap: ImapSettings): Promise<IngestResult[]> {
  await ensureMailbox(client, imap.processed);
  const results: IngestResult[] = [];
  const lock = await client.getMailboxLock(imap.mailbox);
  try {
    const messages = await client.fetchAll('1:*', { uid: true, source: true, internalDate: true });
    for (const m of messages) {
      if (!m.source) continue;
      const at = m.internalDate ? new Date(m.internalDate) : undefined;
      results.push(await ingestMessage(game, m.source, { receivedAt: at }));
      await client.messageMove(String(m.uid), imap.processed, { uid: true });
    }
  } finally {
    lock.release();
  }
  return results;
}

export async function ingestImap(game: Game): Promise<IngestResult[]> {
  const imap = game.settings.mail.imap;
  if (!imap) throw new UserError('--imap needs mail.imap (host, user) in postboggle.yaml');
  const client = await connectImap(imap);
  try {
    return await ingestFromClient(game, client, imap);
  } finally {
    await client.logout().catch(() => undefined);
  }
}
