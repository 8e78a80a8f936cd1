import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { PRESETS } from '../../rules/presets.js';

interface PresetsArgs {
  json: boolean;
}

export const presetsCommand = defineCommand<PresetsArgs>({
  command: 'presets',
  describe: 'the rules presets (rules.preset, init --preset): each Boggle tradition with its field, points and minimum length',
  builder: (y: Argv) =>
    y.option('json', { type: 'boolean', default: false })
      .example('$0 presets', 'the presets as a table')
      .example('$0 init --preset oldfashion', 'start a game with one of them'),
  handler: (argv) => {
    if (argv.json) {
      process.stdout.write(JSON.stringify({ presets: PRESETS }, null, 2) + '\n');
      return;
    }
    const lines: string[] = [];
    for (const p of PRESETS) {
      const r = p.rules;
      const words = r.wordsPerEntry === 0 ? 'unlimited words' : `${r.wordsPerEntry} words + ${r.substitutesPerEntry} substitutes`;
      const extras = [
        r.joker !== 'none' ? `joker ${r.joker}` : 'no joker',
        r.originality !== 'off' ? `originality ${r.originality}` : null,
        r.uniqueOnly ? 'shared words score 0' : null,
        r.words !== 'all' ? `words ${r.words}` : null,
        r.noPlurals ? 'no plurals' : null,
      ].filter(Boolean).join(', ');
      lines.push(`${p.name.padEnd(12)} ${p.title}`);
      lines.push(`${''.padEnd(12)} ${p.language}, ${r.field}${r.dice ? ` (${r.dice})` : ''}, min ${r.minLength} letters, scheme ${r.scheme}, ${words}, ${extras}`);
      lines.push(`${''.padEnd(12)} ${p.source}`);
    }
    lines.push('', 'Set rules.preset in postboggle.yaml (or init --preset NAME); any rules key set beside it overrides it.');
    process.stdout.write(lines.join('\n') + '\n');
  },
});
