import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { cellName, parseField, printField, formatField } from '../../rules/field.js';
import { findPath } from '../../rules/paths.js';
import { scoreRound } from '../../rules/round-scoring.js';
import { type DictionaryArgs, rulesFrom, withDictionaryOptions } from '../common-options.js';
import { dictionaryContext } from '../dictionary-context.js';
import { UserError } from '../../user-error.js';
import { describeReason } from '../reasons.js';

interface CheckArgs extends DictionaryArgs {
  field: string;
  word: string[];
  joker?: string | undefined;
}

export const checkCommand = defineCommand<CheckArgs>({
  command: 'check <field> <word..>',
  describe: 'how each word would be judged on a field (taken together as one entry, in order)',
  builder: (y: Argv) =>
    withDictionaryOptions(
      y.positional('field', { type: 'string', demandOption: true, describe: 'field in text notation' })
        .positional('word', { type: 'string', array: true, demandOption: true, describe: 'words, in entry order' }),
    )
      .option('joker', { type: 'string', describe: 'declared joker letter (default: the best one for these words)' })
      .example('$0 check FERNC/BSREO/EM*RU/NLIGK/ZALEW gurren Gras Emaille --joker A', 'judge three words with joker A'),
  handler: async (argv: CheckArgs) => {
    const field = parseField(argv.field);
    const dictionary = await dictionaryContext(argv);
    const rules = { ...rulesFrom(dictionary.rules, argv), wordsPerEntry: 0 };
    let joker: string | null = null;
    if (argv.joker !== undefined) {
      joker = argv.joker.trim().toUpperCase();
      if (!/^[A-Z]$/.test(joker)) throw new UserError(`--joker takes one letter A–Z, not "${argv.joker}"`);
    }
    const verdict = dictionary.verdict;
    const entry = { main: argv.word.map(String), substitutes: [], joker };
    const result = scoreRound(0, [{ email: 'check@localhost', name: 'check', entry }], { field, rules: { ...rules, originality: 'off' }, verdict });
    const player = result.players[0]!;
    const words = player.words.map((w) => {
      const path = w.word && w.status !== 'rejected' ? findPath(field, w.word, player.joker) : null;
      return { ...w, path: path ? path.map((i) => cellName(field, i)) : undefined };
    });
    if (argv.json) {
      process.stdout.write(JSON.stringify({ field: formatField(field), joker: player.joker, jokerDeclared: player.jokerDeclared, words, points: player.total }, null, 2) + '\n');
      return;
    }
    const lines = [printField(field), '', `joker: ${player.joker ?? '-'}${player.joker && !player.jokerDeclared ? ' (best for these words)' : ''}`];
    for (const w of words) {
      const what = w.status === 'counted' ? `counted, ${w.points} points` : w.status === 'unused' ? 'unused' : `rejected: ${describeReason(w)}`;
      const extra = [w.lemmas ? `lemma ${w.lemmas.join(' / ')}` : '', w.path ? `path ${w.path.join('-')}` : ''].filter(Boolean).join('; ');
      lines.push(`  ${(w.word ?? w.input).padEnd(16)} ${what}${extra ? `  (${extra})` : ''}`);
    }
    lines.push(`total: ${player.total} points (${rules.scheme})`);
    process.stdout.write(lines.join('\n') + '\n');
  },
});
