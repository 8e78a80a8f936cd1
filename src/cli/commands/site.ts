import { join, relative } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { buildSite } from '../../site/build.js';

interface SiteArgs {
  dir: string;
  out?: string;
}

export const siteCommand = defineCommand<SiteArgs>({
  command: 'site',
  describe: 'write the tournament site (ranking, ratings, a page per round and per player, CSV and JSON) as plain files to upload anywhere',
  builder: (y: Argv) =>
    y.option('out', { type: 'string', describe: 'folder for the site (default: site/ in the game directory; replaced on each run)' })
      .example('$0 site', 'write GAME/site/')
      .example('$0 site --out /var/www/boggle', 'write it where the web server serves it'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const r = await buildSite(game, argv.out ?? join(game.layout.dir, 'site'));
    process.stdout.write(`site written to ${relative(process.cwd(), r.dir) || '.'}/: ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB; largest page ${r.largestPage.file} (${Math.ceil(r.largestPage.bytes / 1024)} KB)\n`);
    if (!game.settings.site.url) process.stdout.write('set site.url in postboggle.yaml to the address where you publish it, so that newsletters link to it\n');
  },
});
