import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { positiveIntArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { gameRanking, gameSeason } from '../../game/standings.js';
import { columnWidth, padEndWidth } from '../../templates/text-width.js';

interface RankingArgs {
  dir: string;
  window?: number;
  season?: number;
  json: boolean;
}

export const rankingCommand = defineCommand<RankingArgs>({
  command: 'ranking',
  describe: 'the rolling ranking over the last scored rounds',
  builder: (y: Argv) =>
    y.option('window', { type: 'string', coerce: positiveIntArg('window'), describe: 'rounds in the ranking (default: rules.window, 7)' })
      .option('json', { type: 'boolean', default: false })
      .option('season', { type: 'number', describe: 'the season standings as of this round (default: the latest scored round); needs season.rounds in postboggle.yaml' })
      .example('$0 ranking --window 3', 'the last three rounds only')
      .example('$0 ranking --season 10', 'the season standings as they stood after round 10'),
  handler: (argv) => {
    const game = openGame(argv.dir);
    const window = argv.window ?? game.settings.rules.window;
    const { rows, rounds } = gameRanking(game, window, undefined, undefined, { remember: true });
    const season = gameSeason(game, argv.season);
    if (argv.json) {
      process.stdout.write(JSON.stringify({ window, rounds, ranking: rows, ...(game.settings.season ? { season } : {}) }, null, 2) + '\n');
      return;
    }
    if (rows.length === 0) {
      process.stdout.write('no scored rounds yet\n');
      return;
    }
    const move = (m: number | null) => (m === null ? 'new' : m > 0 ? `+${m}` : m < 0 ? `${m}` : '=');
    const lines = [`ranking over rounds ${rounds.join(', ')}`];
    // Columns by display width, as wide as the widest name (umlauts, CJK, long names).
    const nameWidth = columnWidth(rows.map((r) => r.name), 20);
    for (const r of rows) lines.push(`${String(r.rank).padStart(3)}. ${padEndWidth(r.name, nameWidth)} ${String(r.total).padStart(5)}  ${move(r.movement).padStart(3)}  ${r.scores.map((s) => (s.total === null ? '-' : String(s.total))).join(' ')}`);
    if (season) {
      lines.push('', `season ${season.season} (rounds ${season.first}–${season.last}): ${season.complete ? 'final standings' : `standings after ${season.scored.length} of ${season.last - season.first + 1} rounds`} (ties: rounds played, best round, round wins)`);
      const w = columnWidth(season.standings.map((r) => r.name), 20);
      for (const r of season.standings) lines.push(`${String(r.rank).padStart(3)}. ${padEndWidth(r.name, w)} ${String(r.total).padStart(5)}  ${r.roundsPlayed} round${r.roundsPlayed === 1 ? '' : 's'}, best ${r.best}, ${r.wins} win${r.wins === 1 ? '' : 's'}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
