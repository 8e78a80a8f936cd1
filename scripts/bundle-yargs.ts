// Part of `npm run build`: yargs, yargs-parser and escalade, the command line's parser, put
// into one file (dist/vendor/yargs.js) by rolldown. Node's ES loader spends about half a
// millisecond resolving and linking each module, and yargs is 23 of them: about 24 ms of
// every command's start (a third of what postboggle adds to Node's own start), for code
// that is the same in one file. The bundle records the yargs version it was made from;
// src/cli/yargs-lite.ts uses it only while node_modules holds that version, and the
// modules themselves otherwise (or when the bundle, or rolldown, is not there).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root.js';

const require = createRequire(import.meta.url);
const out = join(PACKAGE_ROOT, 'dist', 'vendor', 'yargs.js');

try {
  const yargsRoot = dirname(require.resolve('yargs/package.json'));
  const { version } = JSON.parse(readFileSync(join(yargsRoot, 'package.json'), 'utf8')) as { version: string };
  const source = (file: string) => JSON.stringify(file);
  // The same three modules yargs-lite.ts imports one by one.
  const entry = [
    `export { YargsFactory } from ${source(join(yargsRoot, 'build', 'lib', 'yargs-factory.js'))};`,
    `export { default as Parser } from ${source(require.resolve('yargs-parser'))};`,
    `export { default as escalade } from ${source(require.resolve('escalade/sync'))};`,
    `export const YARGS_VERSION = ${JSON.stringify(version)};`,
  ].join('\n');
  const { build } = await import('rolldown');
  rmSync(out, { force: true });
  mkdirSync(dirname(out), { recursive: true });
  const result = await build({
    input: 'postboggle-yargs-entry',
    platform: 'node',
    logLevel: 'silent',
    plugins: [{ name: 'entry', resolveId: (id) => (id === 'postboggle-yargs-entry' ? id : null), load: (id) => (id === 'postboggle-yargs-entry' ? entry : null) }],
    output: { format: 'esm', banner: `// yargs ${version} (MIT), yargs-parser (ISC) and escalade (MIT) in one module, made by scripts/bundle-yargs.ts.` },
    write: false,
  });
  const chunk = result.output.find((o) => o.type === 'chunk');
  if (!chunk) throw new Error('rolldown made no chunk');
  writeFileSync(out, chunk.code);
} catch (e) {
  // Never a failed build: without the bundle the command line loads the modules themselves.
  rmSync(out, { force: true });
  process.stderr.write(`postboggle: yargs not bundled (${(e as Error).message.split('\n')[0]}); the command line loads its modules one by one\n`);
}
