import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { formatDeadline } from '../../game/deadline.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { readEntries, resolveRound } from '../../game/rounds.js';
import { parseField, printField } from '../../rules/field.js';
import { templateLang } from '../../templates/i18n.js';
import { UserError } from '../../user-error.js';

interface RoundArgs {
  dir: string;
  action: 'new' | 'show' | 'publish';
  round?: number;
  seed?: string;
  field?: string;
  deadline?: string;
  duration?: string;
  json: boolean;
}

export const roundCommand = defineCommand<RoundArgs>({
  command: 'round <action> [round]',
  describe: 'open a new round, show one, or publish it (mail the announcement to every player)',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['new', 'show', 'publish'] as const, demandOption: true })
      .positional('round', { type: 'number', describe: 'round number for show/publish (default: the latest)' })
      .option('seed', { type: 'string', describe: 'new: roll the field from this seed (reproducible)' })
      .option('field', { type: 'string', describe: 'new: use this field (text notation) instead of rolling' })
      .option('deadline', { type: 'string', describe: 'new: deadline, ISO 8601 (read in the game\'s zone)' })
      .option('duration', { type: 'string', describe: 'new: deadline this long from now, ISO 8601 (default: schedule.duration)' })
      .option('json', { type: 'boolean', default: false })
      .conflicts('deadline', 'duration')
      .conflicts('seed', 'field')
      .example('$0 round new --seed 2026-12 --duration P7D', 'roll round fields reproducibly, one week to play')
      .example('$0 round show 3', 'field with coordinates, deadline, entries so far')
      .example('$0 round publish', 'mail the latest round to every player'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const lang = templateLang(game.settings.language);
    const zone = game.settings.schedule.timezone;
    if (argv.action === 'new') {
      if (argv.round !== undefined) throw new UserError('round new takes no round number: it opens the next one');
      const { newRound } = await import('../../game/new-round.js');
      const r = await withLock(game.layout, () => newRound(game, argv));
      if (argv.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      else process.stdout.write(`round ${r.round} is open until ${formatDeadline(r.deadline, zone, lang)}\n\n${printField(parseField(r.field))}\n\nnext: postboggle round publish\n`);
      return;
    }
    const r = resolveRound(game.layout, argv.round);
    if (argv.action === 'show') {
      const entries = readEntries(game.layout, r.round).entries;
      if (argv.json) {
        process.stdout.write(JSON.stringify({ ...r, entries: entries.map((e) => ({ email: e.email, name: e.name, receivedAt: e.receivedAt })) }, null, 2) + '\n');
        return;
      }
      const lines = [`round ${r.round} (${r.state})${r.seed ? `, seed ${r.seed} on ${r.dice}` : ''}`, '', printField(parseField(r.field)), '',
        `deadline: ${formatDeadline(r.deadline, zone, lang)}`, `entries so far: ${entries.length}${entries.length ? ` (${entries.map((e) => e.name).join(', ')})` : ''}`];
      process.stdout.write(lines.join('\n') + '\n');
      return;
    }
    // publish
    if (game.settings.players.length === 0) throw new UserError('there are no players to publish to (postboggle player add EMAIL NAME)');
    const { publishRound } = await import('../../game/publish.js'); // the mail libraries: only to publish
    const result = await withLock(game.layout, () => publishRound(game, r));
    process.stdout.write(`round ${r.round}: ${result.queued} announcement(s) queued, ${result.sent} sent${result.failed ? `, ${result.failed} failed (will be retried)` : ''} via ${game.settings.mail.transport}\n`);
  },
});
