import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { makeGame } from './game-fixture.js';

describe('GM adjudication: review and judge', () => {
  it('lists words not in the dictionary with who sent them, and forgets them once judged', () => {
    const dir = makeGame({
      Alice: { main: ['Emaille', 'gurren', 'Gras'], substitutes: [], joker: 'A' },
      Bob: { main: ['emaille', 'Zalew', 'Wolke'], substitutes: [] },
    });
    const r = runCli(['review', '--dir', dir, '--json']);
    expect(r.status).toBe(0);
    const { pending } = JSON.parse(r.stdout);
    expect(pending.map((p: { word: string }) => p.word)).toEqual(['EMAILLE', 'ZALEW']);
    expect(pending[0].senders.map((s: { name: string; input: string }) => `${s.name}:${s.input}`)).toEqual(['Alice:Emaille', 'Bob:emaille']);

    expect(runCli(['judge', 'accept', 'Emaille', '--dir', dir]).stdout).toMatch(/accepted: EMAILLE/);
    expect(runCli(['judge', 'reject', 'zalew', '--dir', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'dict', 'house-accept.txt'), 'utf8')).toMatch(/^EMAILLE$/m);
    expect(readFileSync(join(dir, 'dict', 'house-reject.txt'), 'utf8')).toMatch(/^ZALEW$/m);
    expect(runCli(['review', '--dir', dir]).stdout).toMatch(/no words await review/);
  });

  it('keeps an accepted lemma, and a later reject overrides an accept', () => {
    const dir = makeGame({});
    runCli(['judge', 'accept', 'Polizeiautos', '--lemma', 'Polizeiauto', '--dir', dir]);
    expect(readFileSync(join(dir, 'dict', 'house-accept.txt'), 'utf8')).toMatch(/^POLIZEIAUTOS\tPolizeiauto$/m);
    runCli(['judge', 'reject', 'Polizeiautos', '--dir', dir]);
    expect(readFileSync(join(dir, 'dict', 'house-accept.txt'), 'utf8')).not.toMatch(/POLIZEIAUTOS/);
    expect(readFileSync(join(dir, 'dict', 'house-reject.txt'), 'utf8')).toMatch(/^POLIZEIAUTOS$/m);
  });

  it('refuses tokens that are not words, and a missing game, with one clear line', () => {
    const dir = makeGame({});
    const bad = runCli(['judge', 'accept', 'Polizei-Auto', '--dir', dir]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toBe('postboggle: "Polizei-Auto" is not a word (only letters)\n');
    const none = runCli(['review', '--dir', join(dir, 'nope')]);
    expect(none.stderr).toMatch(/^postboggle: no game here: .*postboggle.yaml is missing/);
  });
});
