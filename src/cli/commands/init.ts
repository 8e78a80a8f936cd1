import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IANAZone } from 'luxon';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { gameLayout } from '../../game/layout.js';
import { settingsText } from '../../game/init-template.js';
import { findPreset, PRESET_NAMES } from '../../rules/presets.js';
import { parseSettings } from '../../game/settings.js';
import { UserError } from '../../user-error.js';

const GITIGNORE = `# postboggle: caches (remade as needed), the lock and the watch's socket
.postboggle-*.cache
.postboggle-inline.cache/
.postboggle.lock
.postboggle.sock
`;

interface InitArgs {
  dir: string;
  name: string;
  lang?: string;
  from?: string;
  timezone?: string;
  preset?: string;
}

export const initCommand = defineCommand<InitArgs>({
  command: 'init',
  describe: 'create postboggle.yaml with commented defaults in the game directory',
  builder: (y: Argv) =>
    y.option('name', { type: 'string', default: 'Postboggle', describe: 'the game\'s name' })
      .option('lang', { alias: 'language', choices: ['de', 'en', 'fr', 'it'], describe: 'language of the dictionary and the mails (default: the preset\'s, else de)' })
      .option('preset', { choices: PRESET_NAMES, describe: 'the rules of a tradition (postboggle presets lists them)' })
      .option('from', { type: 'string', describe: 'the game\'s address, "Name <address>" or address (default: NAME <postboggle@localhost>)' })
      .option('timezone', { type: 'string', describe: 'the game\'s time zone, an IANA name (default: Europe/Berlin)' })
      .example('$0 init --dir ~/boggle --name "Boggle per Post"', 'start a new game in ~/boggle')
      .example('$0 init --preset big-bbaggle --name "Big B@ggle par mail"', 'a French 5x5 game with B@ggle points, words from 4 letters')
      .example('$0 init --name "Word Hunt" --language en --timezone Europe/London --from "Word Hunt <hunt@example.org>"', 'an English game in London time'),
  handler: (argv) => {
    const layout = gameLayout(resolve(argv.dir));
    if (existsSync(layout.settings)) throw new UserError(`${layout.settings} exists already; edit it instead`);
    const name = argv.name.replace(/["\\\n\r]/g, '');
    const lang = argv.lang ?? (argv.preset ? findPreset(argv.preset)!.language : 'de');
    let text = settingsText(name, lang, argv.preset);
    if (argv.timezone !== undefined) {
      const zone = argv.timezone.trim();
      if (!IANAZone.isValidZone(zone)) throw new UserError(`--timezone "${argv.timezone}" is not a time zone; use an IANA name like Europe/Berlin or America/New_York`);
      text = text.replace('timezone: Europe/Berlin', `timezone: ${zone}`);
    }
    if (argv.from !== undefined) {
      const from = argv.from.replace(/[\n\r]/g, '').trim();
      if (!/^[^<>"\\]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/.test(from)) throw new UserError(`--from "${argv.from}" is not an address: use "Name <address@example.org>" or address@example.org`);
      text = text.replace(/^ {2}from: .*$/m, `  from: ${JSON.stringify(from)}`);
    }
    parseSettings(text, '--from/--timezone'); // the template must always be valid
    mkdirSync(layout.dir, { recursive: true });
    writeFileSync(layout.settings, text, { flag: 'wx' });
    // A game directory is meant to be kept in git; the caches, the lock and the watch's
    // socket are not the game's data (they are rebuilt or remade as needed).
    const ignore = join(layout.dir, '.gitignore');
    const madeIgnore = !existsSync(ignore);
    if (madeIgnore) writeFileSync(ignore, GITIGNORE, { flag: 'wx' });
    process.stdout.write(`created ${layout.settings}${madeIgnore ? ' and .gitignore' : ''}; next: postboggle player add EMAIL NAME, then postboggle round new\n`);
  },
});
