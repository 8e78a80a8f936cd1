#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { checkCommand } from './commands/check.js';
import { entriesCommand } from './commands/entries.js';
import { ingestCommand } from './commands/ingest.js';
import { initCommand } from './commands/init.js';
import { newsletterCommand } from './commands/newsletter.js';
import { playerCommand } from './commands/player.js';
import { rankingCommand } from './commands/ranking.js';
import { ratingsCommand } from './commands/ratings.js';
import { serveCommand } from './commands/serve.js';
import { siteCommand } from './commands/site.js';
import { roundCommand } from './commands/round.js';
import { scoreCommand } from './commands/score.js';
import { tickCommand } from './commands/tick.js';
import { watchCommand } from './commands/watch.js';
import { demoCommand } from './commands/demo.js';
import { judgeCommand } from './commands/judge.js';
import { reviewCommand } from './commands/review.js';
import { solveCommand } from './commands/solve.js';
import { dictCommand } from './commands/dict.js';
import { rebuildCommand } from './commands/rebuild.js';
import { UserError } from '../user-error.js';
import { sendFailureLine } from '../mail/send-report.js';
import { FieldError } from '../rules/field.js';
import { DiceError } from '../rules/dice.js';

const EXPECTED = [UserError, FieldError, DiceError];

async function main(): Promise<void> {
  await yargs(hideBin(process.argv))
    .scriptName('postboggle')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .usage('$0 <command> [options]\n\nA tournament manager for Boggle played by email.')
    .command(initCommand)
    .command(playerCommand)
    .command(roundCommand)
    .command(ingestCommand)
    .command(entriesCommand)
    .command(reviewCommand)
    .command(judgeCommand)
    .command(scoreCommand)
    .command(rankingCommand)
    .command(ratingsCommand)
    .command(newsletterCommand)
    .command(siteCommand)
    .command(serveCommand)
    .command(tickCommand)
    .command(watchCommand)
    .command(solveCommand)
    .command(checkCommand)
    .command(dictCommand)
    .command(demoCommand)
    .command(rebuildCommand)
    .option('dir', { type: 'string', default: '.', global: true, describe: 'the game directory' })
    .demandCommand(1, 'name a command; see --help')
    .strict()
    .help()
    .alias('h', 'help')
    .version()
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`postboggle: ${msg} (see postboggle --help)\n`);
      process.exit(2);
    })
    .parseAsync();
}

main().then(() => {
  // The work of the run is saved; but a run whose mail did not all go out says so and fails.
  const failed = sendFailureLine();
  if (failed) {
    process.stderr.write(`postboggle: ${failed}\n`);
    process.exitCode = 1;
  }
}, (err: unknown) => {
  const known = EXPECTED.some((E) => err instanceof E);
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`postboggle: ${message}\n`);
  if (!known && process.env.POSTBOGGLE_DEBUG) process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
