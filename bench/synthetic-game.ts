import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGame, type Game } from '../src/game/game.js';
import { SETTINGS_TEMPLATE } from '../src/game/init-template.js';
import { writeJson } from '../src/game/json-files.js';
import { writeEntries, writeRound, type RoundRecord, type StoredEntry } from '../src/game/rounds.js';
import { parseField } from '../src/rules/field.js';
import { seededRng } from '../src/rules/rng.js';
import { scoreRound } from '../src/rules/round-scoring.js';
import { solveField } from '../src/rules/solver.js';
import { PACKAGE_ROOT } from '../src/package-root.js';

export const SEED_FIELD = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';
const SEED_WORDS = join(PACKAGE_ROOT, 'test', 'fixtures', 'seed-words.txt');

// Used by the tests and by `npm run bench`.
// A game of any size, written straight to disk (no mail): N players, R scored rounds on the
// seed field with the seed word list, entries drawn from the field's words plus junk.
// Names include the hostile and the awkward: HTML, a very long name, combining marks, CJK.

export const AWKWARD_NAMES = [
  '<b>Bold</b> & <script>x()</script>',
  'Maximiliane-Wilhelmine-Konstanze-Friederike-Alexandra-von-und-zu-Hohenzollern-Sigmaringen-Donnersm',
  'Zoe\u0308 U\u0308nlu\u0308',
  '山田太郎',
  'A',
];

export interface SyntheticOptions {
  players: number;
  rounds?: number;
  /** Players with an entry in each round (default: all). */
  entrants?: (round: number, i: number) => boolean;
  siteUrl?: string;
  lang?: 'de' | 'en';
  extraSettings?: string;
  /** 'words' (default): the seed word list as the game's own dictionary; 'built': the built one. */
  dictionary?: 'words' | 'built';
}

export async function syntheticGame(o: SyntheticOptions): Promise<{ dir: string; game: Game }> {
  const dir = join(mkdtempSync(join(tmpdir(), 'pb-synth-')), 'game');
  mkdirSync(dir, { recursive: true });
  copyFileSync(SEED_WORDS, join(dir, 'words.txt'));
  const names = Array.from({ length: o.players }, (_, i) => (i < AWKWARD_NAMES.length && o.players > 1 ? AWKWARD_NAMES[i]! : `Player ${i + 1}`));
  const players = names.map((name, i) => `  - { email: "p${i + 1}@example.test", name: ${JSON.stringify(name)} }`).join('\n');
  let settings = SETTINGS_TEMPLATE.replace(/\{\{name\}\}/g, 'Synthetic Boggle').replace('{{language}}', o.lang ?? 'de')
    .replace('dictionary: {}', o.dictionary === 'built' ? 'dictionary: {}' : 'dictionary: { file: words.txt }')
    .replace('players: []', o.players ? `players:\n${players}` : 'players: []');
  if (o.siteUrl) settings = settings.replace('site: {}', `site: { url: "${o.siteUrl}" }`);
  if (o.extraSettings) settings += `\n${o.extraSettings}\n`;
  writeFileSync(join(dir, 'postboggle.yaml'), settings);
  const game = openGame(dir);
  const field = parseField(SEED_FIELD);
  const found = solveField(field, await game.lexicon(), 3).map((w) => w.word.toLowerCase().replace(/ae/g, 'ä'));
  const pool = [...found, 'xyzzy', 'ab', 'Haus-Tür', 'Wolke'];
  const rounds = o.rounds ?? 1;
  for (let r = 1; r <= rounds; r++) {
    const record: RoundRecord = {
      round: r, field: SEED_FIELD, seed: null, dice: null,
      opens: `2026-0${1 + (r % 9)}-01T10:00:00.000+01:00`, deadline: `2026-0${1 + (r % 9)}-0${1 + (r % 7)}T18:00:00.000+01:00`, state: 'scored',
    };
    writeRound(game.layout, record);
    const rng = seededRng(`synthetic/${r}`);
    const pick = () => pool[Math.floor(rng() * pool.length)]!;
    const entries: StoredEntry[] = [];
    names.forEach((name, i) => {
      if (o.entrants && !o.entrants(r, i)) return;
      entries.push({
        email: `p${i + 1}@example.test`, name, main: Array.from({ length: 7 }, pick), substitutes: Array.from({ length: 3 }, pick),
        joker: i % 3 === 0 ? 'A' : null, receivedAt: record.opens, messageId: `<${r}.${i}@example.test>`, source: '', replaced: [],
      });
    });
    writeEntries(game.layout, { round: r, entries });
    const result = scoreRound(r, entries.map((e) => ({ email: e.email, name: e.name, entry: e })), await game.judgeContext(record, true));
    writeJson(game.layout.results(r), result);
  }
  return { dir, game: openGame(dir) };
}
