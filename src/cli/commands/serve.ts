import { join } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { buildSite } from '../../site/build.js';
import { serveSite } from '../../site/serve.js';

interface ServeArgs {
  dir: string;
  out?: string;
  port: number;
  host: string;
}

export const serveCommand = defineCommand<ServeArgs>({
  command: 'serve',
  describe: 'write the tournament site and show it on a local web server (Ctrl-C stops it)',
  builder: (y: Argv) =>
    y.option('out', { type: 'string', describe: 'folder for the site (default: site/ in the game directory)' })
      .option('port', { type: 'number', default: 8080, describe: 'TCP port (0: any free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (127.0.0.1: this machine only)' })
      .example('$0 serve --port 8000', 'then open http://127.0.0.1:8000/'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const site = await buildSite(game, argv.out ?? join(game.layout.dir, 'site'));
    const server = await serveSite(site.dir, argv.port, argv.host);
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : argv.port;
    process.stdout.write(`serving ${site.dir} at http://${argv.host.includes(':') ? `[${argv.host}]` : argv.host}:${port}/ (Ctrl-C stops)\n`);
    await new Promise<void>((done) => {
      const stop = () => server.close(() => done());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
});
