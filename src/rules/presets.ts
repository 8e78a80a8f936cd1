// Presets: the rules of each Boggle tradition postboggle grew from, as one name a GM can put
// in postboggle.yaml (rules.preset) or pass to `init --preset`. Any rules key set beside
// the preset overrides it. docs/presets.md lists them with their sources.
import type { Language } from './types.js';

export interface PresetRules {
  field: '4x4' | '5x5';
  /** Absent: the language's own set for the field (postspiel plays in every language). */
  dice?: string;
  joker: 'center' | 'random' | 'none';
  scheme: 'letters' | 'boggle' | 'oldfashion' | 'paroliere';
  originality: 'submitted' | 'counted' | 'off';
  uniqueOnly: boolean;
  minLength: number;
  wordsPerEntry: number;
  substitutesPerEntry: number;
  words: 'all' | 'oldfashion';
  noPlurals: boolean;
}

export interface Preset {
  name: string;
  /** The game's language when the settings name none. */
  language: Language;
  title: string;
  /** Where the rules come from. */
  source: string;
  rules: PresetRules;
}

const online = { joker: 'none', originality: 'off', uniqueOnly: false, wordsPerEntry: 0, substitutesPerEntry: 0, words: 'all', noPlurals: false } as const;

export const PRESETS: readonly Preset[] = [
  {
    name: 'postspiel', language: 'de', title: 'Boggle – ein Postspiel (default)',
    source: 'Andreas Pasing, 1998: 5x5 with a joker star, 7 words + 3 substitutes, a point a letter, originality point',
    rules: { field: '5x5', joker: 'center', scheme: 'letters', originality: 'submitted', uniqueOnly: false, minLength: 3, wordsPerEntry: 7, substitutesPerEntry: 3, words: 'all', noPlurals: false },
  },
  {
    name: 'bbaggle', language: 'fr', title: 'B@ggle',
    source: 'B@ggle rules: 4x4 French dice, words of 3 letters or more, 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11 points',
    rules: { ...online, field: '4x4', dice: 'fr-4x4', scheme: 'boggle', minLength: 3 },
  },
  {
    name: 'big-bbaggle', language: 'fr', title: 'Big B@ggle',
    source: 'B@ggle rules, Big B@ggle: 5x5 French dice, words of 4 letters or more, B@ggle points',
    rules: { ...online, field: '5x5', dice: 'fr-5x5', scheme: 'boggle', minLength: 4 },
  },
  {
    name: 'oldfashion', language: 'fr', title: 'B@ggle « Old Fashion »',
    source: 'B@ggle rules, Old Fashion rooms: no conjugations, feminines or plurals (verbs as infinitive and past participle), 8: 11 … 14+: 250 points',
    rules: { ...online, field: '4x4', dice: 'fr-4x4', scheme: 'oldfashion', minLength: 3, words: 'oldfashion' },
  },
  {
    name: 'paroliere', language: 'it', title: 'Paroliere (outer rooms)',
    source: 'Italian online Paroliere: 4x4, words of 4 letters or more, 4: 1 … 8: 8, +2 a letter up to 16 letters (24)',
    rules: { ...online, field: '4x4', dice: 'it-4x4', scheme: 'paroliere', minLength: 4 },
  },
  {
    name: 'paroliere-5', language: 'it', title: 'Paroliere (inner 4x4 room)',
    source: 'Italian online Paroliere, inner 4x4 room: words of 5 letters or more',
    rules: { ...online, field: '4x4', dice: 'it-4x4', scheme: 'paroliere', minLength: 5 },
  },
  {
    name: 'paroliere-6', language: 'it', title: 'Paroliere (inner 5x5 room)',
    source: 'Italian online Paroliere, inner 5x5 room: words of 6 letters or more',
    rules: { ...online, field: '5x5', dice: 'it-5x5', scheme: 'paroliere', minLength: 6 },
  },
  {
    name: 'boggle', language: 'en', title: 'Classic Boggle',
    source: 'Classic English Boggle: 4x4, words of 3 letters or more, 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11; a word two players found is struck off',
    rules: { ...online, field: '4x4', dice: 'en-4x4', scheme: 'boggle', minLength: 3, uniqueOnly: true },
  },
  {
    name: 'big-boggle', language: 'en', title: 'Big Boggle',
    source: 'Big Boggle (English, 5x5): words of 4 letters or more, Boggle points, a word two players found is struck off',
    rules: { ...online, field: '5x5', dice: 'en-5x5', scheme: 'boggle', minLength: 4, uniqueOnly: true },
  },
];

export const PRESET_NAMES = PRESETS.map((p) => p.name);

export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((p) => p.name === name);
}

/** Cells of a field: a word cannot be longer than this (a QU cell gives two letters, but a minimum above the cell count is surely a mistake). */
export function cellsOf(field: '4x4' | '5x5'): number {
  return field === '4x4' ? 16 : 25;
}
