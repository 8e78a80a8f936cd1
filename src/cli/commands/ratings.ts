import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { changeText, gameRatings, ratingText } from '../../game/ratings.js';
import { columnWidth, padEndWidth, padStartWidth } from '../../templates/text-width.js';
import { UserError } from '../../user-error.js';

interface RatingsArgs {
  dir: string;
  round?: number;
  json: boolean;
}

export const ratingsCommand = defineCommand<RatingsArgs>({
  command: 'ratings',
  describe: 'every player\'s rating (Elo over the pairwise matches of each round, or openskill), recomputed from the results',
  builder: (y: Argv) =>
    y.option('round', { type: 'string', coerce: roundArg, describe: 'ratings as they stood after this round (default: the latest)' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 ratings', 'the ratings table')
      .example('$0 ratings --round 3 --json', 'as they stood after round 3, with each player\'s history'),
  handler: (argv) => {
    const game = openGame(argv.dir);
    const ratings = gameRatings(game, argv.round);
    if (!ratings) throw new UserError('ratings are off in postboggle.yaml (ratings.system: off)');
    if (argv.json) {
      process.stdout.write(JSON.stringify(ratings, null, 2) + '\n');
      return;
    }
    if (ratings.players.length === 0) {
      process.stdout.write('no scored rounds yet\n');
      return;
    }
    const { system } = ratings.options;
    const o = ratings.options;
    const rows = ratings.players.map((p, i) => [`${i + 1}.`, p.name, ratingText(p, system), changeText(p.change, system), String(p.rounds)]);
    const widths = [0, 1, 2, 3, 4].map((c) => columnWidth(rows.map((r) => r[c]!)));
    const how = system === 'elo'
      ? `Elo, K ${o.k}${o.perMatch ? ' per match' : ''}, per ${o.period}; ? = provisional (fewer than ${o.provisionalRounds} rounds)`
      : `openskill (mu - 3 sigma); ? = provisional (fewer than ${o.provisionalRounds} rounds)`;
    const lines = [`ratings after round ${ratings.rounds[ratings.rounds.length - 1]} (${how})`];
    for (const r of rows) {
      lines.push(`${padStartWidth(r[0]!, widths[0]!)} ${padEndWidth(r[1]!, widths[1]!)}  ${padStartWidth(r[2]!, widths[2]!)}  ${padStartWidth(r[3]!, widths[3]!)}  ${padStartWidth(r[4]!, widths[4]!)} round${r[4] === '1' ? '' : 's'}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
