import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('postboggle demo', () => {
  it('plays a whole round with four computer players, the strongest winning with the best entry', () => {
    const r = runCli(['demo', '--seed', 'test']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\s+A\s+B\s+C\s+D\s+E$/m);
    const table = r.stdout.split('round table\n')[1]!.split('\n\n')[0]!.trim().split('\n');
    expect(table).toHaveLength(4);
    expect(table[0]).toMatch(/1\. Computer 4/);
    const best = Number(/best possible entry \(joker \w\): (\d+) points/.exec(r.stdout)![1]);
    const c4 = Number(/Computer 4 .* (\d+) points \((\d+) \+/.exec(r.stdout)![2]);
    expect(c4).toBe(best);
  });
  it('is reproducible for a seed', () => {
    expect(runCli(['demo', '--seed', 'x']).stdout).toBe(runCli(['demo', '--seed', 'x']).stdout);
  });
});
