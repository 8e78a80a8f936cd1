import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import type { Argv } from 'yargs';
import { stripAnsi, textWidth, wrapText } from './text-width.js';

// yargs, started without what only its help screen needs. `import 'yargs'` also loads
// cliui, string-width (Unicode tables, an Intl.Segmenter) and y18n: about 80 ms, as much
// as Node itself takes to start, spent on every command although only --help draws a
// table. yargs builds itself from a platform "shim" (yargs/lib/platform-shims/esm.mjs);
// this is the same shim with those three loaded on first use (require() of an ES module
// is synchronous on Node 20.19+). Should a yargs release move its factory, the ordinary
// import is used instead: slower, never wrong.

const require = createRequire(import.meta.url);

const nodeAssert = (): { notStrictEqual(a: unknown, b: unknown, m?: string): void; strictEqual(a: unknown, b: unknown, m?: string): void } => require('node:assert');

type Factory = (shim: object) => (args: string[]) => Argv;

function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

/** A module's function, whether require() gives it as the namespace's default or as itself. */
function defaultExport<F>(m: unknown): F {
  return (typeof m === 'function' ? m : (m as { default: F }).default) as F;
}

/** dist/vendor/yargs.js, beside dist/src/cli/ (nothing there when running the TypeScript sources). */
const BUNDLE = fileURLToPath(new URL('../../vendor/yargs.js', import.meta.url));

type Modules = { YargsFactory: Factory; Parser: unknown; escalade: unknown };

/**
 * yargs's factory, parser and escalade: from the one-file bundle the build makes
 * (scripts/bundle-yargs.ts: 1 module to load instead of 23) while it was made from the
 * yargs that is installed, else from the installed modules.
 */
export async function yargsModules(root: string, bundle = BUNDLE): Promise<Modules> {
  if (existsSync(bundle)) {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const bundled = (await import(pathToFileURL(bundle).href)) as Modules & { YARGS_VERSION: string };
    if (bundled.YARGS_VERSION === version) return bundled;
  }
  const [{ YargsFactory }, { default: Parser }, { default: escalade }] = await Promise.all([
    import(pathToFileURL(join(root, 'build', 'lib', 'yargs-factory.js')).href) as Promise<{ YargsFactory: Factory }>,
    import('yargs-parser'),
    import('escalade/sync'),
  ]);
  return { YargsFactory, Parser, escalade };
}

export async function loadYargs(): Promise<(args: string[]) => Argv> {
  try {
    const root = dirname(require.resolve('yargs/package.json'));
    const { YargsFactory, Parser, escalade } = await yargsModules(root);
    const mainFilename = root.substring(0, root.lastIndexOf('node_modules'));
    // cliui's table maker with our measuring and wrapping (text-width.ts: plain text without
    // string-width's tables); its package entry, which loads those, if the file moved.
    const cliui = lazy((): ((o: object) => unknown) => {
      try {
        const { cliui: make } = require(join(dirname(require.resolve('cliui')), 'build', 'lib', 'index.js')) as { cliui: (o: object, mixin: object) => unknown };
        if (typeof make === 'function') return (o: object) => make(o, { stringWidth: textWidth, stripAnsi, wrap: wrapText });
      } catch { /* below */ }
      return defaultExport<(o: object) => unknown>(require('cliui'));
    });
    type Y18n = Record<'__' | '__n' | 'setLocale' | 'getLocale' | 'updateLocale', (...a: unknown[]) => unknown>;
    // y18n (CommonJS: the first require starts Node's CommonJS loader) only when a message is
    // looked up. yargs sets the locale as it starts: that call, and any locale change or update,
    // is kept and replayed, in order, on the real y18n when it loads.
    const deferred: [keyof Y18n, unknown[]][] = [];
    let y18nLoaded: Y18n | undefined;
    const y18n = (): Y18n => {
      if (!y18nLoaded) {
        y18nLoaded = defaultExport<(o: object) => Y18n>(require('y18n'))({ directory: join(root, 'locales'), updateFiles: false });
        for (const [op, a] of deferred.splice(0)) y18nLoaded[op](...a);
      }
      return y18nLoaded;
    };
    let lastLocale: unknown;
    /** The command line asks for a help screen (--help, -h). */
    let helpAsked = true;
    const later = (op: keyof Y18n) => (...a: unknown[]) => {
      if (y18nLoaded) return y18nLoaded[op](...a);
      if (op === 'setLocale') lastLocale = a[0];
      deferred.push([op, a]);
    };
    const getCallerFile = lazy(() => defaultExport<(position?: number) => string>(require('get-caller-file')));
    const shim = {
      // node:assert (5 ms to load) only for an assertion that fails: strict (in)equality is Object.is.
      assert: {
        notStrictEqual: (a: unknown, b: unknown, m?: string) => { if (Object.is(a, b)) nodeAssert().notStrictEqual(a, b, m); },
        strictEqual: (a: unknown, b: unknown, m?: string) => { if (!Object.is(a, b)) nodeAssert().strictEqual(a, b, m); },
      },
      cliui: (o: object) => cliui()(o),
      findUp: escalade,
      getEnv: (key: string) => process.env[key],
      inspect,
      getProcessArgvBin: () => process.argv[1],
      mainFilename: mainFilename || process.cwd(),
      Parser,
      path: { basename, dirname, extname, relative, resolve, join },
      process: {
        argv: () => process.argv,
        cwd: process.cwd,
        emitWarning: (warning: string, type: string) => process.emitWarning(warning, type),
        execPath: () => process.execPath,
        exit: (code: number) => process.exit(code),
        nextTick: process.nextTick,
        stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null,
      },
      readFileSync,
      readdirSync,
      require,
      getCallerFile: () => getCallerFile()(3),
      stringWidth: textWidth,
      // Messages are looked up only when one is shown.
      y18n: {
        // Every command with a positional argument asks for the help screen's heading of
        // positionals as it is declared (yargs files the argument under it): only a help
        // screen shows that heading, so another run takes it untranslated without loading
        // y18n (its first require() starts Node's CommonJS loader, about 3 ms).
        __: (...a: unknown[]) => (!y18nLoaded && !helpAsked && a.length === 1 && a[0] === 'Positionals:' ? a[0] : y18n().__(...a)),
        __n: (...a: unknown[]) => y18n().__n(...a),
        setLocale: later('setLocale'),
        getLocale: (...a: unknown[]) => (y18nLoaded || lastLocale === undefined ? y18n().getLocale(...a) : lastLocale),
        updateLocale: later('updateLocale'),
      },
    };
    const yargs = YargsFactory(shim);
    return (args) => {
      helpAsked = args.some((a) => a.startsWith('--help') || /^-[^-]*h/.test(a));
      const cli = yargs(args);
      // yargs renders the help screen before every command "in case it is shown later";
      // postboggle never shows it after a command has started (failures are one line), so
      // the screen, and the width tables it needs, are left for --help.
      const usage = (cli as unknown as { getInternalMethods?: () => { getUsageInstance(): { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance();
      if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => {};
      return cli;
    };
  } catch {
    return (await import('yargs')).default as unknown as (args: string[]) => Argv;
  }
}
