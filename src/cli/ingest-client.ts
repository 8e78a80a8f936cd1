// `postboggle ingest` with one mail on standard input (procmail, fetchmail) hands the mail to
// the game's running `watch` when there is one, before yargs and any command module are
// loaded: such a run costs little more than Node's own start. Without a watch, the mail read
// here is kept for the ingest command, which then does the work itself.
//
// This module and the socket's wire format (../game/ingest-socket.js) use nothing but Node's
// own modules, taken with process.getBuiltinModule (an ES import of node:fs builds a facade
// that loads fs.promises and the streams), and touch neither process.stdin nor
// process.stdout (Node builds those streams, and loads what they need, on first access): the
// mail is read with readSync on descriptor 0 and the answer written with writeSync, as the
// full CLI would print it.
import { sendToWatch } from '../game/ingest-socket.js';

const { readSync, writeSync } = process.getBuiltinModule('node:fs');
const { isatty } = process.getBuiltinModule('node:tty');

let readAhead: Buffer | undefined;

/**
 * The mail on standard input, for the ingest command: the one read here already, if any
 * (no watch took it), else read now.
 */
export async function stdinMail(): Promise<Buffer> {
  const ahead = readAhead;
  readAhead = undefined;
  if (ahead) return ahead;
  const { UserError } = await import('../user-error.js');
  if (process.stdin.isTTY) throw new UserError('nothing to ingest: pass --eml FILE…, --maildir DIR or --imap, or pipe one mail into standard input');
  return readStdin();
}

/**
 * The options of a plain one-mail ingest (`ingest [--dir D] [--received-at T]`, in any
 * order, `--opt value` or `--opt=value`), or null for any other command line: those go
 * through yargs as always.
 */
export function plainIngestArgs(args: readonly string[]): { dir: string; receivedAt: string | null } | null {
  let dir = '.';
  let receivedAt: string | null = null;
  let command = false;
  const given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--dir' || flag === '--received-at' || flag === '--receivedAt') {
      const value = inline ?? args[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) return null;
      // (yargs makes an option given twice an array: the full CLI says what it makes of that)
      const name = flag === '--dir' ? 'dir' : 'receivedAt';
      if (given.has(name)) return null;
      given.add(name);
      if (flag === '--dir') dir = value;
      else receivedAt = value;
    } else if (a === 'ingest' && !command) command = true;
    else return null;
  }
  return command ? { dir, receivedAt } : null;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Standard input read to its end with readSync (a pipe or a file, as procmail gives), or null
 * when it cannot be read that way before anything was taken from it (the full CLI then reads
 * it as ever). A descriptor in non-blocking mode (EAGAIN) is read on through process.stdin.
 */
async function readStdinSync(): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  const buf = Buffer.allocUnsafe(256 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return Buffer.concat([...chunks, await readStdin()]);
      if (code === 'EOF') break;
      if (chunks.length === 0) return null;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** Lines written to a descriptor as process.stdout/stderr would (a reader gone away, EPIPE, is no failure). */
function writeLines(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return;
      if (code === 'EAGAIN') { // a non-blocking pipe that is full: the stream waits for it
        (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(at));
        return;
      }
      process.exitCode = 1;
      return;
    }
  }
}

/**
 * Hands the mail on standard input to the game's watch. Returns the run's exit code, or
 * null when this command line is not a plain one-mail ingest or no watch listens.
 */
export async function ingestThroughWatch(args: readonly string[]): Promise<number | null> {
  const plain = plainIngestArgs(args);
  if (plain === null || isatty(0)) return null;
  let reply;
  try {
    const raw = await readStdinSync();
    if (raw === null) return null;
    readAhead = raw;
    reply = await sendToWatch(plain.dir, raw, plain.receivedAt);
  } catch (e) {
    // Standard input that failed half-way, or a watch that took the mail and died: the run
    // fails (the MTA delivers the mail again), reported as the full CLI reports an error.
    readAhead = undefined;
    writeLines(2, `postboggle: ${(e as Error).message}\n`);
    if (process.env.POSTBOGGLE_DEBUG) writeLines(2, `${(e as Error).stack}\n`);
    return 1;
  }
  if (reply === null) return null;
  readAhead = undefined;
  if (reply.stdout.length > 0) writeLines(1, reply.stdout.map((l) => `${l}\n`).join(''));
  if (reply.stderr.length > 0) writeLines(2, reply.stderr.map((l) => `postboggle: ${l}\n`).join(''));
  return reply.exitCode;
}
