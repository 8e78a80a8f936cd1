import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seasonOf, seasonStandings } from '../../src/rules/season.js';
import { runCli } from '../cli/run-cli.js';

const p = (name: string, total: number, rank = 2) => ({ email: `${name.toLowerCase()}@example.test`, name, total, rank });

describe('seasons', () => {
  it('cut the rounds into seasons of N from the first round', () => {
    expect(seasonOf(1, 10)).toEqual({ season: 1, first: 1, last: 10 });
    expect(seasonOf(10, 10)).toEqual({ season: 1, first: 1, last: 10 });
    expect(seasonOf(11, 10)).toEqual({ season: 2, first: 11, last: 20 });
    expect(seasonOf(3, 4, 5)).toBeNull();
    expect(seasonOf(9, 4, 5)).toEqual({ season: 2, first: 9, last: 12 });
  });
  it('rank by total, then rounds played, then best round, then round wins; all equal share the rank', () => {
    const rows = seasonStandings([
      { round: 1, players: [p('Anna', 30, 1), p('Ben', 20), p('Cleo', 40, 1), p('Dora', 25), p('Emil', 25), p('Fritz', 20), p('Gus', 10)] },
      { round: 2, players: [p('Anna', 10), p('Ben', 20, 1), p('Dora', 15), p('Emil', 15), p('Fritz', 20)] },
    ]);
    // Everyone but Gus has 40. Two rounds played rank before Cleo's one; among those the best round decides
    // (Anna 30, Dora and Emil 25, Ben and Fritz 20); Ben won a round, Fritz none. Dora and Emil are equal in everything.
    expect(rows.map((r) => [r.rank, r.name, r.total, r.roundsPlayed, r.best, r.wins])).toEqual([
      [1, 'Anna', 40, 2, 30, 1], [2, 'Dora', 40, 2, 25, 0], [2, 'Emil', 40, 2, 25, 0], [4, 'Ben', 40, 2, 20, 1], [5, 'Fritz', 40, 2, 20, 0],
      [6, 'Cleo', 40, 1, 40, 1], [7, 'Gus', 10, 1, 10, 0],
    ]);
  });
  it('the last round of a season: final standings in ranking --json and in the newsletter', { timeout: 300_000 }, () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pb-season-')), 'game');
    const env = (t: string) => ({ POSTBOGGLE_NOW: t });
    const cli = (args: string[], t: string, input?: string) => {
      const r = runCli([...args, '--dir', dir], { env: env(t), ...(input ? { input } : {}) });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      return r;
    };
    cli(['init'], '2026-11-01T10:00:00Z');
    writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8') + 'season: { rounds: 2 }\n');
    cli(['player', 'add', 'alice@example.test', 'Alice'], '2026-11-01T10:00:00Z');
    cli(['player', 'add', 'bob@example.test', 'Bob'], '2026-11-01T10:00:00Z');
    const field = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';
    for (const [n, t, a, b] of [[1, '2026-11-01T10:00:00Z', 'Gras', 'Besen'], [2, '2026-11-09T10:00:00Z', 'gurren', 'Ferne']] as const) {
      cli(['round', 'new', '--field', field], t);
      cli(['ingest'], t, `From: alice@example.test\r\nSubject: Runde ${n}\r\nMessage-ID: <a${n}@example.test>\r\n\r\nJoker: A\r\n${a}\r\n`);
      cli(['ingest'], t, `From: bob@example.test\r\nSubject: Runde ${n}\r\nMessage-ID: <b${n}@example.test>\r\n\r\nJoker: A\r\n${b}\r\n`);
      cli(['score', '--early', '--reject-pending'], t);
    }
    const season = JSON.parse(cli(['ranking', '--json'], '2026-11-10T10:00:00Z').stdout).season;
    // Alice: Gras 4+1, gurren 6+1 = 12; Bob: Besen 5+1, Ferne 5+1 = 12: equal, two rounds each; Alice's best round (7) wins.
    expect(season).toMatchObject({ season: 1, first: 1, last: 2, complete: true });
    expect(season.standings.map((r: { rank: number; name: string; total: number; best: number }) => [r.rank, r.name, r.total, r.best])).toEqual([[1, 'Alice', 12, 7], [2, 'Bob', 12, 6]]);
    expect(cli(['ranking'], '2026-11-10T10:00:00Z').stdout).toMatch(/season 1 \(rounds 1–2\): final standings/);
    cli(['newsletter', '2'], '2026-11-10T10:00:00Z');
    const letter = readFileSync(join(dir, 'rounds', '002', 'newsletter.txt'), 'utf8');
    expect(letter).toMatch(/Endstand der Saison 1 \(Runden 1–2\):\n\s+1\. Alice\s+12 {2}\(2×, beste 7\)\n\s+2\. Bob\s+12/);
    cli(['newsletter', '1'], '2026-11-10T10:00:00Z');
    expect(readFileSync(join(dir, 'rounds', '001', 'newsletter.txt'), 'utf8')).not.toContain('Endstand');
  });
});
