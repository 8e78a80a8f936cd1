import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed package's folder: the nearest one up holding package.json (works from src/ and dist/src/). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('postboggle: cannot find its package folder');
    dir = up;
  }
  return dir;
}

export const PACKAGE_ROOT = findRoot();
