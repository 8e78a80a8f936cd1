// The word list of npm all-the-german-words as a German source: only compounds of two known
// words that a frequency list shows in use are taken, with the lemma of their last part's
// reading (src/dict/build/german-word-list.ts). A small table and a small list stand in for
// the build's; one test reads the installed packages.
import { describe, expect, it } from 'vitest';
import { FormTable } from '../../src/dict/build/form-table.js';
import { addGermanWordList as addCompounds, comparedAdjectives, comparedParticiples, comparisonCandidates, compoundCandidates, eachWord, germanWordListCompounds, readGermanFrequencies, readGermanWordList, weakVerbCandidates } from '../../src/dict/build/german-word-list.js';

/** The build's three steps: the nouns in use (the worker thread's), the compounds of known words among them, placed. */
const addGermanWordList = (t: FormTable, words: Buffer, frequent: ReadonlySet<string>, source: string, skip: (w: string) => boolean) =>
  addCompounds(t, germanWordListCompounds(t, compoundCandidates(words, frequent)), source, skip);
import { foldWord } from '../../src/rules/fold.js';
import { tagsOf } from '../../src/rules/lemma.js';

function table(): FormTable {
  const t = new FormTable('de');
  for (const [form, tag] of [['Haus', 'base'], ['Hauses', 'infl'], ['Häuser', 'plural'], ['Häusern', 'plural']] as const) t.add(form, 'Haus', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Tür', 'base'], ['Türen', 'plural']] as const) t.add(form, 'Tür', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Arzt', 'base'], ['Ärzte', 'plural']] as const) t.add(form, 'Arzt', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Zahn', 'base'], ['Zähne', 'plural']] as const) t.add(form, 'Zahn', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Tote', 'base'], ['Toten', 'plural']] as const) t.add(form, 'Tote', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Bahn', 'base'], ['Bahnen', 'plural']] as const) t.add(form, 'Bahn', 'N', [tag], 'lexicon');
  for (const [form, tag] of [['Straße', 'base'], ['Straßen', 'plural']] as const) t.add(form, 'Straße', 'N', [tag], 'lexicon');
  t.add('lesen', 'lesen', 'V', ['inf'], 'lexicon');
  t.add('Lese', 'Lese', 'N', ['base'], 'lexicon');
  t.add('krank', 'krank', 'ADJ', ['base'], 'lexicon');
  t.add('kranken', 'krank', 'ADJ', ['infl'], 'lexicon');
  return t;
}

const json = (words: string[]) => Buffer.from(JSON.stringify(words));
const frequent = (words: string[]) => new Set(words.map((w) => foldWord(w, 'de')!));
const LIST = ['Haustür', 'Haustüren', 'Krankenhaus', 'Krankenhäuser', 'Krankenhäusern', 'Zahnarzt', 'Zahnärzte', 'Straßenbahn', 'Lesetote', 'Lesetoten', 'Usw', 'Müllerhaus', 'Xylophonhaus', 'haustür', 'Haus-Tür', 'Haus'];

