import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('postboggle demo', () => {
  it('plays a whole round through real .eml mails and ends with the newsletter, printed and saved', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pb-demo-'));
    const r = runCli(['demo', '--seed', 'test'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    const dir = join(cwd, 'postboggle-demo');
    expect(r.stdout).toContain('Rundentabelle');
    expect(readdirSync(join(dir, 'mail')).sort()).toEqual(['computer1.eml', 'computer2.eml', 'computer3.eml', 'computer4.eml']);
    expect(readdirSync(join(dir, 'rounds', '001', 'inbox'))).toHaveLength(4);
    const outbox = readdirSync(join(dir, 'rounds', '001', 'outbox'));
    expect(outbox.filter((f) => f.startsWith('receipt-') && f.endsWith('.eml'))).toHaveLength(4);
    expect(outbox.filter((f) => f.startsWith('announcement-') && f.endsWith('.eml'))).toHaveLength(4);
    const results = JSON.parse(readFileSync(join(dir, 'rounds', '001', 'results.json'), 'utf8'));
    expect(results.players).toHaveLength(4);
    // Every computer player's mail was read in full: each entry has its words.
    for (const p of results.players) expect(p.words.length).toBeGreaterThanOrEqual(7);
    const master = results.players.find((p: { name: string }) => p.name.startsWith('Computer 4'));
    expect(master.rank).toBe(1);
    const best = Number(/\(Joker \w, (\d+) Punkte\)/.exec(r.stdout)![1]);
    expect(master.letterPoints).toBe(best);
    expect(readFileSync(join(dir, 'rounds', '001', 'newsletter.txt'), 'utf8')).toBe(r.stdout.split('\n---\n')[0]);
    expect(existsSync(join(dir, 'rounds', '001', 'newsletter.html'))).toBe(true);
  });
  it('is reproducible for a seed, and replaces its own earlier demo folder', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pb-demo-'));
    const a = runCli(['demo', '--seed', 'x'], { cwd }).stdout;
    expect(runCli(['demo', '--seed', 'x'], { cwd }).stdout).toBe(a);
  });
  it('will not overwrite a folder it did not make', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pb-demo-'));
    const r = runCli(['demo', '--out', '.'], { cwd: join(cwd, '..') });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/is not a demo folder/);
  });
});
