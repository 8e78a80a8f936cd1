import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

// A CommonJS file run through V8's code cache. A command lives ~0.2 s, and compiling yargs
// (the bundle's 159 KB, then each function as the parse first calls it) is a tenth of
// that. Node 20 keeps no compiled code between runs for modules (module.enableCompileCache
// came with Node 22), but vm.Script takes the cache V8 made after an earlier run
// (`createCachedData`, which then holds every function compiled so far) and checks it
// itself: a cache from another V8, other flags or another source is rejected, and the
// script is compiled as it would be without one. Measured on the 2-core development
// machine, yargs loaded and one command line parsed: 25 ms as an ES module, 20 ms as this
// script without its cache, 14 ms with it.

export type CacheUse = 'accepted' | 'rejected' | 'none';

export interface LoadedScript {
  exports: Record<string, unknown>;
  /** What became of the code cache beside the file. */
  cache: CacheUse;
  /** Writes the code cache beside the file: what V8 has compiled of it by now. */
  writeCache(): void;
}

/** Where a script's code cache is kept. */
export const codeCacheFile = (file: string) => `${file}.v8-cache`;

/**
 * The scripts this process loaded, by file (under a global symbol, so that the start-up
 * tests' module hook can list them at exit: test/cli/module-recorder.mjs).
 */
export const loadedScripts: Map<string, LoadedScript> = ((globalThis as Record<symbol, unknown>)[Symbol.for('postboggle.cached-scripts')] ??= new Map()) as Map<string, LoadedScript>;

/** Runs a CommonJS file (its require resolving from its own folder) and gives its exports. */
export function loadCachedScript(file: string): LoadedScript {
  const source = readFileSync(file, 'utf8');
  const cacheFile = codeCacheFile(file);
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  // The wrapper Node's CommonJS loader puts around a module.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache: CacheUse = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...a: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  const done: LoadedScript = { exports: module.exports, cache, writeCache: () => writeFileSync(cacheFile, script.createCachedData()) };
  loadedScripts.set(file, done);
  return done;
}
