// Part of `npm run build`, run by scripts/bundle-yargs.ts in a process of its own: loads the
// yargs bundle, parses a command line the way src/cli/main.ts does, and writes V8's code
// cache of what that compiled beside the bundle (src/cli/cached-script.ts), so that a
// command starts with yargs compiled. First, as main.ts does, V8's flags for a short run:
// V8 takes a cache only from a process with the same flags.
import '../src/cli/short-run-flags.js';
import { rmSync } from 'node:fs';
import { codeCacheFile, loadedScripts } from '../src/cli/cached-script.js';
import { loadYargs, YARGS_BUNDLE } from '../src/cli/yargs-lite.js';

rmSync(codeCacheFile(YARGS_BUNDLE), { force: true });
const yargs = await loadYargs();
const script = loadedScripts.get(YARGS_BUNDLE);
if (!script) throw new Error(`${YARGS_BUNDLE} was not loaded (made from another yargs?)`);
let ran = false;
await yargs(['solve', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--json', '--dir', '.'])
  .scriptName('postboggle')
  .wrap(100)
  .usage('$0 <command> [options]')
  .command({
    command: 'solve <field>',
    describe: 'all words of a field',
    builder: (y) => y.positional('field', { type: 'string', demandOption: true, describe: 'field in text notation' })
      .option('json', { type: 'boolean', default: false })
      .option('lang', { type: 'string', choices: ['de', 'en', 'fr', 'it'] })
      .example('$0 solve FIELD', 'an example'),
    handler: () => {
      ran = true;
    },
  })
  .option('dir', { type: 'string', default: '.', global: true, describe: 'the game directory' })
  .demandCommand(1, 'name a command; see --help')
  .strict()
  .help()
  .alias('h', 'help')
  .version()
  .fail((msg, err) => {
    throw err ?? new Error(msg);
  })
  .parseAsync();
if (!ran) throw new Error('the command line was not run');
script.writeCache();
