// Loaded with `node --import` by start-up-modules.test.ts: prints on stderr every module
// URL Node's ES loader resolves (`MODULE url`) and, at exit, every file in require()'s
// cache (`REQUIRED path`: modules loaded with createRequire).
import Module, { register } from 'node:module';

const hook = 'export async function resolve(specifier, context, next) { const r = await next(specifier, context); process.stderr.write(`MODULE ${r.url}\\n`); return r; }';
register(`data:text/javascript,${encodeURIComponent(hook)}`);
process.on('exit', () => {
  for (const file of Object.keys(Module._cache)) process.stderr.write(`REQUIRED ${file}\n`);
});
