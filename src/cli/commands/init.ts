import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { gameLayout } from '../../game/layout.js';
import { settingsText } from '../../game/init-template.js';
import { findPreset, PRESET_NAMES } from '../../rules/presets.js';
import { parseSettings } from '../../game/settings.js';
import { UserError } from '../../user-error.js';

interface InitArgs {
  dir: string;
  name: string;
  lang?: string;
  preset?: string;
}

export const initCommand = defineCommand<InitArgs>({
  command: 'init',
  describe: 'create postboggle.yaml with commented defaults in the game directory',
  builder: (y: Argv) =>
    y.option('name', { type: 'string', default: 'Postboggle', describe: 'the game\'s name' })
      .option('lang', { choices: ['de', 'en', 'fr', 'it'], describe: 'language of the dictionary and the mails (default: the preset\'s, else de)' })
      .option('preset', { choices: PRESET_NAMES, describe: 'the rules of a tradition (postboggle presets lists them)' })
      .example('$0 init --preset big-bbaggle --name "Big B@ggle par mail"', 'a French 5x5 game with B@ggle points, words from 4 letters')
      .example('$0 init --dir ~/boggle --name "Boggle per Post"', 'start a new game in ~/boggle'),
  handler: (argv) => {
    const layout = gameLayout(resolve(argv.dir));
    if (existsSync(layout.settings)) throw new UserError(`${layout.settings} exists already; edit it instead`);
    const name = argv.name.replace(/["\\\n\r]/g, '');
    const lang = argv.lang ?? (argv.preset ? findPreset(argv.preset)!.language : 'de');
    const text = settingsText(name, lang, argv.preset);
    parseSettings(text); // the template must always be valid
    mkdirSync(layout.dir, { recursive: true });
    writeFileSync(layout.settings, text, { flag: 'wx' });
    process.stdout.write(`created ${layout.settings}; next: postboggle player add EMAIL NAME, then postboggle round new\n`);
  },
});
