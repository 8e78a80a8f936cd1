import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheSettings, loadSettings, SETTINGS_CACHE } from '../../src/game/settings-cache.js';
import { parseSettings } from '../../src/game/settings.js';

const yamlOf = (players: { email: string; name: string; code?: string }[], extra = '') =>
  `name: Cache test\nlanguage: en\n${extra}players:\n${players.map((p) => `  - ${JSON.stringify(p)}`).join('\n')}\n`;

function gameWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-settings-cache-'));
  writeFileSync(join(dir, 'postboggle.yaml'), text);
  return dir;
}

describe('the settings cache beside postboggle.yaml', () => {
  it('gives exactly what parsing the YAML gives, from the cache once written', () => {
    const text = yamlOf([{ email: 'a@example.test', name: 'Änne' }, { email: 'b@example.test', name: 'B', code: 'x1' }], 'rules:\n  minLength: 4\n');
    const dir = gameWith(text);
    const path = join(dir, 'postboggle.yaml');
    const first = loadSettings(path);
    expect(first).toEqual(parseSettings(text));
    expect(existsSync(join(dir, SETTINGS_CACHE))).toBe(true);
    expect(loadSettings(path)).toEqual(first);
  });

  it('is rebuilt when the YAML changes, even to the same size', () => {
    const dir = gameWith(yamlOf([{ email: 'a@example.test', name: 'Anna' }]));
    const path = join(dir, 'postboggle.yaml');
    expect(loadSettings(path).players[0]!.name).toBe('Anna');
    writeFileSync(path, yamlOf([{ email: 'a@example.test', name: 'Anne' }]));
    expect(loadSettings(path).players[0]!.name).toBe('Anne');
    writeFileSync(path, yamlOf([{ email: 'a@example.test', name: 'Anne' }, { email: 'c@example.test', name: 'C' }]));
    expect(loadSettings(path).players.map((p) => p.email)).toEqual(['a@example.test', 'c@example.test']);
  });

  it('trusts the file identity only for a YAML untouched since well before the cache; a rewrite with the old size and time is seen', () => {
    const path = join(gameWith(yamlOf([{ email: 'a@example.test', name: 'Anna' }])), 'postboggle.yaml');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(path, old, old);
    expect(loadSettings(path).players[0]!.name).toBe('Anna');
    // Same bytes' identity: the cache is used as it is (a marked cache shows it).
    const cachePath = join(dirname(path), SETTINGS_CACHE);
    const [head, ...columns] = readFileSync(cachePath, 'utf8').split('\n');
    const cache = JSON.parse(head!);
    writeFileSync(cachePath, [JSON.stringify({ ...cache, settings: { ...cache.settings, name: 'from the cache' } }), ...columns].join('\n'));
    expect(loadSettings(path).name).toBe('from the cache');
    // Rewritten to the same size, its modification time put back: the change time differs.
    writeFileSync(path, yamlOf([{ email: 'a@example.test', name: 'Anne' }]));
    utimesSync(path, old, old);
    const s = loadSettings(path);
    expect([s.name, s.players[0]!.name]).toEqual(['Cache test', 'Anne']);
  });

  it('settings recorded by the command that wrote them are served as written', () => {
    const dir = gameWith(yamlOf([{ email: 'a@example.test', name: 'Anna' }]));
    const path = join(dir, 'postboggle.yaml');
    const text = yamlOf([{ email: 'a@example.test', name: 'Anna' }, { email: 'b@example.test', name: 'Bert' }]);
    writeFileSync(path, text);
    cacheSettings(path, text, parseSettings(text, path));
    expect(loadSettings(path)).toEqual(parseSettings(text, path));
    writeFileSync(path, yamlOf([{ email: 'c@example.test', name: 'Cleo' }])); // and a later edit is still seen
    expect(loadSettings(path).players.map((p) => p.name)).toEqual(['Cleo']);
  });

  it('never serves invalid settings: a broken YAML fails each time with its message', () => {
    const dir = gameWith(yamlOf([{ email: 'a@example.test', name: 'A' }]));
    const path = join(dir, 'postboggle.yaml');
    loadSettings(path);
    writeFileSync(path, 'language: klingon\n');
    expect(() => loadSettings(path)).toThrow(/language: Invalid option/);
    expect(() => loadSettings(path)).toThrow(/language: Invalid option/);
  });

  it('treats a damaged or foreign cache file as a miss', () => {
    const text = yamlOf([{ email: 'a@example.test', name: 'A' }]);
    const dir = gameWith(text);
    const path = join(dir, 'postboggle.yaml');
    loadSettings(path);
    for (const junk of ['', '{"key":', '{"key":"0","settings":{},"players":[]}', 'null', '[]', `${readFileSync(join(dir, SETTINGS_CACHE), 'utf8').split('\n')[0]}\nx\u001ey`]) {
      writeFileSync(join(dir, SETTINGS_CACHE), junk);
      expect(loadSettings(path)).toEqual(parseSettings(text));
    }
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_CACHE), 'utf8').split('\n')[0]!).key).toMatch(/^[0-9a-f]{40}:[0-9a-f]{40}$/);
  });

  it('keeps any players, codes and names with newlines or separators included (property)', () => {
    const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0);
    const player = fc.record({ email: fc.emailAddress(), name, code: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }) });
    fc.assert(fc.property(fc.array(player, { maxLength: 8 }), (players) => {
      const list = players.map((p) => (p.code === undefined ? { email: p.email, name: p.name } : p));
      const text = yamlOf(list);
      let expected;
      try {
        expected = parseSettings(text);
      } catch {
        return; // not valid settings (an address zod refuses): nothing to cache
      }
      const path = join(gameWith(text), 'postboggle.yaml');
      expect(loadSettings(path)).toEqual(expected);
      expect(loadSettings(path)).toEqual(expected);
    }), { numRuns: 60 });
  });
});
