#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import type { SendReport } from '../mail/send-report.js';

// A command lives a fraction of a second, and V8 waits at exit for the optimising compiles
// it started: `review` at 1,000 players set 13 functions compiling in its last milliseconds
// and waited ~25 ms for them (measured from its last write to its exit; 13 ms with
// --no-opt). Four times V8's default tier-up budget (67,584) leaves such short runs in the
// baseline tiers; a long run (watch, a big game's score) is optimised a little later.
setFlagsFromString('--interrupt-budget=270336');

// Fast path (procmail: one `postboggle ingest` a mail): a plain one-mail ingest is handed
// to the game's running watch before anything else of the CLI is loaded or run (see
// ingest-client.ts); every other command line, and this one when no watch takes the mail,
// goes on below as ever.
// (Its answer is written with writeSync: nothing is left to flush when it exits.) Loaded
// only for a command line with `ingest` in it: its socket module cost every other command
// about 5 ms.
const handedIn = process.argv.includes('ingest') ? await (await import('./ingest-client.js')).ingestThroughWatch(process.argv.slice(2)) : null;
if (handedIn !== null) process.exit(handedIn);

import type { CommandModule } from 'yargs';

/** The errors that are the user's to fix (one line, no stack), loaded only when a run fails. */
async function expected(): Promise<(new (...a: never[]) => Error)[]> {
  const [{ UserError }, { FieldError }, { DiceError }] = await Promise.all([import('../user-error.js'), import('../rules/field.js'), import('../rules/dice.js')]);
  return [UserError, FieldError, DiceError];
}

// Each command's module (and the libraries behind it: mail, pictures, the site) is loaded
// only when that command runs, so a command starts about as fast as Node itself plus
// yargs. The list is in the order `--help` shows the commands.
const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  init: async () => (await import('./commands/init.js')).initCommand,
  player: async () => (await import('./commands/player.js')).playerCommand,
  round: async () => (await import('./commands/round.js')).roundCommand,
  ingest: async () => (await import('./commands/ingest.js')).ingestCommand,
  inbox: async () => (await import('./commands/inbox.js')).inboxCommand,
  outbox: async () => (await import('./commands/outbox.js')).outboxCommand,
  entries: async () => (await import('./commands/entries.js')).entriesCommand,
  entry: async () => (await import('./commands/entry.js')).entryCommand,
  review: async () => (await import('./commands/review.js')).reviewCommand,
  judge: async () => (await import('./commands/judge.js')).judgeCommand,
  score: async () => (await import('./commands/score.js')).scoreCommand,
  ranking: async () => (await import('./commands/ranking.js')).rankingCommand,
  ratings: async () => (await import('./commands/ratings.js')).ratingsCommand,
  presets: async () => (await import('./commands/presets.js')).presetsCommand,
  newsletter: async () => (await import('./commands/newsletter.js')).newsletterCommand,
  site: async () => (await import('./commands/site.js')).siteCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  tick: async () => (await import('./commands/tick.js')).tickCommand,
  pause: async () => (await import('./commands/pause.js')).pauseCommand,
  resume: async () => (await import('./commands/pause.js')).resumeCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
  watch: async () => (await import('./commands/watch.js')).watchCommand,
  solve: async () => (await import('./commands/solve.js')).solveCommand,
  check: async () => (await import('./commands/check.js')).checkCommand,
  dict: async () => (await import('./commands/dict.js')).dictCommand,
  demo: async () => (await import('./commands/demo.js')).demoCommand,
  rebuild: async () => (await import('./commands/rebuild.js')).rebuildCommand,
};


/**
 * The commands a command line names, loaded; when it names none (--help, a typo), every
 * command as its one-line summary.
 */
async function commandsFor(args: string[]): Promise<CommandModule[]> {
  const named = [...new Set(args.filter((a) => Object.hasOwn(COMMANDS, a)))];
  if (named.length > 0) return Promise.all(named.map((name) => COMMANDS[name]!()));
  const { SUMMARIES } = await import('./summaries.js');
  return Promise.all(Object.keys(COMMANDS).map(async (name) => {
    const summary = SUMMARIES[name];
    return summary ? { command: summary[0], describe: summary[1], handler: () => {} } : COMMANDS[name]!();
  }));
}

// A reader that goes away (`postboggle ingest | head -1`) must not kill a run half-way or
// print a stack trace: the run finishes its work (its output is no longer wanted).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') return;
    process.exitCode = 1;
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // Imported here, not above: a mail handed to a running watch needs none of it.
  const [yargs, commands] = await Promise.all([import('./yargs-lite.js').then((m) => m.loadYargs()), commandsFor(args)]);
  let cli = yargs(args)
    .scriptName('postboggle')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .usage('$0 <command> [options]\n\nA tournament manager for Boggle played by email.');
  for (const c of commands) cli = cli.command(c);
  await cli
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

main().then(async () => {
  // The work of the run is saved; but a run whose mail did not all go out says so and fails.
  // (The report module holds what the mail modules recorded: a run that loaded none has
  // nothing in it. It is found where it put itself as it loaded: mail/send-report.ts.)
  const report = (globalThis as Record<symbol, SendReport | undefined>)[Symbol.for('postboggle.send-report')];
  if (!report) return;
  const { sendFailureLine, unconfirmedLine } = report;
  const unconfirmed = unconfirmedLine();
  if (unconfirmed) process.stderr.write(`postboggle: ${unconfirmed}\n`);
  const failed = sendFailureLine();
  if (failed) {
    process.stderr.write(`postboggle: ${failed}\n`);
    process.exitCode = 1;
  }
}, async (err: unknown) => {
  const known = (await expected()).some((E) => err instanceof E);
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`postboggle: ${message}\n`);
  if (!known && process.env.POSTBOGGLE_DEBUG) process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
