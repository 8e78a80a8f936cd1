import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { tick } from '../../game/tick.js';
import { describeResult } from './ingest.js';

interface TickArgs {
  dir: string;
  dryRun: boolean;
}

export const tickCommand = defineCommand<TickArgs>({
  command: 'tick',
  describe: 'do whatever is due now: read mail, remind, close, score, open the next round, send newsletters (for cron; safe to repeat)',
  builder: (y: Argv) => y
    .option('dry-run', { type: 'boolean', default: false, describe: 'print what would be done, change nothing, read and send no mail' })
    .example('*/10 * * * * postboggle tick --dir ~/boggle', 'a crontab line: every ten minutes')
    .example('$0 tick --dry-run', 'what the next tick would do'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const report = await withLock(game.layout, () => tick(game, { dryRun: argv.dryRun }));
    for (const r of report.ingested) process.stdout.write(describeResult(game.layout.dir, r) + '\n');
    process.stdout.write(report.lines.length ? report.lines.join('\n') + '\n' : 'nothing due\n');
  },
});
