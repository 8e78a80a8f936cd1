import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const FIELD = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';

function game(rankedFlag: string[]) {
  const dir = join(mkdtempSync(join(tmpdir(), 'pb-computer-')), 'game');
  const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  const cli = (args: string[], input?: string) => {
    const r = runCli([...args, '--dir', dir], { env, ...(input ? { input } : {}) });
    expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r;
  };
  cli(['init']);
  cli(['player', 'add', 'alice@example.test', 'Alice']);
  cli(['player', 'add-computer', '--level', '4', '--name', 'Deep Blue', ...rankedFlag]);
  cli(['player', 'add-computer', '--level', '1']);
  return { dir, cli };
}

describe('computer players in a real round', () => {
  it('enter the round at its open by mail through the ingest, are scored and shown, get no mail, and stay out of the ranking', { timeout: 300_000 }, () => {
    const { dir, cli } = game([]);
    cli(['round', 'new', '--field', FIELD]);
    // Their mails are stored raw in the round's inbox and are the entries of record.
    const inbox = readdirSync(join(dir, 'rounds', '001', 'inbox'));
    expect(inbox).toHaveLength(2);
    expect(inbox.map((f) => readFileSync(join(dir, 'rounds', '001', 'inbox', f), 'utf8')).join('\n')).toMatch(/^From: Deep Blue <deep-blue@computer\.postboggle\.invalid>/m);
    const entries = JSON.parse(cli(['entries', '--json']).stdout).entries;
    expect(entries.map((e: { name: string }) => e.name).sort()).toEqual(['Computer 1', 'Deep Blue']);
    // The level-4 player sends the best entry there is: 7 words and 3 substitutes.
    const deep = entries.find((e: { name: string }) => e.name === 'Deep Blue');
    expect(deep.main).toHaveLength(7);
    const best = JSON.parse(runCli(['solve', FIELD, '--json']).stdout).bestEntry;
    cli(['round', 'publish']);
    cli(['ingest'], 'From: alice@example.test\r\nSubject: Runde 1\r\nMessage-ID: <a1@example.test>\r\n\r\nJoker: A\r\ngurren, Gras, Besen\r\n');
    cli(['score', '--early', '--reject-pending']);
    const results = JSON.parse(readFileSync(join(dir, 'rounds', '001', 'results.json'), 'utf8'));
    const deepResult = results.players.find((p: { name: string }) => p.name === 'Deep Blue');
    expect(deepResult.letterPoints).toBe(best.points);
    expect(deepResult.rank).toBe(1);
    // No mail of any kind went to a computer player; Alice got the announcement and a receipt.
    const outbox = readdirSync(join(dir, 'rounds', '001', 'outbox')).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(dir, 'rounds', '001', 'outbox', f), 'utf8'));
    expect(outbox.length).toBeGreaterThanOrEqual(2);
    expect(outbox.some((m) => /computer\.postboggle\.invalid/.test(m.split('\r\n\r\n')[0]!.match(/^To: .*$/m)?.[0] ?? ''))).toBe(false);
    // The newsletter shows them; the ranking does not.
    cli(['newsletter']);
    expect(readFileSync(join(dir, 'rounds', '001', 'newsletter.txt'), 'utf8')).toContain('Deep Blue');
    const ranking = JSON.parse(cli(['ranking', '--json']).stdout).ranking;
    expect(ranking.map((r: { name: string }) => r.name)).toEqual(['Alice']);
    expect(existsSync(join(dir, 'rounds', '001', 'results.json'))).toBe(true);
  });
  it('are in the ranking when the GM ranks them as a benchmark', { timeout: 300_000 }, () => {
    const { cli } = game(['--ranked']);
    cli(['round', 'new', '--field', FIELD]);
    cli(['score', '--early', '--reject-pending']);
    const ranking = JSON.parse(cli(['ranking', '--json']).stdout).ranking;
    expect(ranking.map((r: { name: string }) => r.name)).toEqual(['Deep Blue']);
  });
});
