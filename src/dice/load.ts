import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Die, parseDiceSet } from '../rules/dice.js';
import { PACKAGE_ROOT } from '../package-root.js';

const SETS_DIR = join(PACKAGE_ROOT, 'src', 'dice', 'sets');

export function diceSetNames(): string[] {
  return readdirSync(SETS_DIR).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
}

/** Loads a built-in dice set by name (en-4x4, en-5x5, fr-4x4, fr-5x5, de-5x5). */
export function loadDiceSet(name: string): Die[] {
  if (!diceSetNames().includes(name)) {
    throw new Error(`unknown dice set "${name}"; known: ${diceSetNames().join(', ')}`);
  }
  return parseDiceSet(readFileSync(join(SETS_DIR, `${name}.txt`), 'utf8'));
}
