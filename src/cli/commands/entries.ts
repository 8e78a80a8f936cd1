import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { readEntries, resolveRound } from '../../game/rounds.js';
import { timesInZone } from '../times-in-zone.js';

interface EntriesArgs {
  dir: string;
  round?: number;
  json: boolean;
}

export const entriesCommand = defineCommand<EntriesArgs>({
  command: 'entries [round]',
  describe: 'the entries of record of a round (as read from the mails), with replaced ones counted',
  builder: (y: Argv) =>
    y.positional('round', { type: 'string', coerce: roundArg, describe: 'round number (default: the latest)' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 entries 3 --json', 'round 3\'s entries.json'),
  handler: (argv) => {
    const game = openGame(argv.dir);
    const round = resolveRound(game.layout, argv.round);
    const file = readEntries(game.layout, round.round);
    if (argv.json) {
      process.stdout.write(JSON.stringify(file, null, 2) + '\n');
      return;
    }
    const zone = game.settings.schedule.timezone;
    const received = timesInZone(file.entries.map((e) => e.receivedAt), zone, 'yyyy-LL-dd HH:mm ZZ');
    const lines = [`round ${round.round}: ${file.entries.length} entr${file.entries.length === 1 ? 'y' : 'ies'}${file.entries.length ? ` (times in ${zone})` : ''}`];
    for (const [i, e] of file.entries.entries()) {
      lines.push('', `${e.name} <${e.email}>, received ${received[i]}${e.replaced.length ? ` (replaces ${e.replaced.length} earlier)` : ''}${e.gm ? ` [GM ${e.gm.action}: ${e.gm.reason}]` : ''}`);
      lines.push(`  joker: ${e.joker ?? '-'}`, `  words: ${e.main.join(', ')}`);
      if (e.substitutes.length) lines.push(`  substitutes: ${e.substitutes.join(', ')}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
