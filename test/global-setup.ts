import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The install builds only the German dictionary; English, French and Italian are built on
// first use. Tests of those languages would otherwise build them inside a test's time limit
// (Italian takes about a minute on 2 cores), so they are built once here, before any test,
// in a process of their own (nothing to do when they are up to date).
export default function setup(): void {
  const script = fileURLToPath(new URL('../dist/scripts/build-dict.js', import.meta.url));
  execFileSync(process.execPath, [script, 'de', 'en', 'fr', 'it'], { stdio: 'inherit' });
}
