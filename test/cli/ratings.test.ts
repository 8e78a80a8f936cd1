import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/game/settings.js';
import { computeRatings } from '../../src/rules/ratings.js';
import { syntheticGame } from '../../bench/synthetic-game.js';
import { runCli } from './run-cli.js';

describe('postboggle ratings', () => {
  it('prints the ratings recomputed from the results, and --json with every player\'s history', async () => {
    const g = await syntheticGame({ players: 4, rounds: 3 });
    const text = runCli(['ratings', '--dir', g.dir]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe('ratings after round 3 (Elo, K 32, per round; ? = provisional (fewer than 5 rounds))');
    const json = JSON.parse(runCli(['ratings', '--json', '--dir', g.dir]).stdout);
    expect(json.rounds).toEqual([1, 2, 3]);
    expect(json.players).toHaveLength(4);
    for (const p of json.players) expect(p.history.map((h: { round: number }) => h.round)).toEqual([1, 2, 3]);
    // The same as the pure function over the results files: nothing stored, nothing stale.
    const results = [1, 2, 3].map((n) => JSON.parse(readFileSync(join(g.dir, `rounds/00${n}/results.json`), 'utf8')));
    const direct = computeRatings(results.map((r) => ({ round: r.round, period: String(r.round), players: r.players })));
    expect(json.players.map((p: { rating: number }) => p.rating)).toEqual(direct.map((p) => p.rating));
    const earlier = JSON.parse(runCli(['ratings', '--json', '--round', '1', '--dir', g.dir]).stdout);
    expect(earlier.rounds).toEqual([1]);
  });

  it('says so when ratings are off, and refuses day periods for openskill on load', async () => {
    const g = await syntheticGame({ players: 2, extraSettings: '' });
    const yaml = join(g.dir, 'postboggle.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('  system: elo ', '  system: off '));
    const r = runCli(['ratings', '--dir', g.dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('postboggle: ratings are off in postboggle.yaml (ratings.system: off)\n');
    expect(() => parseSettings('ratings:\n  system: openskill\n  period: day\n')).toThrow(/ratings\.period: day applies to elo only/);
    expect(() => parseSettings('site:\n  url: ftp://x\n')).toThrow(/site\.url/);
  });
});
