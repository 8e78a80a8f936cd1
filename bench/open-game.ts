// Child process of the big-game benchmark: opens a game (its settings, through the cache)
// and reports the time and memory that took, in a fresh process.
import { openGame } from '../src/game/game.js';

const dir = process.argv[2]!;
const t0 = performance.now();
const game = openGame(dir);
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ players: game.settings.players.length, ms, rssMB: process.memoryUsage().rss / 1e6 }) + '\n');
