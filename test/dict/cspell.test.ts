// The frami word list of npm @cspell/dict-de-de, a German source: a sample of its trie file
// (the entries of a few words as the package has them, with their compounding, case and
// forbidding markers, written back in its TrieXv3 format by cspell-trie-lib), decoded and
// added to a small dictionary the way the German build does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCspell, readCspellWords } from '../../src/dict/build/cspell.js';
import { FormTable } from '../../src/dict/build/form-table.js';
import { tagsOf } from '../../src/rules/lemma.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const SAMPLE = join(PACKAGE_ROOT, 'test', 'fixtures', 'dict', 'cspell-de-sample.trie.gz');

function table(): FormTable {
  const t = new FormTable('de');
  // A small lexicon, as the other sources would leave it.
  for (const [form, tag] of [['Haus', 'base'], ['Hauses', 'infl'], ['Häuser', 'plural']] as const) t.add(form, 'Haus', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Kauz', 'base'], ['Kauzes', 'infl']] as const) t.add(form, 'Kauz', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Einsatz', 'base'], ['Einsätze', 'plural'], ['Einsätzen', 'plural']] as const) t.add(form, 'Einsatz', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Zapfen', 'base'], ['Zapfens', 'infl']] as const) t.add(form, 'Zapfen', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Fuchs', 'base'], ['Füchse', 'plural']] as const) t.add(form, 'Fuchs', 'N', [tag], 'lexicon');
  t.add('Peruaner', 'Peruaner', 'N', ['base'], 'lexicon');
  for (const form of ['wandern', 'wandert']) t.add(form, 'wandern', 'V', ['infl'], 'lexicon');
  for (const form of ['tun', 'tut']) t.add(form, 'tun', 'V', ['infl'], 'lexicon');
  for (const form of ['schrauben', 'schraubt']) t.add(form, 'schrauben', 'V', ['infl'], 'lexicon');
  return t;
}

function built(): FormTable {
  const t = table();
  const names = new Set(['Mühlhausen', 'Koblenz', 'Uno']);
  addCspell(t, { words: readCspellWords(SAMPLE) }, '@cspell/dict-de-de', (w) => names.has(w));
  return t;
}

const tags = (t: FormTable, form: string, lemma: string) => {
  const s = t.sensesOf(form).find((x) => x.key === lemma);
  return s ? tagsOf(t.tagsOf(form, s.id)) : undefined;
};

describe('the cspell trie as a dictionary source', () => {
  it('decodes the plain words only: no compounding parts, lower-case copies, forbidden or hyphenated entries', () => {
    const words = readCspellWords(SAMPLE).split('\n').filter(Boolean);
    for (const w of ['Gaube', 'Gauben', 'Füchsinnen', 'Drohneneinsätzen', 'knuddelt', 'wandre', 'heißa', 'Haus']) expect(words, w).toContain(w);
    // Tretauen and Lesetote exist only as parts of free compounds, Busgeld only as a forbidden
    // word, haus only as cspell's case-insensitive copy.
    for (const w of ['Tretauen', 'Lesetote', 'Busgeld', 'haus']) expect(words, w).not.toContain(w);
    expect(words.filter((w) => /[+~!-]/.test(w))).toEqual([]);
  });

  it('a missing or broken file fails with one line naming it', () => {
    expect(() => readCspellWords(join(PACKAGE_ROOT, 'no-such.trie.gz'))).toThrow(/dictionary source .*no-such\.trie\.gz cannot be read/);
  });

  it('a word new to the dictionary is a form of the lemma the rules derive, or its own lemma', () => {
    const t = built();
    // Regular inflection of a listed base, umlaut plurals of a known noun.
    expect(t.lemmasOf('Gaube')).toEqual(['Gaube']);
    expect(t.lemmasOf('Gauben')).toEqual(['Gaube']);
    expect(tags(t, 'Gauben', 'Gaube')).toEqual(['plural']);
    expect(t.lemmasOf('Hummeln')).toEqual(['Hummel']);
    expect(t.lemmasOf('Käuze')).toEqual(['Kauz']);
    expect(t.lemmasOf('Käuzen')).toEqual(['Kauz']);
    // Verbs: a known verb's forms the lexicon lacks, a new verb's forms, zu-infinitives.
    expect(t.lemmasOf('tue')).toEqual(['tun']);
    expect(t.lemmasOf('wandre')).toEqual(['wandern']);
    for (const form of ['knuddeln', 'knuddelt', 'knuddelte', 'geknuddelt']) expect(t.lemmasOf(form), form).toEqual(['knuddeln']);
    expect(t.lemmasOf('höherzuschrauben')).toEqual(['höherschrauben']);
    // A compound declines like its last part: its lemma is the compound.
    for (const form of ['Drohneneinsatz', 'Drohneneinsätze', 'Drohneneinsätzen']) expect(t.lemmasOf(form), form).toEqual(['Drohneneinsatz']);
    expect(tags(t, 'Drohneneinsätzen', 'Drohneneinsatz')).toEqual(['plural']);
    expect(t.lemmasOf('Eiszapfens')).toEqual(['Eiszapfen']);
    // Comparison belongs to the positive.
    expect(t.lemmasOf('krampfigster')).toEqual(['krampfig']);
    expect(tags(t, 'krampfigster', 'krampfig')).toEqual(['sup']);
    // Nothing to derive from: its own lemma.
    expect(t.lemmasOf('heißa')).toEqual(['heißa']);
    expect(t.lemmasOf('Emaille')).toEqual(['Emaille']);
  });

  it('derivation makes a new word, never a form of another lemma', () => {
    const t = built();
    expect(t.lemmasOf('Füchsin')).toEqual(['Füchsin']);
    expect(t.lemmasOf('Füchsinnen')).toEqual(['Füchsin']);
    expect(t.lemmasOf('Peruanerin')).toEqual(['Peruanerin']);
    expect(t.lemmasOf('Peruanerinnen')).toEqual(['Peruanerin']);
  });

  it('a word the other sources know keeps their lemmas; names, their genitives and inhabitants stay out', () => {
    const t = built();
    expect(t.lemmasOf('Haus')).toEqual(['Haus']);
    expect(t.sensesOf('Haus')).toHaveLength(1);
    for (const w of ['Mühlhausen', 'Mühlhausens', 'Koblenzerin', 'Uno', 'Tretauen', 'Busgeld']) expect(t.lemmasOf(w), w).toBeUndefined();
  });
});
