// The Ding word list (Debian trans-de-en), a source a GM may choose for German: read from
// a sample in its format, added to a small dictionary the way the German build does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDing, readDing } from '../../src/dict/build/ding.js';
import { FormTable } from '../../src/dict/build/form-table.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const SAMPLE = join(PACKAGE_ROOT, 'test', 'fixtures', 'dict', 'ding-sample.txt');

async function table() {
  const t = new FormTable('de');
  // A small lexicon: Haus and Tür declined, Katze with its plural, Klinik already known.
  for (const [form, tag] of [['Haus', 'base'], ['Hauses', 'infl'], ['Hause', 'infl'], ['Häuser', 'plural'], ['Häusern', 'plural']] as const) t.add(form, 'Haus', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Tür', 'base'], ['Türen', 'plural']] as const) t.add(form, 'Tür', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Katze', 'base'], ['Katzen', 'plural']] as const) t.add(form, 'Katze', 'N', [tag], 'lexicon');
  t.add('Klinik', 'Klinik', 'N', ['base'], 'lexicon');
  addDing(t, await readDing(SAMPLE), 'trans-de-en', (w) => w === 'Schwupp');
  return t;
}

describe('the Ding as a dictionary source', () => {
  it('reads single-word nouns with their plurals and interjections, not names, brands or phrases', async () => {
    const { nouns, interjections } = await readDing(SAMPLE);
    const byNoun = new Map(nouns.map((n) => [n.noun, n]));
    expect(byNoun.get('Krankenhaus')).toEqual({ noun: 'Krankenhaus', gender: 'n', plural: 'Krankenhäuser' });
    expect(byNoun.get('Klinik')?.plural).toBe('Kliniken');
    expect(byNoun.get('Emaille')).toEqual({ noun: 'Emaille', gender: 'f', plural: null });
    for (const no of ['Frankreich', 'Uno', 'Tür-zu-Tür-Verkauf']) expect(byNoun.has(no), no).toBe(false);
    expect(interjections.sort()).toEqual(['igitt', 'pfui']);
  });

  it('a compound declines like its last part; a word the other sources know is left to them', async () => {
    const t = await table();
    for (const form of ['Krankenhaus', 'Krankenhauses', 'Krankenhause', 'Krankenhäuser', 'Krankenhäusern']) expect(t.lemmasOf(form), form).toEqual(['Krankenhaus']);
    expect(t.lemmasOf('Haustüren')).toEqual(['Haustür']);
    expect(t.lemmasOf('Klinik')).toEqual(['Klinik']);
    expect(t.lemmasOf('Kliniken')).toBeUndefined(); // Klinik was known: the lexicon's paradigm stands
    expect(t.lemmasOf('Nachbarskatzen')).toEqual(['Nachbarskatze']);
  });

  it('a noun without a known last part gets what the Ding lists and the dative plural', async () => {
    const t = await table();
    expect(t.lemmasOf('Gaube')).toEqual(['Gaube']);
    expect(t.lemmasOf('Gauben')).toEqual(['Gaube']);
    expect(t.lemmasOf('Emaille')).toEqual(['Emaille']);
    expect(t.lemmasOf('Schwupp')).toBeUndefined(); // the build's skip list (names, stoplist) applies
    expect(t.sensesOf('igitt')).toEqual([expect.objectContaining({ pos: 'INTJ' })]);
  });
});

describe('choosing a system source', () => {
  it('is kept for later builds, names unknown sources, and a chosen source that is missing fails with one line naming its package', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { chooseSources, chosenSources, sourceVersion, SYSTEM_SOURCES } = await import('../../src/dict/build/system-sources.js');
    const dir = mkdtempSync(join(tmpdir(), 'pb-sources-'));
    expect(chosenSources(dir, 'de')).toEqual([]);
    chooseSources(dir, ['ding'], []);
    expect(chosenSources(dir, 'de').map((s) => s.name)).toEqual(['ding']);
    expect(chosenSources(dir, 'en')).toEqual([]);
    chooseSources(dir, [], ['ding']);
    expect(chosenSources(dir, 'de')).toEqual([]);
    expect(() => chooseSources(dir, ['frami'], [])).toThrow(/unknown dictionary source "frami" \(known: ding\)/);
    expect(() => sourceVersion({ ...SYSTEM_SOURCES[0]!, path: join(dir, 'no-such-file') })).toThrow(/missing: install the Debian package trans-de-en, or build without it/);
  });
});
