// Builds the dictionaries into dict/ (run by `npm install` through the prepare script, and
// by `npm run build:dict`): German at install, the other languages on first use (or name
// them here: `npm run build:dict -- en fr`); --force rebuilds.
import { join } from 'node:path';
import { buildDictionaries } from '../src/dict/build/build-all.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import type { Language } from '../src/rules/types.js';

const args = process.argv.slice(2);
const langs = args.filter((a) => !a.startsWith('-')) as Language[];
try {
  await buildDictionaries(join(PACKAGE_ROOT, 'dict'), langs.length ? langs : ['de'], args.includes('--force'));
} catch (e) {
  process.stderr.write(`postboggle: ${(e as Error).message}\n`);
  process.exit(1);
}
