import { DateTime } from 'luxon';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { type EntryAction, overrideEntry, playerHistory, wordList } from '../../game/overrides.js';
import { readRound } from '../../game/rounds.js';
import { scoreAndSave } from '../../game/scoring.js';
import { UserError } from '../../user-error.js';

interface EntryArgs {
  dir: string;
  action: 'show' | EntryAction;
  round: string;
  email: string;
  which?: string;
  words?: string[];
  substitutes?: string[];
  joker?: string;
  reason?: string;
  json: boolean;
}

function roundNumber(text: string): number {
  if (!/^\d{1,6}$/.test(String(text).trim())) throw new UserError(`"${text}" is not a round number`);
  return Number(text);
}

export const entryCommand = defineCommand<EntryArgs>({
  command: 'entry <action> <round> <email> [which]',
  describe: 'one player\'s entry in a round: show its history, or override it (set, restore, accept-late, remove) with a reason',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['show', 'set', 'restore', 'accept-late', 'remove'] as const, demandOption: true })
      .positional('round', { type: 'string', describe: 'the round number' })
      .positional('email', { type: 'string', describe: 'the player (any of their addresses)' })
      .positional('which', { type: 'string', describe: 'restore: the number of an earlier entry (entry show lists them); accept-late: the id of a late mail (default: the latest)' })
      .option('words', { type: 'string', array: true, describe: 'set: the main words, in order (commas or spaces)' })
      .option('substitutes', { type: 'string', array: true, describe: 'set: the substitute words' })
      .option('joker', { type: 'string', describe: 'set: the declared joker letter' })
      .option('reason', { type: 'string', describe: 'why (required for a change; shown in the newsletter)' })
      .option('json', { type: 'boolean', default: false, describe: 'show: machine-readable' })
      .example('$0 entry show 3 alice@example.org', 'her entry of record, earlier ones, late mails, GM decisions')
      .example('$0 entry set 3 alice@example.org --words "gurren, Gras, Besen" --joker A --reason "sent by phone, typed in by the GM"', 'set an entry')
      .example('$0 entry restore 3 alice@example.org 1 --reason "the second mail was meant for round 4"', 'take her first entry again')
      .example('$0 entry accept-late 3 alice@example.org --reason "mail server down at the deadline"', 'take her late mail as the entry')
      .example('$0 entry remove 3 alice@example.org --reason "withdrawn at her request"', 'she has no entry in round 3'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const round = readRound(game.layout, roundNumber(argv.round));
    if (argv.action === 'show') {
      const h = playerHistory(game, round, argv.email);
      if (argv.json) { process.stdout.write(JSON.stringify(h, null, 2) + '\n'); return; }
      const zone = game.settings.schedule.timezone;
      const local = (iso: string) => DateTime.fromISO(iso).setZone(zone).toFormat('yyyy-MM-dd HH:mm ZZZZ');
      const lines = [`${h.name} <${h.email}>, round ${round.round} (times in ${zone}):`];
      if (h.items.length === 0) lines.push('  nothing received');
      for (const { n, record: r, current } of h.items) {
        const mark = current ? '  <- entry of record' : '';
        if (r.kind === 'refused') lines.push(`  #${n}  ${local(r.at)}  late mail (refused, round closed), id ${r.id.slice(0, 10)}: postboggle entry accept-late ${round.round} ${h.email} ${r.id.slice(0, 10)}`);
        else if (r.kind === 'removed') lines.push(`  #${n}  ${local(r.gm.at)}  removed by the GM: ${r.gm.reason}${mark}`);
        else {
          const by = r.gm ? ` [GM ${r.gm.action} ${local(r.gm.at)}: ${r.gm.reason}]` : '';
          lines.push(`  #${n}  ${local(r.at)}  ${r.main.join(', ')}${r.substitutes.length ? ` | substitutes: ${r.substitutes.join(', ')}` : ''}${r.joker ? ` | joker ${r.joker}` : ''}${by}${mark}`);
        }
      }
      process.stdout.write(lines.join('\n') + '\n');
      return;
    }
    await withLock(game.layout, async () => {
      const rec = await overrideEntry(game, round, argv.email, {
        action: argv.action as EntryAction, reason: argv.reason ?? '', main: wordList(argv.words), substitutes: wordList(argv.substitutes),
        joker: argv.joker ?? null, which: argv.which,
      });
      const what = rec.kind === 'removed' ? 'entry removed' : `entry of record now: ${rec.main.join(', ')}${rec.substitutes.length ? ` | substitutes: ${rec.substitutes.join(', ')}` : ''}${rec.joker ? ` | joker ${rec.joker}` : ''}`;
      process.stdout.write(`round ${round.round}, ${rec.name} <${rec.email}>: ${what} (GM ${argv.action}, recorded in the round's journal)\n`);
      // A scored round is scored again at once; its newsletter, sent again, says it is a correction.
      const now = readRound(game.layout, round.round);
      if (now.state === 'scored') {
        try {
          await scoreAndSave(game, now, false);
          process.stdout.write(`round ${round.round} scored again; send the correction with: postboggle newsletter ${round.round} --send\n`);
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
          process.stdout.write(`round ${round.round} not scored again: ${e.message}\n`);
        }
      }
    });
  },
});
