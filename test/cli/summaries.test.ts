import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUMMARIES } from '../../src/cli/summaries.js';
import { runCli } from './run-cli.js';

const COMMANDS_DIR = fileURLToPath(new URL('../../src/cli/commands/', import.meta.url));

describe('postboggle --help without loading the commands', () => {
  it('lists every command with its own usage and description', async () => {
    // Every command of every module (pause.ts holds pause and resume): a command without a
    // summary would be loaded, with all it imports, by every --help.
    const files = readdirSync(COMMANDS_DIR).filter((f) => f.endsWith('.ts'));
    const names: string[] = [];
    for (const f of files) {
      const mod = await import(`../../src/cli/commands/${f}`) as Record<string, { command?: string; describe?: string }>;
      for (const c of Object.values(mod).filter((v) => typeof v?.command === 'string')) {
        const name = c.command!.split(' ')[0]!;
        names.push(name);
        expect(SUMMARIES[name], `${f}: ${name}`).toEqual([c.command, c.describe]);
      }
    }
    expect(Object.keys(SUMMARIES).sort()).toEqual(names.sort());
  });
  it('prints the list', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    for (const [, describe] of Object.values(SUMMARIES)) expect(r.stdout.replace(/\s+/g, ' ')).toContain(describe.slice(0, 30));
  });
});
