import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { positiveIntArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { tick } from '../../game/tick.js';
import { connectImap } from '../../mail/imap-reader.js';
import { UserError } from '../../user-error.js';
import { clearSendFailures, sendFailureLine, unconfirmedLine } from '../../mail/send-report.js';
import { describeResult } from './ingest.js';

interface WatchArgs {
  dir: string;
  interval: number;
}

export const watchCommand = defineCommand<WatchArgs>({
  command: 'watch',
  describe: 'stay connected to the IMAP mailbox (IDLE) and tick whenever mail arrives, and every --interval seconds',
  builder: (y: Argv) =>
    y.option('interval', { type: 'string', default: '300', coerce: positiveIntArg('interval'), describe: 'seconds between ticks when no mail comes (deadlines)' })
      .example('$0 watch --dir ~/boggle', 'run the game: answer entries within seconds'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const imap = game.settings.mail.imap;
    if (!imap) throw new UserError('watch needs mail.imap in postboggle.yaml (use tick from cron otherwise)');
    let wake: (() => void) | null = null;
    let pending = true; // tick once at start
    let stopping = false;
    const client = await connectImap(imap, { idleAfterMs: 200 });
    client.on('exists', () => { pending = true; wake?.(); });
    client.on('close', () => { if (!stopping) { process.stderr.write('postboggle: IMAP connection closed; exiting so a supervisor can restart watch\n'); process.exit(3); } });
    const stop = () => { stopping = true; wake?.(); };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    await client.mailboxOpen(imap.mailbox); // imapflow IDLEs on an open mailbox while no command runs
    process.stdout.write(`watching ${imap.user}@${imap.host}/${imap.mailbox}\n`);
    while (!stopping) {
      if (pending) {
        pending = false;
        try {
          const report = await withLock(game.layout, () => tick(openGame(argv.dir)));
          for (const r of report.ingested) process.stdout.write(describeResult(game.layout.dir, r) + '\n');
          for (const l of report.lines) process.stdout.write(l + '\n');
          const failed = sendFailureLine();
          if (failed) process.stderr.write(`postboggle: ${failed}\n`);
          const unconfirmed = unconfirmedLine();
          if (unconfirmed) process.stderr.write(`postboggle: ${unconfirmed}\n`);
          clearSendFailures();
        } catch (e) {
          process.stderr.write(`postboggle: tick failed: ${(e as Error).message}\n`);
        }
      }
      if (pending || stopping) continue; // mail came in while the tick ran
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { pending = true; resolve(); }, argv.interval * 1000);
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = null;
    }
    await client.logout().catch(() => undefined);
  },
});
