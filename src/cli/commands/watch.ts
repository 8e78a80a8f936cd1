import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { positiveIntArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { tick } from '../../game/tick.js';
import { connectImap } from '../../mail/imap-reader.js';
import { UserError } from '../../user-error.js';
import { clearSendFailures, sendFailureLine, unconfirmedLine } from '../../mail/send-report.js';
import { describeResult, ingestAndReply } from './ingest.js';
import { type IngestReply, serveIngest } from '../../game/ingest-socket.js';
import { rmSync } from 'node:fs';
import type { Server } from 'node:net';

interface WatchArgs {
  dir: string;
  interval: number;
}

export const watchCommand = defineCommand<WatchArgs>({
  command: 'watch',
  describe: 'stay running: take mail handed in by `postboggle ingest` at once, follow the IMAP mailbox (IDLE) when there is one, and tick whenever mail arrives and every --interval seconds',
  builder: (y: Argv) =>
    y.option('interval', { type: 'string', default: '300', coerce: positiveIntArg('interval'), describe: 'seconds between ticks when no mail comes (deadlines)' })
      .example('$0 watch --dir ~/boggle', 'run the game: answer entries within seconds'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const imap = game.settings.mail.imap;
    let wake: (() => void) | null = null;
    let pending = true; // tick once at start
    let stopping = false;
    // The tick and the mails handed in over the socket take turns: one process holds the
    // game's lock once.
    let turn: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = turn.then(fn);
      turn = run.catch(() => undefined);
      return run;
    };
    const server = await serveIngest(argv.dir, (raw, receivedAt) => exclusive(() => ingestHandedIn(argv.dir, raw, receivedAt)))
      .catch((e: Error) => { throw new UserError(e.message); });
    const client = imap ? await connectImap(imap, { idleAfterMs: 200 }) : null;
    const stop = () => { stopping = true; wake?.(); };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    if (client && imap) {
      client.on('exists', () => { pending = true; wake?.(); });
      client.on('close', () => { if (!stopping) { process.stderr.write('postboggle: IMAP connection closed; exiting so a supervisor can restart watch\n'); closeServer(server); process.exit(3); } });
      await client.mailboxOpen(imap.mailbox); // imapflow IDLEs on an open mailbox while no command runs
      process.stdout.write(`watching ${imap.user}@${imap.host}/${imap.mailbox}\n`);
    }
    if (server) process.stdout.write(`taking mail from postboggle ingest on ${server.address() as string}\n`);
    else if (!client) throw new UserError('watch has nothing to follow: the game directory\'s path is too long for its socket and postboggle.yaml has no mail.imap (use tick from cron)');
    while (!stopping) {
      if (pending) {
        pending = false;
        await exclusive(async () => {
          try {
            const report = await withLock(game.layout, () => tick(openGame(argv.dir)));
            for (const r of report.ingested) process.stdout.write(describeResult(game.layout.dir, r) + '\n');
            for (const l of report.lines) process.stdout.write(l + '\n');
            for (const l of sendReportLines()) process.stderr.write(`postboggle: ${l}\n`);
          } catch (e) {
            process.stderr.write(`postboggle: tick failed: ${(e as Error).message}\n`);
          }
        });
      }
      if (pending || stopping) continue; // mail came in while the tick ran
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { pending = true; resolve(); }, argv.interval * 1000);
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = null;
    }
    closeServer(server);
    await turn;
    await client?.logout().catch(() => undefined);
  },
});

/** The send failures and unconfirmed messages of the last piece of work, then forgotten. */
function sendReportLines(): string[] {
  const lines = [sendFailureLine(), unconfirmedLine()].filter((l): l is string => Boolean(l));
  clearSendFailures();
  return lines;
}

/** One mail handed in by `postboggle ingest`: handled as that command would, and answered with its output. */
async function ingestHandedIn(dir: string, raw: Buffer, receivedAt: string | null): Promise<IngestReply> {
  try {
    const stdout = await ingestAndReply(dir, receivedAt, (_game, at) => async (handle) => { await handle(raw, { receivedAt: at }); });
    for (const line of stdout.slice(0, -1)) process.stdout.write(`${line}\n`);
    const failed = sendFailureLine() !== null;
    return { stdout, stderr: sendReportLines(), exitCode: failed ? 1 : 0 };
  } catch (e) {
    sendReportLines();
    return { stdout: [], stderr: [(e as Error).message], exitCode: 1 };
  }
}

function closeServer(server: Server | null): void {
  if (!server) return;
  const path = server.address();
  server.close();
  if (typeof path === 'string') rmSync(path, { force: true });
}
