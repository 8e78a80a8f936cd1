import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture, SEED_FIELD } from '../helpers.js';
import { runCli } from './run-cli.js';

const words = ['--words', fixture('seed-words.txt')];

describe('postboggle solve / check', () => {
  it('solve --json lists the words, the joker letters and the best entry', () => {
    const r = runCli(['solve', SEED_FIELD, ...words, '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.field).toBe(SEED_FIELD);
    expect(out.words.find((w: { word: string }) => w.word === 'GRAS')).toEqual({ word: 'GRAS', lemmas: ['Gras'], plain: false, jokerLetters: ['A'] });
    expect(out.bestEntry.joker).toBe('A');
    expect(out.bestEntry.points).toBe(36);
    expect(out.wordsByJoker.A).toBe(16);
  });
  it('solves with the German dictionary alike where the process can have no WebAssembly memory (ulimit -v, node --jitless)', () => {
    // V8 reserves ~10 GB of address space for a WebAssembly memory: under a 3 GB limit none
    // can be had, and the walk and the graph fall back to JavaScript (src/rules/field-walk-js.ts).
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const solveJson = (shell: string, nodeFlags: string[] = []) =>
      spawnSync('sh', ['-c', `${shell} exec "$0" "$@"`, process.execPath, ...nodeFlags, main, 'solve', SEED_FIELD, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const normal = solveJson('');
    expect(normal.status).toBe(0);
    expect(JSON.parse(normal.stdout).wordCount).toBeGreaterThan(1000);
    for (const r of [solveJson('ulimit -v 3000000;'), solveJson('', ['--jitless'])]) {
      expect(r.stderr.replace(/^Warning: disabling flag --expose_wasm.*\n/, '')).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(normal.stdout);
    }
  });
  it('solve prints the field with coordinates and the best entry', () => {
    const r = runCli(['solve', SEED_FIELD, ...words]);
    expect(r.stdout).toMatch(/^\s+A\s+B\s+C\s+D\s+E$/m);
    expect(r.stdout).toContain('best possible entry (joker A): 36 points');
  });
  it('check explains each word: path, lemma, reason', () => {
    const r = runCli(['check', SEED_FIELD, 'gurren', 'gurre', 'Gras', 'Emaille', 'Besen', 'Wolke', '--joker', 'a', ...words]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/GURREN\s+counted, 6 points\s+\(lemma gurren; path D4-E3-D3-C2-D2-D1\)/);
    expect(r.stdout).toMatch(/GURRE\s+rejected: a form of a word already counted \(GURREN\)/);
    expect(r.stdout).toMatch(/WOLKE\s+rejected: not on the field/);
    expect(r.stdout).toContain('total: 22 points');
  });
  it('check --json gives SPEC 8 word records', () => {
    const r = runCli(['check', SEED_FIELD, 'Gras', '--joker', 'E', '--json', ...words]);
    const out = JSON.parse(r.stdout);
    expect(out.words[0]).toMatchObject({ input: 'Gras', word: 'GRAS', role: 'main', index: 1, status: 'rejected', reason: 'joker-conflict' });
  });
  it('bad input is one clear line on stderr and a non-zero exit, never a stack trace', () => {
    for (const args of [['solve', 'FERNC/BSREO', ...words], ['check', SEED_FIELD, 'x', '--joker', '12', ...words], ['solve', SEED_FIELD, '--words', '/nonexistent/words.txt'], ['frobnicate']]) {
      const r = runCli(args);
      expect(r.status).not.toBe(0);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^postboggle: /);
      expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
    }
  });
  it('every command has --help with an example', { timeout: 120_000 }, () => {
    const commands = ['init', 'player', 'round', 'ingest', 'entries', 'review', 'judge', 'score', 'ranking', 'ratings', 'newsletter', 'site', 'serve', 'tick', 'watch', 'solve', 'check', 'dict', 'demo', 'rebuild', 'inbox', 'outbox', 'entry'];
    const top = runCli(['--help']).stdout;
    for (const cmd of commands) expect(top).toContain(`postboggle ${cmd}`);
    for (const cmd of commands) {
      const r = runCli([cmd, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Examples:');
    }
  });
});
