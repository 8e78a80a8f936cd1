import { DateTime } from 'luxon';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { now } from '../../game/clock.js';
import { emailArgument } from '../email-argument.js';
import { openGame } from '../../game/game.js';
import { joinRequests, markIds } from '../../game/inbox.js';
import { withLock } from '../../game/lock.js';
import { addressesOf, editPlayers, findPlayer, nextPlayerId, parseDay, playerIndex } from '../../game/players.js';
import { computerEmail } from '../../game/computer-addresses.js';
import { UserError } from '../../user-error.js';

const ACTIONS = ['add', 'list', 'remove', 'rename', 'alias', 'code', 'pause', 'requests', 'approve', 'add-computer'] as const;
type Action = typeof ACTIONS[number];

interface PlayerArgs {
  dir: string;
  action: Action;
  email?: string;
  rest?: string[];
  code?: string;
  reset: boolean;
  until?: string;
  primary: boolean;
  remove: boolean;
  json: boolean;
  name?: string;
  level?: number;
  ranked: boolean;
}

/** An address typed by the GM: checked here, so the error names the argument, not a line of postboggle.yaml. */
function address(text: string | undefined, what: string): string {
  const a = (text ?? '').trim().toLowerCase();
  if (!a) throw new UserError(`${what} is missing`);
  // ASCII only: an address the mail servers of every player can reach (an IDN domain in its xn-- form).
  if (!/^[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(a)) throw new UserError(`${what} "${text}" is not a mail address like name@example.org (international domains in their xn-- form)`);
  return a;
}

const cleanName = (parts: string[] | undefined) => (parts ?? []).join(' ').replace(/[\u0000-\u001f\u007f]/g, '').trim();

export const playerCommand = defineCommand<PlayerArgs>({
  command: 'player <action> [email] [rest..]',
  describe: 'the players: add, list, remove, rename, alias (second address), code, pause; join requests (requests, approve); add-computer',
  builder: (y: Argv) =>
    y.positional('action', { choices: ACTIONS, demandOption: true })
      .positional('email', { type: 'string', describe: 'the player\'s address (any of them)' })
      .positional('rest', { type: 'string', array: true, describe: 'add/rename/approve: the name; alias: the new address' })
      .option('code', { type: 'string', describe: 'add: a code the player puts in each entry ("Code: …")' })
      .option('reset', { type: 'boolean', default: false, describe: 'code: remove the player\'s code' })
      .option('until', { type: 'string', describe: 'pause: the last day away (2026-12-24 or 24.12.2026); "none" ends a pause' })
      .option('primary', { type: 'boolean', default: false, describe: 'alias: the new address becomes the one mail goes to (the old one is kept as an alias)' })
      .option('remove', { type: 'boolean', default: false, describe: 'alias: remove that alias instead' })
      .option('json', { type: 'boolean', default: false })
      .option('name', { type: 'string', describe: 'add-computer: its name (default: Computer LEVEL)' })
      .option('level', { type: 'number', choices: [1, 2, 3, 4], describe: 'add-computer: 1 beginner … 4 expert (the best entry it can find)' })
      .option('ranked', { type: 'boolean', default: false, describe: 'add-computer: rank it in the rolling ranking and the ratings (a benchmark)' })
      .example('$0 player add alice@example.org Alice Liddell --code tulpe', 'register a player, with a code')
      .example('$0 player add-computer --level 3 --name "Hal"', 'a computer player that enters every round at its open')
      .example('$0 player rename alice@example.org Alice Smith', 'a new name; her results and ranking stay hers')
      .example('$0 player alias alice@example.org alice@new.example --primary', 'a new address; the old one still counts as hers')
      .example('$0 player code alice@example.org --reset', 'remove her code (or give a new one: player code EMAIL NEWCODE)')
      .example('$0 player pause alice@example.org --until 2026-12-24', 'on holiday: no reminders until then')
      .example('$0 player requests', 'who asked to join by mail (ANMELDEN/JOIN)')
      .example('$0 player approve maria@example.org Maria Muster', 'let her play (the name she asked for if none is given)')
      .example('$0 player remove alice@example.org', 'unregister her (her results stay)'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const zone = game.settings.schedule.timezone;
    if (argv.action === 'list') {
      const players = game.settings.players;
      if (argv.json) process.stdout.write(JSON.stringify(players, null, 2) + '\n');
      else {
        process.stdout.write(players.length ? players.map((p) => [
          `${p.email}  ${p.name}`, p.computer ? `  (computer, level ${p.computer.level}${p.computer.ranked ? ', ranked' : ''})` : '', p.aliases?.length ? `  (also ${p.aliases.join(', ')})` : '', p.code ? '  [code]' : '', p.pausedUntil ? `  paused until ${p.pausedUntil}` : '',
        ].join('')).join('\n') + '\n' : 'no players yet (postboggle player add EMAIL NAME)\n');
      }
      return;
    }
    if (argv.action === 'requests') {
      const reqs = joinRequests(game);
      if (argv.json) process.stdout.write(JSON.stringify(reqs, null, 2) + '\n');
      else process.stdout.write(reqs.length ? reqs.map((r) => `${r.address}  ${r.name || '(no name given)'}  asked ${DateTime.fromISO(r.at).setZone(zone).toFormat('yyyy-MM-dd HH:mm')}`).join('\n') + '\n' : 'no join requests\n');
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
          email = computerEmail(name, players.map((p) => String(p.email).toLowerCase()));
          return [...players, { id: nextPlayerId(players), email, name, computer: { level, ranked: argv.ranked } }];
        });
        process.stdout.write(`added computer player ${name} <${email}>, level ${level}${argv.ranked ? ', ranked' : ', not ranked (a benchmark only with --ranked)'}; it enters every round when the round opens\n`);
      });
      return;
    }
    const typed = (argv.email ?? '').trim();
    if (!typed) throw new UserError(`player ${argv.action} needs an EMAIL`);
    // A new address is checked as typed (an international domain stored in its ASCII form); a player's is looked up.
    const email = argv.action === 'add' || argv.action === 'approve' ? emailArgument(typed) : typed.toLowerCase();
    await withLock(game.layout, async () => {
      const file = game.layout.settings;
      switch (argv.action) {
        case 'add': {
          const name = cleanName(argv.rest);
          if (!name) throw new UserError('player add needs a NAME after the EMAIL');
          editPlayers(file, (players) => {
            if (findPlayer({ players: players as never }, email)) throw new UserError(`${email} is a player already`);
            return [...players, { id: nextPlayerId(players), email, name, ...(argv.code ? { code: argv.code } : {}) }];
          });
          process.stdout.write(`added ${name} <${email}>${argv.code ? ' with a code' : ''}\n`);
          return;
        }
        case 'remove':
          editPlayers(file, (players) => { players.splice(playerIndex(players, email), 1); return players; });
          process.stdout.write(`removed ${email}; the rounds they played keep their results\n`);
          return;
        case 'rename': {
          const name = cleanName(argv.rest);
          if (!name) throw new UserError('player rename needs the new NAME after the EMAIL');
          let old = '';
          editPlayers(file, (players) => { const p = players[playerIndex(players, email)]!; old = p.name; p.name = name; return players; });
          process.stdout.write(`renamed ${old} to ${name} <${email}>; results and ranking stay theirs\n`);
          return;
        }
        case 'alias': {
          const other = address(argv.rest?.[0], 'player alias: NEW-ADDRESS');
          editPlayers(file, (players) => {
            const i = playerIndex(players, email);
            const p = players[i]!;
            const mine = addressesOf(p as never);
            if (argv.remove) {
              if (other === String(p.email).toLowerCase()) throw new UserError(`${other} is the player's main address; make another one primary first`);
              if (!mine.includes(other)) throw new UserError(`${other} is not an address of ${p.name}`);
              p.aliases = mine.slice(1).filter((a) => a !== other);
              if ((p.aliases as string[]).length === 0) delete p.aliases;
              return players;
            }
            const owner = players.findIndex((q) => addressesOf(q as never).includes(other));
            if (owner >= 0 && owner !== i) throw new UserError(`${other} belongs to ${players[owner]!.name} already`);
            const all = [...new Set([...mine, other])];
            const primary = argv.primary ? other : mine[0]!;
            p.id ??= nextPlayerId(players);
            p.email = primary;
            p.aliases = all.filter((a) => a !== primary);
            return players;
          });
          process.stdout.write(argv.remove ? `removed ${other} from ${email}\n`
            : argv.primary ? `${other} is now the main address (mail goes there); ${email} still counts as the same player\n`
              : `${other} is a second address of ${email}: mail from it counts as theirs\n`);
          return;
        }
        case 'code': {
          const code = argv.reset ? null : (argv.rest?.[0] ?? argv.code ?? '').trim();
          if (code === '') throw new UserError('player code needs the new CODE, or --reset to remove it');
          editPlayers(file, (players) => { const p = players[playerIndex(players, email)]!; if (code === null) delete p.code; else p.code = code; return players; });
          process.stdout.write(code === null ? `${email} has no code now\n` : `${email} has a new code\n`);
          return;
        }
        case 'pause': {
          if (!argv.until) throw new UserError('player pause needs --until DATE (the last day away), or --until none to end a pause');
          const until = argv.until === 'none' ? null : parseDay(argv.until, now(), zone);
          if (until === undefined || (argv.until !== 'none' && !until)) throw new UserError(`--until "${argv.until}" is not a date like 2026-12-24 or 24.12.2026`);
          editPlayers(file, (players) => { const p = players[playerIndex(players, email)]!; if (until) p.pausedUntil = until; else delete p.pausedUntil; return players; });
          process.stdout.write(until ? `${email} is paused until ${until} (no reminders)\n` : `${email} is no longer paused\n`);
          return;
        }
        case 'approve': {
          const req = joinRequests(game).find((r) => r.address === email);
          if (!req) throw new UserError(`there is no join request from ${email} (postboggle player requests)`);
          const name = cleanName(argv.rest) || req.name;
          if (!name) throw new UserError(`${email} gave no name: player approve ${email} NAME`);
          editPlayers(file, (players) => [...players, { id: nextPlayerId(players), email, name }]);
          markIds(game.layout, req.ids, `approved as ${name}`);
          process.stdout.write(`added ${name} <${email}>: approved their join request\n`);
          return;
        }
      }
    });
  },
});
