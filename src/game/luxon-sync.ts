import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// luxon, loaded synchronously on first use by code that needs it only now and then (a state
// file not seen before, a time zone Intl cannot name alone): `import { DateTime } from
// 'luxon'` at the top of a module costs every command that imports it about a tenth of
// Node's own start. The ES build is the one `import 'luxon'` gives, so the process holds
// one luxon whichever way it was loaded (require() of an ES module is synchronous on Node
// 20.19+); its CommonJS build if the file ever moves.

const require = createRequire(import.meta.url);
let loaded: typeof import('luxon') | undefined;

export function luxon(): typeof import('luxon') {
  if (loaded) return loaded;
  try {
    loaded = require(join(dirname(require.resolve('luxon/package.json')), 'build', 'es6', 'luxon.mjs')) as typeof import('luxon');
  } catch {
    loaded = require('luxon') as typeof import('luxon');
  }
  return loaded;
}
