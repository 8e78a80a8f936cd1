// Child process of the big-game benchmark: opens a game (its settings, through the cache)
// and reports the time and memory that took, in a fresh process. A second argument names
// another build's game module (the previous design, for comparison).
import type { Game } from '../src/game/game.js';

const dir = process.argv[2]!;
const { openGame } = await import(process.argv[3] ?? '../src/game/game.js') as { openGame: (dir: string) => Game };
const t0 = performance.now();
const game = openGame(dir);
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ players: game.settings.players.length, ms, rssMB: process.memoryUsage().rss / 1e6 }) + '\n');
