import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the compiled CLI (npm test builds it first), as a GM would from the shell. */
export function runCli(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}): CliResult {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: opts.cwd, input: opts.input, encoding: 'utf8', env: { ...process.env, ...opts.env }, timeout: 120_000,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** As runCli, without blocking this process (for tests that serve something to the CLI themselves). */
export function runCliAsync(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += String(d); });
    child.stderr.on('data', (d) => { stderr += String(d); });
    child.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
  });
}
