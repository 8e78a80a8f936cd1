// Builds the dictionaries into dict/ (run by `npm install` through the prepare script, and
// by `npm run build:dict`): German at install, the other languages on first use (or name
// them here: `npm run build:dict -- en fr`); --force rebuilds. `--with ding` / `--without
// ding` choose a word list from a Debian package (docs/dictionaries.md), kept for later builds.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildDictionaries } from '../src/dict/build/build-all.js';
import { chooseSources } from '../src/dict/build/system-sources.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import type { Language } from '../src/rules/types.js';

// glibc keeps the memory of freed large blocks for reuse instead of giving it back, and a
// build frees hundreds of megabytes between its phases: the German build with the Ding
// peaked at 503-512 MB with the defaults, 469-470 MB when blocks from 64 KB up are mapped
// on their own (and so returned when freed), for the same CPU time (docs/dictionaries.md).
// The setting is read when the process starts, so the build runs in a child that has it.
if (process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: String(64 * 1024) },
  });
  process.exit(child.status ?? 1);
}

const args = process.argv.slice(2);
const valueOf = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]!] : []));
const withSources = valueOf('--with');
const withoutSources = valueOf('--without');
const langs = args.filter((a, i) => !a.startsWith('-') && !['--with', '--without'].includes(args[i - 1] ?? '')) as Language[];
try {
  if (withSources.length || withoutSources.length) chooseSources(join(PACKAGE_ROOT, 'dict'), withSources, withoutSources);
  await buildDictionaries(join(PACKAGE_ROOT, 'dict'), langs.length ? langs : ['de'], args.includes('--force'));
} catch (e) {
  process.stderr.write(`postboggle: ${(e as Error).message}\n`);
  process.exit(1);
}
