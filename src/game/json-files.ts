import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeFileVerified } from '../store/verified-write.js';
import { UserError } from '../user-error.js';

/** Writes JSON atomically (temp file, fsync, rename): a crash leaves the old or the new file, never half. */
export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileVerified(path, JSON.stringify(value, null, 2) + '\n');
}

export function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
}

export function readJsonIfExists<T>(path: string): T | undefined {
  return existsSync(path) ? readJson<T>(path) : undefined;
}
