import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticGame } from '../../bench/synthetic-game.js';
import { openGame } from '../../src/game/game.js';
import { gameRanking, scoredRounds, scoredStandings } from '../../src/game/standings.js';

// `ranking` takes each round's totals from .postboggle-totals.cache while the round's
// results.json is the file they came from: the ranking must be the one the results give.

const settle = (path: string) => utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

describe('the totals kept for the ranking', () => {
  it('rank as the results do, are read from the cache while a results.json is unchanged, and anew once it changes', async () => {
    const { dir } = await syntheticGame({ players: 30, rounds: 3 });
    const game = openGame(dir);
    const results = (n: number) => join(dir, 'rounds', String(n).padStart(3, '0'), 'results.json');
    for (const n of [1, 2, 3]) settle(results(n));
    const fromResults = gameRanking(game, 7, undefined, scoredRounds(game));
    expect(gameRanking(game, 7)).toEqual(fromResults); // cache made
    expect(gameRanking(game, 7)).toEqual(fromResults); // cache read
    const cacheFile = join(dir, '.postboggle-totals.cache');
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { files: Record<string, { players: [string, string, string, number, number][] }> };
    expect(Object.keys(cache.files).sort()).toEqual(['rounds/001/results.json', 'rounds/002/results.json', 'rounds/003/results.json']);
    // A planted total shows that the cache is what is read…
    cache.files['rounds/002/results.json']!.players[0]![3] += 1000;
    writeFileSync(cacheFile, JSON.stringify(cache));
    expect(scoredStandings(game).find((r) => r.round === 2)!.players[0]!.total).toBe(scoredRounds(game).find((r) => r.round === 2)!.players[0]!.total + 1000);
    // …and a results.json written since (rescored, edited) is read again, whatever the cache says.
    const r2 = JSON.parse(readFileSync(results(2), 'utf8')) as { players: { total: number }[] };
    r2.players[0]!.total += 7;
    writeFileSync(results(2), JSON.stringify(r2));
    settle(results(2));
    expect(scoredStandings(game).find((r) => r.round === 2)!.players[0]!.total).toBe(r2.players[0]!.total);
    expect(gameRanking(game, 7)).toEqual(gameRanking(game, 7, undefined, scoredRounds(game)));
    // A damaged cache is only a miss.
    writeFileSync(cacheFile, '{"v":1,"files":');
    expect(gameRanking(game, 7)).toEqual(gameRanking(game, 7, undefined, scoredRounds(game)));
  });

  it('a remembered ranking (the `ranking` command) is the computed one, and is computed anew when a total, a name, the window or the locale changes', async () => {
    const { dir } = await syntheticGame({ players: 40, rounds: 3 });
    const game = openGame(dir);
    const remembered = (g = game, window = 7) => gameRanking(g, window, undefined, undefined, { remember: true });
    const computed = (g = game, window = 7) => gameRanking(g, window, undefined, scoredRounds(g));
    const cacheFile = join(dir, '.postboggle-ranking.cache');
    expect(remembered()).toEqual(computed()); // made
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; rows: { total: number }[] };
    // A planted total shows that a hit is read from the cache…
    kept.rows[0]!.total += 1000;
    writeFileSync(cacheFile, JSON.stringify(kept));
    expect(remembered().rows[0]!.total).toBe(computed().rows[0]!.total + 1000);
    // …and anything the ranking is computed from makes a miss.
    expect(remembered(game, 2)).toEqual(computed(game, 2));
    writeFileSync(cacheFile, JSON.stringify(kept));
    const results2 = join(dir, 'rounds', '002', 'results.json');
    const r2 = JSON.parse(readFileSync(results2, 'utf8')) as { players: { total: number; name: string }[] };
    r2.players[1]!.total += 3;
    writeFileSync(results2, JSON.stringify(r2));
    expect(remembered()).toEqual(computed());
    writeFileSync(cacheFile, JSON.stringify(kept));
    const yaml = join(dir, 'postboggle.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('name: "Player 15"', 'name: "Zoë Renamed"'));
    const renamed = openGame(dir);
    expect(remembered(renamed)).toEqual(computed(renamed));
    expect(JSON.stringify(remembered(renamed))).toContain('Zoë Renamed');
    writeFileSync(cacheFile, JSON.stringify(kept));
    const lang = process.env.LANG;
    process.env.LANG = lang === 'sv_SE.UTF-8' ? 'de_DE.UTF-8' : 'sv_SE.UTF-8';
    try {
      expect(remembered(renamed).rows[0]!.total).toBe(computed(renamed).rows[0]!.total);
    } finally {
      if (lang === undefined) delete process.env.LANG; else process.env.LANG = lang;
    }
    // A damaged cache is only a miss.
    writeFileSync(cacheFile, '{"key":');
    expect(remembered(renamed)).toEqual(computed(renamed));
  });
});

