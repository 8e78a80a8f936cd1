import { readFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { isMap, isSeq, parseDocument } from 'yaml';
import { writeFileVerified } from '../../store/verified-write.js';
import { defineCommand } from '../command.js';
import { emailArgument } from '../email-argument.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { parseSettings } from '../../game/settings.js';
import { computerEmail } from '../../game/computer-players.js';
import { UserError } from '../../user-error.js';

interface PlayerArgs {
  dir: string;
  action: 'add' | 'list' | 'remove' | 'add-computer';
  email?: string;
  playerName?: string[];
  name?: string;
  level?: number;
  ranked: boolean;
  json: boolean;
}

type PlayerRow = { email: string; name: string; computer?: { level: number; ranked?: boolean } };

/** Edits the players list in postboggle.yaml, keeping the GM's comments and layout. */
function editPlayers(path: string, edit: (players: PlayerRow[]) => PlayerRow[]): void {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const current = (doc.toJS() as { players?: PlayerRow[] }).players ?? [];
  const next = edit(current);
  const node = doc.createNode(next);
  if (isSeq(node)) {
    node.flow = next.length === 0;
    for (const item of node.items) {
      if (!isMap(item)) continue;
      item.flow = true;
      for (const pair of item.items) if (isMap(pair.value)) pair.value.flow = true;
    }
  }
  doc.set('players', node);
  const text = doc.toString();
  parseSettings(text, path); // never write settings that would not load
  writeFileVerified(path, text);
}

export const playerCommand = defineCommand<PlayerArgs>({
  command: 'player <action> [email] [player-name..]',
  describe: 'add, list or remove players',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['add', 'list', 'remove', 'add-computer'] as const, demandOption: true })
      .positional('email', { type: 'string' })
      .positional('player-name', { type: 'string', array: true })
      .option('name', { type: 'string', describe: 'add-computer: its name (default: Computer LEVEL)' })
      .option('json', { type: 'boolean', default: false })
      .option('level', { type: 'number', choices: [1, 2, 3, 4], describe: 'add-computer: 1 beginner … 4 expert (the best entry it can find)' })
      .option('ranked', { type: 'boolean', default: false, describe: 'add-computer: rank it in the rolling ranking and the ratings (a benchmark)' })
      .example('$0 player add-computer --level 3 --name "Hal"', 'a computer player that enters every round at its open')
      .example('$0 player add alice@example.org Alice Liddell', 'register a player')
      .example('$0 player remove alice@example.org', 'unregister her (her results stay)'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    if (argv.action === 'list') {
      const players = game.settings.players;
      if (argv.json) process.stdout.write(JSON.stringify(players, null, 2) + '\n');
      else process.stdout.write(players.length ? players.map((p) => `${p.email}  ${p.name}${p.computer ? ` (computer, level ${p.computer.level}${p.computer.ranked ? ", ranked" : ""})` : ""}`).join('\n') + '\n' : 'no players yet (postboggle player add EMAIL NAME)\n');
      return;
    }
    if (argv.action === 'add-computer') {
      const level = argv.level;
      if (!level) throw new UserError('player add-computer needs --level 1..4');
      if (argv.email) throw new UserError('player add-computer takes no EMAIL: give the name with --name');
      const name = (argv.name ?? `Computer ${level}`).replace(/[\u0000-\u001f\u007f]/g, '').trim() || `Computer ${level}`;
      await withLock(game.layout, async () => {
        let email = '';
        editPlayers(game.layout.settings, (players) => {
          email = computerEmail(name, players.map((p) => p.email.toLowerCase()));
          return [...players, { email, name, computer: { level, ranked: argv.ranked } }];
        });
        process.stdout.write(`added computer player ${name} <${email}>, level ${level}${argv.ranked ? ', ranked' : ', not ranked (a benchmark only with --ranked)'}; it enters every round when the round opens\n`);
      });
      return;
    }
    const typed = (argv.email ?? '').trim();
    if (!typed) throw new UserError(`player ${argv.action} needs an EMAIL`);
    const email = argv.action === 'add' ? emailArgument(typed) : typed.toLowerCase();
    await withLock(game.layout, async () => {
      if (argv.action === 'add') {
        const name = [...(argv.playerName ?? []), ...(argv.name ? [argv.name] : [])].join(' ').replace(/[\u0000-\u001f\u007f]/g, '').trim();
        if (!name) throw new UserError('player add needs a NAME after the EMAIL');
        editPlayers(game.layout.settings, (players) => {
          if (players.some((p) => p.email.toLowerCase() === email)) throw new UserError(`${email} is a player already`);
          return [...players, { email, name }];
        });
        process.stdout.write(`added ${name} <${email}>\n`);
      } else {
        editPlayers(game.layout.settings, (players) => {
          if (!players.some((p) => p.email.toLowerCase() === email)) throw new UserError(`${email} is not a player`);
          return players.filter((p) => p.email.toLowerCase() !== email);
        });
        process.stdout.write(`removed ${email}; the rounds they played keep their results\n`);
      }
    });
  },
});
