import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { rebuild } from '../../game/rebuild.js';

interface RebuildArgs {
  dir: string;
}

export const rebuildCommand = defineCommand<RebuildArgs>({
  command: 'rebuild',
  describe: 'read every stored raw mail again and rebuild the round journals, the ingest log and entries.json (after a full disk, a crash or a hand edit); sends nothing',
  builder: (y: Argv) => y.example('$0 rebuild --dir ~/boggle', 'rebuild the state from rounds/*/inbox, rounds/unrouted/inbox and rounds/quarantine'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const r = await withLock(game.layout, () => rebuild(game, stamp));
    const kinds = Object.entries(r.byKind).map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
    process.stdout.write(`read ${r.mails} stored mail(s) again: ${kinds}${r.damagedLines ? `; ${r.damagedLines} damaged journal line(s) skipped` : ''}\n`);
    for (const x of r.rounds) process.stdout.write(`round ${x.round}: ${x.after} entr${x.after === 1 ? 'y' : 'ies'} of record (before: ${x.before})\n`);
    process.stdout.write(`the old journals are kept as *.before-rebuild-${stamp}\n`);
  },
});
