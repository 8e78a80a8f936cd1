import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { resolveRound } from '../../game/rounds.js';
import { scoreAndSave } from '../../game/scoring.js';
import { describeReason } from '../reasons.js';

interface ScoreArgs {
  dir: string;
  round?: number;
  json: boolean;
  rejectPending: boolean;
  early: boolean;
}

export const scoreCommand = defineCommand<ScoreArgs>({
  command: 'score [round]',
  describe: 'judge and score a round, writing rounds/NNN/results.json (again after judge decisions)',
  builder: (y: Argv) =>
    y.positional('round', { type: 'string', coerce: roundArg, describe: 'round number (default: the latest)' })
      .option('json', { type: 'boolean', default: false, describe: 'print results.json' })
      .option('reject-pending', { type: 'boolean', default: false, describe: 'count words awaiting review as not in the dictionary' })
      .option('early', { type: 'boolean', default: false, describe: 'score (and so close) a round before its deadline' })
      .example('$0 score 3', 'score round 3 (fails while words await review)'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const round = resolveRound(game.layout, argv.round);
    const result = await withLock(game.layout, () => scoreAndSave(game, round, argv.rejectPending, argv.early));
    if (result.dictionaryChanged) process.stderr.write(`note: ${result.dictionaryChanged}\n`);
    if (argv.json) {
      const { dictionaryChanged: _, ...json } = result;
      process.stdout.write(JSON.stringify(json, null, 2) + '\n');
      return;
    }
    const lines = [`round ${result.round} scored: ${game.layout.results(result.round)}`];
    for (const p of result.players) {
      lines.push('', `${String(p.rank).padStart(2)}. ${p.name}  ${p.total} points (${p.letterPoints} + ${p.originalityPoints})  joker ${p.joker ?? '-'}${p.joker && !p.jokerDeclared ? ' (chosen)' : ''}`);
      for (const w of p.words) {
        const what = w.status === 'counted' ? `${w.points}${w.original ? ' +1' : ''}` : w.status === 'unused' ? 'unused' : describeReason(w);
        lines.push(`     ${w.role === 'main' ? `${w.index}.` : `E${w.index}`} ${(w.word ?? w.input).padEnd(16)} ${what}`);
      }
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
