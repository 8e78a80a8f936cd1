import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUMMARIES } from '../../src/cli/summaries.js';
import { runCli } from './run-cli.js';

const COMMANDS_DIR = fileURLToPath(new URL('../../src/cli/commands/', import.meta.url));

describe('postboggle --help without loading the commands', () => {
  it('lists every command with its own usage and description', async () => {
    const files = readdirSync(COMMANDS_DIR).filter((f) => f.endsWith('.ts'));
    expect(Object.keys(SUMMARIES).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
    for (const f of files) {
      const mod = await import(`../../src/cli/commands/${f}`) as Record<string, { command?: string; describe?: string }>;
      const c = Object.values(mod).find((v) => typeof v?.command === 'string')!;
      expect(SUMMARIES[f.replace(/\.ts$/, '')], f).toEqual([c.command, c.describe]);
    }
  });
  it('prints the list', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    for (const [, describe] of Object.values(SUMMARIES)) expect(r.stdout.replace(/\s+/g, ' ')).toContain(describe.slice(0, 30));
  });
});
