import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The install builds only the German dictionary; English, French and Italian are built on
// first use. Tests of those languages would otherwise build them inside a test's time limit
// (Italian takes about a minute on 2 cores), so they are built here, before any test, in
// two processes side by side (Italian alone, the rest in the other; nothing to do when they
// are up to date).
export default async function setup(): Promise<void> {
  const script = fileURLToPath(new URL('../dist/scripts/build-dict.js', import.meta.url));
  const build = (langs: string[]) => new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...langs], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the ${langs.join(', ')} dictionaries failed (exit ${code})`))));
  });
  await Promise.all([build(['it']), build(['de', 'en', 'fr'])]);
}
