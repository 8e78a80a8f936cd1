import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { yargsModules } from '../../src/cli/yargs-lite.js';
import { SEED_FIELD } from '../helpers.js';

// What a command loads decides how fast it starts (issue 12: commands that touch no mail
// server within 2x `node -e 0`): these tests look at the modules the compiled CLI really
// loads, recorded by a module hook, not at timings.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const RECORDER = join(ROOT, 'test', 'cli', 'module-recorder.mjs');

function modulesOf(args: string[], env: Record<string, string> = {}): { status: number; files: string[]; stdout: string } {
  const r = spawnSync(process.execPath, ['--import', RECORDER, MAIN, ...args], { encoding: 'utf8', cwd: tmpdir(), timeout: 60_000, env: { ...process.env, ...env } });
  const lines = r.stderr.split('\n');
  const files = [...new Set([
    ...lines.filter((l) => l.startsWith('MODULE file://')).map((l) => fileURLToPath(l.slice('MODULE '.length))),
    ...lines.filter((l) => l.startsWith('REQUIRED /')).map((l) => l.slice('REQUIRED '.length)),
  ])];
  return { status: r.status ?? -1, files, stdout: r.stdout };
}

const MAIL_LIBRARIES = ['imapflow', 'mailparser', 'nodemailer', 'handlebars', 'zod'];
const fromPackage = (files: string[], name: string) => files.filter((f) => f.includes(`/node_modules/${name}/`));

describe('modules a command loads at start', () => {
  it('--help takes yargs from the one-file bundle the build made, not its 23 modules', () => {
    const { status, files, stdout } = modulesOf(['--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('postboggle <command> [options]');
    expect(files).toContain(join(ROOT, 'dist', 'vendor', 'yargs.js'));
    for (const name of ['yargs', 'yargs-parser', 'escalade']) expect(fromPackage(files, name)).toEqual([]);
  });

  it.each([
    ['solve', ['solve', SEED_FIELD]],
    ['check', ['check', SEED_FIELD, 'gurren']],
    ['dict show', ['dict', 'show', 'reisen']],
  ])('%s loads no mail library and no schema library', (_, args) => {
    const { status, files } = modulesOf(args);
    expect(status).toBe(0);
    for (const name of MAIL_LIBRARIES) expect(fromPackage(files, name)).toEqual([]);
  });

  // yargs reads the locale from LC_ALL, LC_MESSAGES, LANG, then LANGUAGE: all set, whatever the machine has.
  const FRENCH = { LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'fr_FR.UTF-8', LANGUAGE: 'fr' };

  it('a positional argument loads no message catalogue, but a help screen shows its heading translated', () => {
    const run = modulesOf(['solve', SEED_FIELD], FRENCH);
    expect(run.status).toBe(0);
    expect(fromPackage(run.files, 'y18n')).toEqual([]);
    for (const help of ['--help', '-h']) {
      const screen = modulesOf(['solve', help], FRENCH);
      expect(screen.stdout).toContain('Arguments positionnels :');
      expect(fromPackage(screen.files, 'y18n').length).toBeGreaterThan(0);
    }
  });

  it('the game commands that only read (round show, entries, review, ranking) load no mail library', { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'pb-start-'));
    const demo = spawnSync(process.execPath, [MAIN, 'demo', '--out', join(out, 'game')], { encoding: 'utf8', cwd: out, timeout: 120_000 });
    expect(demo.status, demo.stderr).toBe(0);
    const dir = join(out, 'game');
    for (const args of [['round', 'show'], ['entries'], ['review', '1'], ['ranking']]) {
      modulesOf([...args, '--dir', dir]); // the first run after the demo may fill caches
      const { status, files, stdout } = modulesOf([...args, '--dir', dir]);
      expect(status, args.join(' ')).toBe(0);
      expect(stdout.length, args.join(' ')).toBeGreaterThan(0);
      for (const name of MAIL_LIBRARIES) expect(fromPackage(files, name), `${args.join(' ')}: ${name}`).toEqual([]);
    }
  });
});

describe('yargsModules (src/cli/yargs-lite.ts)', () => {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('yargs/package.json'));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const bundle = (yargsVersion: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'pb-yargs-')), 'yargs.js');
    writeFileSync(file, `export const YARGS_VERSION = ${JSON.stringify(yargsVersion)};\nexport const YargsFactory = 'from the bundle';\nexport const Parser = null;\nexport const escalade = null;\n`);
    return file;
  };

  it('uses a bundle made from the installed yargs', async () => {
    expect((await yargsModules(root, bundle(version))).YargsFactory).toBe('from the bundle');
  });

  it('loads the installed modules when the bundle was made from another yargs, or is missing', async () => {
    for (const file of [bundle(`${version}-other`), join(tmpdir(), 'pb-no-such-bundle.js')]) {
      const m = await yargsModules(root, file);
      expect(typeof m.YargsFactory).toBe('function');
      expect(typeof m.Parser).toBe('function');
      expect(typeof m.escalade).toBe('function');
    }
  });
});
