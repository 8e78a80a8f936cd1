// `postboggle ingest` with one mail on standard input (procmail, fetchmail) hands the mail to
// the game's running `watch` when there is one, before yargs and any command module are
// loaded: such a run costs little more than Node's own start. Without a watch, the mail read
// here is kept for the ingest command, which then does the work itself.
import { sendToWatch } from '../game/ingest-socket.js';
import { UserError } from '../user-error.js';

let readAhead: Buffer | undefined;

/**
 * The mail on standard input, for the ingest command: the one read here already, if any
 * (no watch took it), else read now.
 */
export async function stdinMail(): Promise<Buffer> {
  const ahead = readAhead;
  readAhead = undefined;
  if (ahead) return ahead;
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
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--dir' || flag === '--received-at' || flag === '--receivedAt') {
      const value = inline ?? args[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) return null;
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
 * Hands the mail on standard input to the game's watch. Returns the run's exit code, or
 * null when this command line is not a plain one-mail ingest or no watch listens.
 */
export async function ingestThroughWatch(args: readonly string[]): Promise<number | null> {
  const plain = plainIngestArgs(args);
  if (plain === null || process.stdin.isTTY) return null;
  readAhead = await readStdin();
  const reply = await sendToWatch(plain.dir, readAhead, plain.receivedAt);
  if (reply === null) return null;
  readAhead = undefined;
  for (const line of reply.stdout) process.stdout.write(`${line}\n`);
  for (const line of reply.stderr) process.stderr.write(`postboggle: ${line}\n`);
  return reply.exitCode;
}
