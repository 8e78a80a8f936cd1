import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A game directory is meant to be kept in git: init leaves a .gitignore that keeps the
// caches, the lock and the watch's socket out, and the game's own files in.
describe('init and git', { timeout: 60_000 }, () => {
  it('writes a .gitignore that ignores what is not the game\'s data, and only when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-init-'));
    const r = runCli(['init', '--dir', dir]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created .*postboggle\.yaml and \.gitignore; next:/);
    expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
    const ignored = (path: string) => spawnSync('git', ['-C', dir, 'check-ignore', '-q', '--no-index', path]).status === 0;
    for (const p of ['.postboggle-settings.cache', '.postboggle-state.cache', '.postboggle-totals.cache', '.postboggle-ranking.cache', '.postboggle-texts.cache',
      '.postboggle-inline.cache/ab12.html', '.postboggle.lock', '.postboggle.sock']) expect(ignored(p), p).toBe(true);
    for (const p of ['postboggle.yaml', 'rounds/001/round.json', 'rounds/001/inbox/x.eml', 'dict/house-accept.txt', '.gitignore']) expect(ignored(p), p).toBe(false);

    const other = mkdtempSync(join(tmpdir(), 'pb-init-'));
    writeFileSync(join(other, '.gitignore'), 'mine\n');
    const again = runCli(['init', '--dir', other]);
    expect(again.stdout).toMatch(/^created .*postboggle\.yaml; next:/);
    expect(readFileSync(join(other, '.gitignore'), 'utf8')).toBe('mine\n');
  });
});
