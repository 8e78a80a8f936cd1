// A running `postboggle watch` takes mail from `postboggle ingest` over a Unix socket in the
// game directory, as spamd takes mail from spamc: procmail starts one process a mail, and
// that process then costs a Node start instead of loading the mail libraries, the templates
// and the dictionary every time. This module is the wire format of both ends, and imports
// nothing but Node, so the client stays small.
//
// The client sends one header line (JSON: the mail's byte count and --received-at, if any)
// and the raw mail; the server answers with one JSON line once the mail is handled: the
// lines the ingest command would have printed and its exit code, or the error that stopped it.
import type { Server, Socket } from 'node:net';

// Node's own modules are taken with process.getBuiltinModule, not imported: an ES import of
// a built-in module builds its ES facade, which for node:fs reads every export, fs.promises
// and the streams included (some 15 ms of CPU in the ingest client, a process that exists
// for about 100 ms).
const { existsSync, unlinkSync } = process.getBuiltinModule('node:fs');
const { createConnection, createServer } = process.getBuiltinModule('node:net');
const { join, resolve } = process.getBuiltinModule('node:path');

/** A mail above this goes through the ingest command itself, not the socket. */
export const SOCKET_MAIL_LIMIT = 64 * 1024 * 1024;
const HEADER_LIMIT = 4096;
/** A socket's path must fit in sockaddr_un (108 bytes with the final NUL on Linux). */
const PATH_LIMIT = 107;

export interface IngestRequest {
  bytes: number;
  receivedAt: string | null;
}

export interface IngestReply {
  /** What the ingest command would have printed on stdout, a line each. */
  stdout: string[];
  /** And on stderr (without the `postboggle: ` each line gets). */
  stderr: string[];
  exitCode: number;
}

/** The socket of the game in dir, or null when its path is too long for a Unix socket. */
export function ingestSocketPath(dir: string): string | null {
  const path = join(resolve(dir), '.postboggle.sock');
  return Buffer.byteLength(path) <= PATH_LIMIT ? path : null;
}

/** The request's header line and the mail, as the client writes them. */
export function encodeRequest(raw: Buffer, receivedAt: string | null): Buffer {
  const head: IngestRequest = { bytes: raw.length, receivedAt };
  return Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), raw]);
}

/**
 * Reads one request from a connection: resolves with the header and the mail, or rejects
 * with one line saying what is wrong (header too long or not JSON, mail too large or cut short).
 */
export function readRequest(socket: Socket): Promise<{ head: IngestRequest; raw: Buffer }> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let have = 0;
    let head: IngestRequest | null = null;
    let headEnd = -1;
    const stop = (e: string) => { socket.removeAllListeners('data'); fail(new Error(e)); };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      have += chunk.length;
      if (head === null) {
        const all = Buffer.concat(chunks);
        headEnd = all.indexOf(0x0a);
        if (headEnd < 0) {
          if (have > HEADER_LIMIT) stop('request header longer than 4096 bytes');
          return;
        }
        try {
          const parsed = JSON.parse(all.subarray(0, headEnd).toString('utf8')) as Partial<IngestRequest>;
          if (!Number.isSafeInteger(parsed.bytes) || parsed.bytes! < 0) throw new Error('bytes');
          if (parsed.receivedAt !== null && typeof parsed.receivedAt !== 'string') throw new Error('receivedAt');
          head = { bytes: parsed.bytes!, receivedAt: parsed.receivedAt };
        } catch {
          return stop('request header is not the ingest client\'s');
        }
        if (head.bytes > SOCKET_MAIL_LIMIT) return stop(`mail larger than ${SOCKET_MAIL_LIMIT} bytes`);
        chunks.length = 0;
        chunks.push(all.subarray(headEnd + 1));
        have = chunks[0]!.length;
      }
      if (have > head.bytes) stop('more bytes than the request header announced');
      else if (have === head.bytes) {
        socket.removeAllListeners('data');
        done({ head, raw: Buffer.concat(chunks) });
      }
    });
    socket.on('end', () => { if (head === null || have < head.bytes) stop('the client went away before the whole mail was sent'); });
    socket.on('error', (e) => stop(e.message));
  });
}

/**
 * Hands one mail to the watch of the game in dir. Resolves with its reply, or with null when
 * no watch listens (no socket, or one left by a watch that died): the caller then ingests
 * the mail itself. Rejects when a watch took the mail but its answer never came (it died
 * half-way): the mail may be stored, and feeding it again changes nothing if it was.
 */
export function sendToWatch(dir: string, raw: Buffer, receivedAt: string | null): Promise<IngestReply | null> {
  const path = ingestSocketPath(dir);
  if (path === null || raw.length > SOCKET_MAIL_LIMIT) return Promise.resolve(null);
  return new Promise((done, fail) => {
    let connected = false;
    const chunks: Buffer[] = [];
    const socket = createConnection(path, () => {
      connected = true;
      socket.end(encodeRequest(raw, receivedAt));
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(e.code ?? '')) done(null);
      else fail(new Error(`the watch on this game stopped answering (${e.message}); feed the mail again`));
    });
    socket.on('close', () => {
      if (!connected) return;
      try {
        const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as IngestReply;
        if (!Array.isArray(reply.stdout) || !Array.isArray(reply.stderr) || typeof reply.exitCode !== 'number') throw new Error('shape');
        done(reply);
      } catch {
        fail(new Error('the watch on this game stopped before it answered; feed the mail again (a mail already stored is not taken twice)'));
      }
    });
  });
}

/**
 * Listens on the game's socket and answers each request with handle's reply; handle is
 * called for one mail at a time, in the order they came. A socket left by a watch that died
 * is replaced; one that answers belongs to a running watch and is an error.
 */
export async function serveIngest(dir: string, handle: (raw: Buffer, receivedAt: string | null) => Promise<IngestReply>): Promise<Server | null> {
  const path = ingestSocketPath(dir);
  if (path === null) return null;
  if (existsSync(path)) {
    const alive = await new Promise<boolean>((done) => {
      const probe = createConnection(path, () => { probe.destroy(); done(true); });
      probe.on('error', () => done(false));
    });
    if (alive) throw new Error(`another watch is already taking mail for this game (${path})`);
    unlinkSync(path);
  }
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    readRequest(socket).then(
      ({ head, raw }) => {
        const turn = queue.then(() => handle(raw, head.receivedAt));
        queue = turn.catch(() => undefined);
        return turn;
      },
      (e: Error): IngestReply => ({ stdout: [], stderr: [e.message], exitCode: 2 }),
    ).catch((e: Error): IngestReply => ({ stdout: [], stderr: [e.message], exitCode: 1 }))
      .then((reply) => { if (!socket.destroyed) socket.end(`${JSON.stringify(reply)}\n`); });
    socket.on('error', () => undefined); // a client that went away: its mail is handled all the same
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    // Only the game's owner may hand in mail (0600), as only they may write the game's files.
    // The bind happens inside listen(), so the umask is back before anything else runs.
    const old = process.umask(0o177);
    try {
      server.listen(path, () => done());
    } finally {
      process.umask(old);
    }
  });
  return server;
}
