import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('postboggle presets and init --preset', () => {
  it('lists every preset, as text and as JSON', () => {
    const text = runCli(['presets']);
    expect(text.status, text.stderr).toBe(0);
    for (const name of ['postspiel', 'bbaggle', 'big-bbaggle', 'oldfashion', 'paroliere', 'paroliere-5', 'paroliere-6', 'boggle', 'big-boggle']) expect(text.stdout).toMatch(new RegExp(`^${name} `, 'm'));
    const json = JSON.parse(runCli(['presets', '--json']).stdout);
    expect(json.presets.find((p: { name: string }) => p.name === 'big-bbaggle')).toMatchObject({ language: 'fr', rules: { field: '5x5', dice: 'fr-5x5', minLength: 4, scheme: 'boggle' } });
  });
  it('init --preset writes a game that plays the preset, in its language, on its dice', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pb-preset-')), 'game');
    const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
    expect(runCli(['init', '--dir', dir, '--preset', 'bbaggle'], { env }).status).toBe(0);
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8');
    expect(yaml).toMatch(/^language: fr$/m);
    expect(yaml).toMatch(/^ {2}preset: bbaggle /m);
    const r = runCli(['round', 'new', '--dir', dir, '--seed', 's1', '--json'], { env });
    expect(r.status, r.stderr).toBe(0);
    const round = JSON.parse(r.stdout);
    expect(round.dice).toBe('fr-4x4');
    expect(round.field.split('/')).toHaveLength(4);
    expect(round.field).not.toContain('*'); // B@ggle has no joker
    // A key set beside the preset overrides it; an impossible one fails naming the key.
    writeFileSync(join(dir, 'postboggle.yaml'), yaml.replace('  preset: bbaggle', '  preset: bbaggle\n  field: 5x5'));
    const bad = runCli(['round', 'show', '--dir', dir], { env });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/rules\.dice: fr-4x4 under preset bbaggle is a set for 4x4 fields, but rules\.field is 5x5/);
    writeFileSync(join(dir, 'postboggle.yaml'), yaml.replace('  preset: bbaggle', '  preset: nope'));
    expect(runCli(['round', 'show', '--dir', dir], { env }).stderr).toMatch(/rules\.preset: unknown preset "nope"/);
  });
  it('a German 4x4 game rolls German dice, not English ones', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pb-preset-')), 'game');
    const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
    runCli(['init', '--dir', dir], { env });
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8');
    writeFileSync(join(dir, 'postboggle.yaml'), yaml.replace('  field: 5x5 ', '  field: 4x4 ').replace('minWords: 400', 'minWords: 120').replace('minBestPoints: 45', 'minBestPoints: 30'));
    const r = runCli(['round', 'new', '--dir', dir, '--seed', 's1', '--json'], { env });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).dice).toBe('de-4x4');
  });
});
