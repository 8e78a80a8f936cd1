import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFileVerified } from '../store/verified-write.js';
import type { HouseLists } from '../rules/adjudication.js';
import { compareCodeUnits } from '../rules/lexicon.js';

// The GM's adjudications, kept in the game directory for every later round (SPEC 4):
//   dict/house-accept.txt   WORD or WORD<TAB>lemma[,lemma…]   (folded words)
//   dict/house-reject.txt   WORD

const files = (gameDir: string) => ({
  dir: join(gameDir, 'dict'),
  accept: join(gameDir, 'dict', 'house-accept.txt'),
  reject: join(gameDir, 'dict', 'house-reject.txt'),
});

const HEADER = {
  accept: '# Words the game master accepted (postboggle judge accept). WORD or WORD<TAB>lemma[,lemma...]\n',
  reject: '# Words the game master rejected (postboggle judge reject).\n',
};

const lines = (path: string) =>
  existsSync(path) ? readFileSync(path, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];

export function readHouseLists(gameDir: string): { accept: Map<string, string[]>; reject: Set<string> } {
  const f = files(gameDir);
  const accept = new Map<string, string[]>();
  for (const line of lines(f.accept)) {
    const [word = '', lemmas] = line.split('\t');
    accept.set(word.toUpperCase(), lemmas ? lemmas.split(',').map((l) => l.trim()).filter(Boolean) : []);
  }
  return { accept, reject: new Set(lines(f.reject).map((w) => w.toUpperCase())) };
}

export function writeHouseLists(gameDir: string, house: HouseLists): void {
  const f = files(gameDir);
  mkdirSync(f.dir, { recursive: true });
  const accept = [...house.accept.entries()].sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([w, l]) => (l.length ? `${w}\t${l.join(',')}` : w));
  writeFileVerified(f.accept, HEADER.accept + accept.map((l) => l + '\n').join(''));
  writeFileVerified(f.reject, HEADER.reject + [...house.reject].sort(compareCodeUnits).map((w) => w + '\n').join(''));
}

/** A short hash of the house lists' content ('' when there are none): part of a verdict's identity. */
export function houseListsHash(house: HouseLists): string {
  if (house.accept.size === 0 && house.reject.size === 0) return '';
  const accept = [...house.accept.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([w, l]) => `${w}\t${l.join(',')}`);
  // node:crypto (several ms to load) only for a game that has house lists: `review` and the
  // word commands read the lists of every game.
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(accept.join('\n')).update('\0').update([...house.reject].sort(compareCodeUnits).join('\n')).digest('hex').slice(0, 12);
}