describe('all-the-german-words as a German source', () => {
  it('walks the JSON array as JSON.parse reads it, each word that may be a noun', () => {
    const words = ['\'n Abend', 'Haustür', 'Straßenbahn', 'ärgern', 'Zahnärzte', 'Ärzte', '1-Euro-Job', 'Émail'];
    const seen: string[] = [];
    eachWord(json(words), (w) => seen.push(w));
    expect(seen).toEqual(['Haustür', 'Straßenbahn', 'ärgern', 'Zahnärzte', 'Ärzte', 'Émail']);
  });

  it('takes a compound of two known words that is in use, with its forms under its own lemma', () => {
    const t = table();
    const added = addGermanWordList(t, json(LIST), frequent(['Haustür', 'Krankenhaus', 'Zahnarzt', 'Straßenbahn']), 'all-the-german-words', () => false);
    expect(added).toBe(8);
    expect(t.lemmasOf('Haustür')).toEqual(['Haustür']);
    expect(t.lemmasOf('Haustüren')).toEqual(['Haustür']);
    expect(t.lemmasOf('Krankenhäusern')).toEqual(['Krankenhaus']);
    const s = t.sensesOf('Zahnärzte').find((x) => x.key === 'Zahnarzt')!;
    expect(tagsOf(t.tagsOf('Zahnärzte', s.id))).toEqual(['plural']);
    // A linking element between the parts (Straße-n-bahn).
    expect(t.lemmasOf('Straßenbahn')).toEqual(['Straßenbahn']);
    // A word already known keeps its lemmas; a lower-case or hyphenated spelling is no noun of the list.
    expect(t.lemmasOf('Haus')).toEqual(['Haus']);
  });

  it('refuses what no frequency list shows in use, what is not two known words, and names', () => {
    const t = table();
    addGermanWordList(t, json(LIST), frequent(['Haustür', 'Lesetote', 'Usw', 'Müllerhaus', 'Xylophonhaus']), 'all-the-german-words', (w) => w === 'Müllerhaus');
    // Not in use: Krankenhaus is listed but in no frequency list here.
    expect(t.has('Krankenhaus')).toBe(false);
    // In use but not two known words: Usw (no parts), Xylophonhaus (Xylophon unknown).
    expect(t.has('Usw')).toBe(false);
    expect(t.has('Xylophonhaus')).toBe(false);
    // Refused by the names filter.
    expect(t.has('Müllerhaus')).toBe(false);
    // Lesetote is two known words and "in use" here: the list and the frequency list vouch
    // for it, so it is taken; without both it is not (free compounding stays off).
    expect(t.has('Lesetote')).toBe(true);
    const other = table();
    addGermanWordList(other, json(['Haustür']), frequent(['Lesetote']), 'all-the-german-words', () => false);
    expect(other.has('Lesetote')).toBe(false);
    expect(other.has('Haustür')).toBe(false);
  });

  it("finds the participles the list compares, with their comparison forms, and no other word's", () => {
    const list = ['verrückt', 'verrücktere', 'verrückteren', 'verrückteste', 'verrücktester', 'verrückter', 'angemessenste', 'gelaufene', 'gelaufenen',
      'schönere', 'Verrücktere', 'arbeitetest', 'bestimmtesten', 'bestimmtes', 'loyalere', 'loyalste', 'mehrere'];
    const candidates = comparisonCandidates(json(list));
    // Lower-case words with a comparison ending: not the bare -er (also the positive), not
    // capitals, not gelaufene (a plain declined form).
    expect(candidates.split('\n').filter(Boolean)).toEqual(['verrücktere', 'verrückteren', 'verrückteste', 'verrücktester', 'angemessenste', 'schönere', 'bestimmtesten', 'loyalere', 'loyalste', 'mehrere']);
    const found = comparedParticiples(candidates, new Set(['verrückt', 'angemessen', 'gelaufen']));
    expect([...found.keys()]).toEqual(['verrückt', 'angemessen']);
    // Of an adjective the dictionary knows, the forms it lacks (schönere it has; mehr is no adjective).
    const adjectives = new Set(['loyal', 'schön', 'verrückt']);
    expect(comparedAdjectives(candidates, (p) => (adjectives.has(p) ? p : undefined), (f) => f === 'schönere' || f.startsWith('verrückt'))).toEqual([['loyalere', 'loyal', 'comp'], ['loyalste', 'loyal', 'sup']]);
    expect(found.get('verrückt')).toEqual([['verrücktere', 'comp'], ['verrückteren', 'comp'], ['verrückteste', 'sup'], ['verrücktester', 'sup']]);
    expect(found.get('angemessen')).toEqual([['angemessenste', 'sup']]);
  });

  it('finds the weak verbs the list conjugates in full, with the forms of their paradigm it has', () => {
    const list = ['rucken', 'ruckte', 'ruckt', 'ruckst', 'geruckt', 'gerucktes', 'Rucken', 'malen', 'malte', 'malt', 'bezahlen', 'bezahlte', 'bezahlt', 'bezahlst', 'fasen', 'faste', 'fast', 'fasst', 'gefast'];
    const lines = weakVerbCandidates(json(list)).split('\n').filter(Boolean).map((l) => l.split('\t'));
    // malen lacks -st and a participle; fasen's -st would be fasest (fasst is fassen's).
    expect(lines).toEqual([['rucken', 'ruckst', 'ruckt', 'ruckte', 'geruckt', 'gerucktes'], ['bezahlen', 'bezahlst', 'bezahlt', 'bezahlte']]);
  });

  it('reads the installed packages', () => {
    const bytes = readGermanWordList();
    const all: string[] = JSON.parse(bytes.toString('utf8'));
    const seen: string[] = [];
    eachWord(bytes, (w) => seen.push(w));
    expect(all.length).toBeGreaterThan(1_600_000);
    // Every word that may be a noun, none passed over.
    const nouns = /^\p{Lu}\p{Ll}+$/u;
    expect(seen.filter((w) => nouns.test(w)).length).toBe(all.filter((w) => nouns.test(w)).length);
    expect(readGermanFrequencies().has('KRANKENHAUS')).toBe(true);
  });
});
