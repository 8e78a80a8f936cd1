import { readFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { isMap, isSeq, parseDocument } from 'yaml';
import { writeFileVerified } from '../../store/verified-write.js';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { parseSettings } from '../../game/settings.js';
import { cacheSettings } from '../../game/settings-cache.js';
import { UserError } from '../../user-error.js';

interface PlayerArgs {
  dir: string;
  action: 'add' | 'list' | 'remove';
  email?: string;
  name?: string[];
  json: boolean;
}

/** Edits the players list in postboggle.yaml, keeping the GM's comments and layout. */
function editPlayers(path: string, edit: (players: { email: string; name: string }[]) => { email: string; name: string }[]): void {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const current = (doc.toJS() as { players?: { email: string; name: string }[] }).players ?? [];
  const next = edit(current);
  const node = doc.createNode(next);
  if (isSeq(node)) {
    node.flow = next.length === 0;
    for (const item of node.items) if (isMap(item)) item.flow = true;
  }
  doc.set('players', node);
  const text = doc.toString();
  const settings = parseSettings(text, path); // never write settings that would not load
  writeFileVerified(path, text);
  cacheSettings(path, text, settings); // (a large YAML is slow to parse: once an edit is enough)
}

export const playerCommand = defineCommand<PlayerArgs>({
  command: 'player <action> [email] [name..]',
  describe: 'add, list or remove players',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['add', 'list', 'remove'] as const, demandOption: true })
      .positional('email', { type: 'string' })
      .positional('name', { type: 'string', array: true })
      .option('json', { type: 'boolean', default: false })
      .example('$0 player add alice@example.org Alice Liddell', 'register a player')
      .example('$0 player remove alice@example.org', 'unregister her (her results stay)'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    if (argv.action === 'list') {
      const players = game.settings.players;
      if (argv.json) process.stdout.write(JSON.stringify(players, null, 2) + '\n');
      else process.stdout.write(players.length ? players.map((p) => `${p.email}  ${p.name}`).join('\n') + '\n' : 'no players yet (postboggle player add EMAIL NAME)\n');
      return;
    }
    const email = (argv.email ?? '').trim().toLowerCase();
    if (!email) throw new UserError(`player ${argv.action} needs an EMAIL`);
    await withLock(game.layout, async () => {
      if (argv.action === 'add') {
        const name = (argv.name ?? []).join(' ').replace(/[\u0000-\u001f\u007f]/g, '').trim();
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
