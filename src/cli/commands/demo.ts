import { relative } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { runDemo } from '../../game/demo.js';
import { describeResult } from './ingest.js';

interface DemoArgs {
  seed: string;
  out: string;
}

export const demoCommand = defineCommand<DemoArgs>({
  command: 'demo',
  describe: 'play a whole round on the built-in defaults: four computer players mail entries, postboggle judges them and writes the newsletter (no mail server)',
  builder: (y: Argv) =>
    y.option('seed', { type: 'string', default: 'demo', describe: 'seed for the field and the players' })
      .option('out', { type: 'string', default: 'postboggle-demo', describe: 'folder for the demo game (replaced on each run)' })
      .example('$0 demo --seed 7', 'a demo round on another field'),
  handler: async (argv) => {
    const { dir, text, results } = await runDemo(argv.out, argv.seed);
    process.stdout.write(text);
    const rel = relative(process.cwd(), dir) || '.';
    process.stdout.write(`\n---\nThe demo game is in ${rel}/:\n`);
    for (const r of results) process.stdout.write(`  ${describeResult(dir, r)}\n`);
    process.stdout.write(`  the players' mails:       ${rel}/mail/*.eml\n  receipts and newsletter:  ${rel}/rounds/001/outbox/\n  newsletter:               ${rel}/rounds/001/newsletter.txt and .html\n  results:                  ${rel}/rounds/001/results.json\nTry: npx postboggle round show --dir ${rel}\n`);
  },
});
