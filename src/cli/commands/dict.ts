import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { LANGUAGES } from '../common-options.js';
import { dictionaryContext } from '../dictionary-context.js';
import { foldWord } from '../../rules/fold.js';
import { POS_NAMES, tagsOf } from '../../rules/lemma.js';
import type { Language } from '../../rules/types.js';

interface DictShowArgs {
  dir: string;
  word: string[];
  lang?: Language | undefined;
  words?: string | undefined;
  json: boolean;
}

/** What `dict show --json` prints for each word (docs/json.md). */
export interface WordExplanation {
  input: string;
  /** The folded form, or null when the input is not a word (digits, hyphens…). */
  word: string | null;
  known: boolean;
  /** How the judge sees it: known, unknown (pending review in a game), rejected by the GM. */
  verdict: 'known' | 'unknown' | 'rejected' | 'not-a-word';
  lemmas: { lemma: string; pos: string; tags: string[]; sources: string[] }[];
  tags: string[];
  sources: string[];
}

export const dictCommand = defineCommand<DictShowArgs>({
  command: 'dict show <word..>',
  describe: 'explain words: folded form, known or not, lemmas with part of speech, tags and sources (with the game\'s house lists in a game directory)',
  builder: (y: Argv) =>
    y.positional('word', { type: 'string', array: true, demandOption: true })
      .option('lang', { choices: LANGUAGES, describe: 'dictionary language (default: the game\'s in a game directory, else de)' })
      .option('words', { type: 'string', describe: 'own word list instead of the built dictionary' })
      .option('json', { type: 'boolean', default: false, describe: 'machine-readable output' })
      .example('$0 dict show Flüsse gurrte besser', 'lemmas of three German words')
      .example('$0 dict show went --lang en --json', 'an English word as JSON'),
  handler: async (argv: DictShowArgs) => {
    const ctx = await dictionaryContext(argv);
    const { lexicon } = ctx;
    const explain = (input: string): WordExplanation => {
      const word = foldWord(input, ctx.language);
      const empty = { input, word, known: false, lemmas: [], tags: [], sources: [] };
      if (word === null) return { ...empty, verdict: 'not-a-word' };
      const verdict = ctx.verdict(word);
      if (verdict.kind !== 'known') return { ...empty, verdict: verdict.kind };
      const senses = lexicon.senses(word) ?? [];
      const sourceNames = (bits: number) => lexicon.sourceNames.filter((_, i) => bits & (1 << i));
      const lemmas = verdict.lemmas.map((lemma) => {
        const s = senses.find((x) => x.lemma === lemma);
        return { lemma, pos: s ? POS_NAMES[s.pos] : 'word', tags: s ? tagsOf(s.tags) : [], sources: s ? sourceNames(s.sources) : ['house lists (the game master)'] };
      });
      const union = (pick: (l: (typeof lemmas)[number]) => string[]) => [...new Set(lemmas.flatMap(pick))];
      return { input, word, known: true, verdict: 'known', lemmas, tags: union((l) => l.tags), sources: union((l) => l.sources) };
    };
    const out = argv.word.map(String).map(explain);
    if (argv.json) {
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
      return;
    }
    const where = ctx.gameDir ? `the game's dictionary (${ctx.language}, with its house lists)` : `the ${ctx.language} dictionary`;
    const lines = [`${where}: ${lexicon.identity.sources.join(', ')}; build ${lexicon.identity.hash}`];
    for (const e of out) {
      if (e.verdict === 'not-a-word') lines.push(`${e.input}: not a word (only letters count)`);
      else if (e.verdict === 'rejected') lines.push(`${e.input} (${e.word}): rejected by the game master`);
      else if (e.verdict === 'unknown') lines.push(`${e.input} (${e.word}): not in the dictionary${ctx.gameDir ? ' (would await review)' : ''}`);
      else {
        lines.push(`${e.input} (${e.word}): ${e.lemmas.length === 1 ? 'a form of' : `a form of ${e.lemmas.length} words:`}`);
        for (const l of e.lemmas) lines.push(`  ${l.lemma}${l.lemma.endsWith(`(${l.pos})`) ? '' : ` (${l.pos})`}${l.tags.length ? `: ${l.tags.join(', ')}` : ''}  [${l.sources.join(', ')}]`);
      }
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
});
