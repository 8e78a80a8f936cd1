import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IANAZone } from 'luxon';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { gameLayout } from '../../game/layout.js';
import { SETTINGS_TEMPLATE } from '../../game/init-template.js';
import { parseSettings } from '../../game/settings.js';
import { UserError } from '../../user-error.js';

interface InitArgs {
  dir: string;
  name: string;
  lang: string;
  from?: string;
  timezone?: string;
}

export const initCommand = defineCommand<InitArgs>({
  command: 'init',
  describe: 'create postboggle.yaml with commented defaults in the game directory',
  builder: (y: Argv) =>
    y.option('name', { type: 'string', default: 'Postboggle', describe: 'the game\'s name' })
      .option('lang', { alias: 'language', choices: ['de', 'en', 'fr', 'it'], default: 'de', describe: 'language of the dictionary and the mails' })
      .option('from', { type: 'string', describe: 'the game\'s address, "Name <address>" or address (default: NAME <postboggle@localhost>)' })
      .option('timezone', { type: 'string', describe: 'the game\'s time zone, an IANA name (default: Europe/Berlin)' })
      .example('$0 init --dir ~/boggle --name "Boggle per Post"', 'start a new game in ~/boggle')
      .example('$0 init --name "Word Hunt" --language en --timezone Europe/London --from "Word Hunt <hunt@example.org>"', 'an English game in London time'),
  handler: (argv) => {
    const layout = gameLayout(resolve(argv.dir));
    if (existsSync(layout.settings)) throw new UserError(`${layout.settings} exists already; edit it instead`);
    const name = argv.name.replace(/["\\\n\r]/g, '');
    let text = SETTINGS_TEMPLATE.replace(/\{\{name\}\}/g, name).replace('{{language}}', argv.lang);
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
    process.stdout.write(`created ${layout.settings}; next: postboggle player add EMAIL NAME, then postboggle round new\n`);
  },
});
