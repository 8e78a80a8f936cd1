import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The install builds only the German dictionary; English, French and Italian are built on
// first use. Tests of those languages would otherwise build them inside a test's time limit
// (Italian takes about a minute on 2 cores), so they are built here, before any test, in
// two processes side by side (Italian alone, the rest in the other; nothing to do when they
// are up to date).
//
// Every test makes its games under os.tmpdir(); the run gets a directory of its own there
// (TMPDIR, inherited by the test workers and every process they start) that is removed when
// the run ends, so a run leaves nothing behind (the fuzz test alone writes ~0.8 GB).
export default async function setup(): Promise<() => void> {
  const runDir = mkdtempSync(join(tmpdir(), 'pb-tests-'));
  chmodSync(runDir, 0o755); // the mail servers' own users (postfix, dovecot) pass through it
  process.env.TMPDIR = runDir;
  const script = fileURLToPath(new URL('../dist/scripts/build-dict.js', import.meta.url));
  const build = (langs: string[]) => new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...langs], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the ${langs.join(', ')} dictionaries failed (exit ${code})`))));
  });
  await Promise.all([build(['it']), build(['de', 'en', 'fr'])]);
  return () => {
    try {
      rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    } catch (e) {
      console.warn(`could not remove the run's temporary directory ${runDir}: ${(e as Error).message}`);
    }
  };
}
