import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { parseField, printField, formatField } from '../../rules/field.js';
import { bestEntry, countsByJoker, type FoundWord, solveField } from '../../rules/solver.js';
import { STAR } from '../../rules/types.js';
import { type DictionaryArgs, rulesFrom, withDictionaryOptions } from '../common-options.js';
import { dictionaryContext } from '../dictionary-context.js';

interface SolveArgs extends DictionaryArgs {
  field: string;
}

export const solveCommand = defineCommand<SolveArgs>({
  command: 'solve <field>',
  describe: 'all words of a field, the best joker letter and the best possible entry',
  builder: (y: Argv) =>
    withDictionaryOptions(y.positional('field', { type: 'string', demandOption: true, describe: 'field in text notation' }))
      .example('$0 solve FERNC/BSREO/EM*RU/NLIGK/ZALEW', 'solve the seed example field with the German dictionary'),
  handler: async (argv: SolveArgs) => {
    const field = parseField(argv.field);
    const dictionary = await dictionaryContext(argv);
    const rules = rulesFrom(dictionary.rules, argv);
    const found = solveField(field, dictionary.lexicon, rules.minLength, { verdict: dictionary.verdict, accepted: dictionary.house.accept.keys() });
    const best = bestEntry(field, found, rules.scheme, rules.wordsPerEntry);
    const hasStar = field.cells.includes(STAR);
    const byJoker = hasStar ? countsByJoker(found) : {};
    if (argv.json) {
      const out = {
        field: formatField(field),
        wordCount: found.length,
        plainCount: found.filter((w) => w.plain).length,
        words: found.map((w) => ({ word: w.word, lemmas: w.lemmas, plain: w.plain, jokerLetters: w.letters })),
        wordsByJoker: hasStar ? byJoker : null,
        bestEntry: best,
      };
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
      return;
    }
    const lines = [printField(field), ''];
    lines.push(`${found.length} words of ${rules.minLength}+ letters, ${found.filter((w) => w.plain).length} of them without the joker`);
    if (hasStar) {
      const top = Object.entries(byJoker).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).slice(0, 8);
      lines.push(`words by joker letter: ${top.map(([l, n]) => `${l} ${n}`).join(', ')}`);
    }
    lines.push('', `best possible entry${best.joker ? ` (joker ${best.joker})` : ''}: ${best.points} points (${rules.scheme})`);
    best.words.forEach((w, i) => lines.push(`  ${i + 1}. ${w.word.padEnd(16)} ${String(w.points).padStart(3)}  (${w.lemma})`));
    lines.push('', 'all words (longest first; [letters] = joker letters the word needs):');
    // The solver gives the words sorted: grouped by length, each group keeps that order.
    const byLength: FoundWord[][] = [];
    for (const w of found) (byLength[w.word.length] ??= []).push(w);
    for (let n = byLength.length - 1; n >= 0; n--) for (const w of byLength[n] ?? []) lines.push(`  ${w.word}${w.plain ? '' : ` [${w.letters.join('')}]`}`);
    process.stdout.write(lines.join('\n') + '\n');
  },
});
