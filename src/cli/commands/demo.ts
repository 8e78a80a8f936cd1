import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { loadDiceSet } from '../../dice/load.js';
import { loadDictionary } from '../../dict/resolve.js';
import { makeVerdict } from '../../rules/adjudication.js';
import { computerEntry } from '../../rules/computer-player.js';
import { rollField } from '../../rules/dice.js';
import { printField } from '../../rules/field.js';
import { seededRng } from '../../rules/rng.js';
import { type PlayerEntry, scoreRound } from '../../rules/round-scoring.js';
import { bestEntry, solveField } from '../../rules/solver.js';
import { DEFAULT_RULES } from '../../rules/types.js';
import { describeReason } from '../reasons.js';

interface DemoArgs {
  seed: string;
}

/** A whole round on built-in defaults: a rolled field, four computer players, the judged results. */
export const demoCommand = defineCommand<DemoArgs>({
  command: 'demo',
  describe: 'play a whole round with four computer players on the built-in defaults (no mail server)',
  builder: (y: Argv) =>
    y.option('seed', { type: 'string', default: 'demo', describe: 'seed for the field and the players' })
      .example('$0 demo --seed 7', 'a demo round on another field'),
  handler: async (argv: DemoArgs) => {
    const rules = DEFAULT_RULES;
    const lexicon = await loadDictionary(rules.language);
    const field = rollField(loadDiceSet('de-5x5'), argv.seed);
    const found = solveField(field, lexicon, rules.minLength);
    const rng = seededRng(`${argv.seed}/players`);
    const players: PlayerEntry[] = ([1, 2, 3, 4] as const).map((level) => ({
      email: `computer${level}@postboggle.invalid`, name: `Computer ${level}`, entry: computerEntry(level, found, rng),
    }));
    const result = scoreRound(1, players, { field, rules, verdict: makeVerdict(lexicon) });
    const best = bestEntry(field, found, rules.scheme, rules.wordsPerEntry);
    const out = [`postboggle demo: round 1, seed "${argv.seed}"`, '', printField(field), ''];
    for (const p of result.players) {
      out.push(`${p.name}  joker ${p.joker ?? '-'}${p.jokerDeclared ? ' (declared)' : ''}  ${p.total} points (${p.letterPoints} + ${p.originalityPoints} originality)`);
      for (const w of p.words) {
        const what = w.status === 'counted' ? `${w.points}${w.original ? ' +1 original' : ''}` : w.status === 'unused' ? 'unused' : describeReason(w);
        out.push(`   ${w.role === 'main' ? `${w.index}.` : `E${w.index}`} ${(w.word ?? w.input).padEnd(14)} ${what}`);
      }
    }
    out.push('', 'round table');
    for (const p of result.players) out.push(`  ${String(p.rank).padStart(2)}. ${p.name.padEnd(12)} ${String(p.total).padStart(4)}`);
    out.push('', `the computer found ${found.length} words; best possible entry (joker ${best.joker ?? '-'}): ${best.points} points`);
    out.push(`  ${best.words.map((w) => w.word).join(', ')}`);
    process.stdout.write(out.join('\n') + '\n');
  },
});
