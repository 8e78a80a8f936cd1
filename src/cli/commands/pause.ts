import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { now } from '../../game/clock.js';
import { isLate } from '../../game/deadline.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { readRounds } from '../../game/rounds.js';
import { setSetting } from '../../game/settings-edit.js';
import { UserError } from '../../user-error.js';

interface PauseArgs {
  dir: string;
}

// The whole game paused and resumed: schedule.paused in postboggle.yaml, so that the GM sees
// it where every other setting is. tick respects it (docs/schedule.md).

export const pauseCommand = defineCommand<PauseArgs>({
  command: 'pause',
  describe: 'pause the whole game: tick still reads and answers mail, but closes, reminds, scores, opens and sends nothing else',
  builder: (y: Argv) => y.example('$0 pause', 'over the holidays; postboggle resume to go on'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    if (game.settings.schedule.paused) throw new UserError('the game is paused already (postboggle resume goes on)');
    await withLock(game.layout, async () => setSetting(game.layout.settings, ['schedule', 'paused'], true));
    process.stdout.write('the game is paused (schedule.paused: true); entries still arrive and are answered until a round\'s deadline. postboggle resume goes on\n');
  },
});

export const resumeCommand = defineCommand<PauseArgs>({
  command: 'resume',
  describe: 'resume a paused game',
  builder: (y: Argv) => y.example('$0 resume', 'go on after postboggle pause'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    if (!game.settings.schedule.paused) throw new UserError('the game is not paused');
    await withLock(game.layout, async () => setSetting(game.layout.settings, ['schedule', 'paused'], false));
    const lines = ['the game goes on (schedule.paused: false); the next tick does what is due'];
    for (const r of readRounds(game.layout)) {
      if (r.state === 'open' && isLate(now(), r.deadline, game.settings.schedule.grace)) {
        lines.push(`note: round ${r.round}'s deadline passed during the pause: the next tick closes it. To give the players more time first: postboggle round deadline ${r.round} +P3D --notify`);
      }
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
