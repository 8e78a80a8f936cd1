// The frami word list of npm @cspell/dict-de-de, a German source: a sample of its trie file
// (the entries of a few words as the package has them, with their compounding, case and
// forbidding markers, written back in its TrieXv3 format by cspell-trie-lib), decoded and
// added to a small dictionary the way the German build does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCspell, cspellCandidates, readCspellWords } from '../../src/dict/build/cspell.js';
import { FormTable } from '../../src/dict/build/form-table.js';
import { type FormTag, type PartOfSpeech, tagsOf } from '../../src/rules/lemma.js';
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

  it('a word it writes capitalised, whose spelling the others know as another word only, is also a noun, unless the capital nominalises', () => {
    const t = new FormTable('de');
    const add = (lemma: string, pos: PartOfSpeech, forms: [string, FormTag[]][]) => { for (const [f, tags] of forms) t.add(f, lemma, pos, tags, 'lexicon'); };
    add('muffen', 'V', [['muffen', ['base', 'inf']], ['muff', ['infl']]]);
    add('wild', 'ADJ', [['wild', ['base']], ['wilde', ['infl']]]);
    add('lügen', 'V', [['lügen', ['base', 'inf']], ['logen', ['infl']]]);
    add('Loge', 'N', [['Loge', ['base']]]);
    add('lotsen', 'V', [['lotsen', ['base', 'inf']], ['lots', ['infl']]]);
    add('Lot', 'N', [['Lot', ['base']], ['Lote', ['plural']]]);
    add('knacksen', 'V', [['knacksen', ['base', 'inf']], ['knacks', ['infl']]]);
    add('greis', 'ADJ', [['greis', ['base']], ['greise', ['infl']]]);
    add('Eis', 'N', [['Eis', ['base']]]);
    add('Ei', 'N', [['Ei', ['base']], ['Eis', ['infl']]]);
    add('abbauen', 'V', [['abbauen', ['base', 'inf']], ['abbauens', ['infl']]]);
    add('fangen', 'V', [['fangen', ['base', 'inf']], ['gefangen', ['pp']], ['gefangene', ['infl']]]);
    add('neureich', 'ADJ', [['neureich', ['base']], ['neureiche', ['infl']]]);
    add('fort', 'ADV', [['fort', ['base']]]);
    const words = ['Muff', 'Muffs', 'Wild', 'Logen', 'Lots', 'Knacks', 'Greis', 'Abbauen', 'Abbauens', 'Gefangene', 'Neureiche', 'forte', 'Fort'];
    addCspell(t, { candidates: cspellCandidates(`${words.join('\n')}\n`, () => false) }, '@cspell/dict-de-de', () => false);
    // Nouns beside a verb's form, an adjective, a past tense; their own forms are theirs
    // (until stop 33 Muffs was a noun of its own, so Muff and Muffs both counted).
    expect(t.lemmasOf('Muff')?.sort()).toEqual(['Muff', 'muffen']);
    expect(t.lemmasOf('Muffs')).toEqual(['Muff']);
    expect(t.lemmasOf('Wild')?.sort()).toEqual(['Wild', 'wild']);
    expect(t.lemmasOf('Logen')?.sort()).toEqual(['Loge', 'lügen']);
    expect(tags(t, 'Logen', 'Loge')).toEqual(['plural']);
    // A genitive in -s only of a noun the table has; else a noun in -s of its own, and not
    // a compound's base no source has (Greis is no Gr|ei's genitive through Eis, Ei's).
    expect(t.lemmasOf('Lots')?.sort()).toEqual(['Lot', 'lotsen']);
    expect(t.lemmasOf('Knacks')?.sort()).toEqual(['Knacks', 'knacksen']);
    expect(t.lemmasOf('Greis')?.sort()).toEqual(['Greis', 'greis']);
    // Nominalisations stay their base word's: das Abbauen, des Abbauens, der Gefangene, die Neureiche.
    expect(t.lemmasOf('Abbauen')).toEqual(['abbauen']);
    expect(t.lemmasOf('Abbauens')).toEqual(['abbauen']);
    expect(t.lemmasOf('Gefangene')).toEqual(['fangen']);
    expect(t.lemmasOf('Neureiche')).toEqual(['neureich']);
    // A lower-case word new to the table is not taken for the form of such a noun's word (forte: not fort's).
    expect(t.lemmasOf('forte')).toEqual(['forte']);
  });

  it("takes no word for a form of a spellchecker's root that is no word itself (Kodierer is no plural of a Kodier)", () => {
    const t = new FormTable('de');
    // dictionary-de's Kodier/hij: a stem for compounds only, a lemma with no form of its own.
    t.lemmas.intern('Kodier', 'N');
    t.add('Kodiergerät', 'Kodiergerät', 'N', ['base'], 'lexicon');
    const words = ['Kodierer', 'Kodierers', 'Kodierern'];
    addCspell(t, { candidates: cspellCandidates(`${words.join('\n')}\n`, () => false) }, '@cspell/dict-de-de', () => false);
    for (const w of words) expect(t.lemmasOf(w), w).toEqual(['Kodierer']);
  });

  it('reads no compound after a few letters that are no first part (Dorade: no Do|rad; Melasse: no Mel|ass), but after a word (Kakifrucht)', () => {
    const t = new FormTable('de');
    t.add('Rad', 'Rad', 'N', ['base'], 'lexicon');
    t.add('Rade', 'Rad', 'N', ['infl'], 'lexicon');
    t.add('Ass', 'Ass', 'N', ['base'], 'lexicon');
    t.add('Asse', 'Ass', 'N', ['plural'], 'lexicon');
    t.add('Kaki', 'Kaki', 'N', ['base'], 'lexicon');
    t.add('Frucht', 'Frucht', 'N', ['base'], 'lexicon');
    t.add('Früchte', 'Frucht', 'N', ['plural'], 'lexicon');
    const words = ['Dorade', 'Doraden', 'Melasse', 'Kakifrüchte'];
    addCspell(t, { candidates: cspellCandidates(`${words.join('\n')}\n`, () => false) }, '@cspell/dict-de-de', () => false);
    expect(t.lemmasOf('Dorade')).toEqual(['Dorade']);
    expect(t.lemmasOf('Doraden')).toEqual(['Dorade']);
    expect(t.lemmasOf('Melasse')).toEqual(['Melasse']);
    expect(t.lemmasOf('Kakifrüchte')).toEqual(['Kakifrucht']);
  });
});
