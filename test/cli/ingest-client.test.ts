import { describe, expect, it } from 'vitest';
import { plainIngestArgs } from '../../src/cli/ingest-client.js';

// The fast path of `postboggle ingest` (handing the mail to a running watch) decides from
// the command line alone; whatever it does not take goes through yargs, as every command.
describe('plainIngestArgs', () => {
  it('takes the plain forms, --dir and --received-at as yargs reads them', () => {
    expect(plainIngestArgs(['ingest'])).toEqual({ dir: '.', receivedAt: null });
    expect(plainIngestArgs(['ingest', '--dir', 'g'])).toEqual({ dir: 'g', receivedAt: null });
    expect(plainIngestArgs(['--dir=g', 'ingest'])).toEqual({ dir: 'g', receivedAt: null });
    expect(plainIngestArgs(['ingest', '--dir', 'g', '--received-at', '2026-11-29T17:55'])).toEqual({ dir: 'g', receivedAt: '2026-11-29T17:55' });
  });

  it('leaves everything else to the full CLI', () => {
    for (const args of [[], ['ingest', '--help'], ['ingest', '-h'], ['ingest', '--eml', 'x.eml'], ['ingest', '--imap'], ['ingest', 'extra'],
      ['ingest', '--dir'], ['ingest', '--dir='], ['ingest', '--dir', '--imap'], ['ingest', 'ingest'], ['solve', 'ingest'],
      ['ingest', '--dir', 'a', '--dir', 'b'], ['ingest', '--received-at', 'x', '--receivedAt', 'y'], ['ingest', '--version']]) {
      expect(plainIngestArgs(args), args.join(' ')).toBeNull();
    }
  });
});
