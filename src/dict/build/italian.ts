import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as hunspell from 'hunspell-reader';
import { type FormTag, type PartOfSpeech, tagBits, tagsOf } from '../../rules/lemma.js';
import { FormTable } from './form-table.js';
import { isEnclitic, ItalianVerbs, verbClass } from './it-verbs.js';
import { packageDir } from './package-dir.js';
import { readTable } from './tables.js';

type Progress = (step: string) => void;

const SOURCE = {
  verbs: 'italian-verbs-dict',
  morphit: 'morph-it-helper',
  words: 'italian-words-dict',
  hunspell: 'dictionary-it',
  tables: 'postboggle grammar tables',
};

/** One reading of a form: lemma, group ('V' verbs, 'N' nouns and adjectives as one, or a closed class), tag bits, source. */
interface Reading { lemma: string; group: string; bits: number; source: string }

const GROUPS = ['V', 'N', 'PREP', 'PRON', 'DET', 'ADV', 'NUM', 'CONJ', 'INTJ'];
const SOURCES = Object.values(SOURCE);

/**
 * The readings of every folded form, packed: two small integers a reading (lemma id; tag bits,
 * group and source), so that half a million forms fit in little memory (the build must stay
 * well under 500 MB).
 */
class ReadingStore {
  private readonly ids = new Map<string, number>();
  private readonly lemmas: string[] = [];
  private readonly packed = new Map<string, number[]>();

  private encode(r: Reading): [number, number] {
    let id = this.ids.get(r.lemma);
    if (id === undefined) this.ids.set(r.lemma, (id = this.lemmas.push(r.lemma) - 1));
    return [id, r.bits | (GROUPS.indexOf(r.group) << 8) | (SOURCES.indexOf(r.source) << 12)];
  }

  private decode(p: number[]): Reading[] {
    const out: Reading[] = [];
    for (let i = 0; i < p.length; i += 2) {
      const m = p[i + 1]!;
      out.push({ lemma: this.lemmas[p[i]!]!, bits: m & 0xff, group: GROUPS[(m >> 8) & 0xf]!, source: SOURCES[m >> 12]! });
    }
    return out;
  }

  add(key: string, r: Reading): void {
    const list = this.packed.get(key);
    if (list) list.push(...this.encode(r));
    else this.packed.set(key, this.encode(r));
  }

  get(key: string): Reading[] | undefined {
    const p = this.packed.get(key);
    return p && this.decode(p);
  }

  set(key: string, readings: Reading[]): void {
    this.packed.set(key, readings.flatMap((r) => this.encode(r)));
  }

  has(key: string): boolean {
    return this.packed.has(key);
  }

  delete(key: string): void {
    this.packed.delete(key);
  }

  /** Every lemma text some reading has (group N only, when asked). */
  lemmaTexts(group?: string): Set<string> {
    const out = new Set<string>();
    const g = group === undefined ? -1 : GROUPS.indexOf(group);
    for (const p of this.packed.values()) for (let i = 0; i < p.length; i += 2) if (g < 0 || ((p[i + 1]! >> 8) & 0xf) === g) out.add(this.lemmas[p[i]!]!);
    return out;
  }

  *[Symbol.iterator](): Generator<[string, Reading[]]> {
    for (const [key, p] of this.packed) yield [key, this.decode(p)];
  }
}

/**
 * The affix flags of dictionary-it (index.aff) that only attach pronouns: to gerunds (D:
 * andandomi), infinitives (I, L, M: mangiarlo, pentirmi), imperatives (K, h, b, c: mangiamolo,
 * mangiatelo) and participles (l). Other flags mix conjugation with pronouns (C: finiamo and
 * finiamoci); their enclitic forms are found by rule (isEnclitic).
 */
const ENCLITIC_FLAGS = new Set(['D', 'I', 'K', 'L', 'h', 'l', 'M', 'b', 'c']);

const PLURAL = tagBits(['plural']), FEMININE = tagBits(['fem']), BASE = tagBits(['base']), INFL = tagBits(['infl']);
const VOWEL = /[aeiouàèéìíòóù]/;
const WORD = /^[a-zàèéìíòóùú]+$/;

/**
 * Words are kept by their folded form (cattivo and cattivò are one word of the game): a
 * form's readings are settled together. For the letters an Italian word here may have
 * (WORD), folding is dropping the accent and upper-casing, done directly: it runs on millions
 * of words.
 */
const UNACCENTED: Record<string, string> = { à: 'a', è: 'e', é: 'e', ì: 'i', í: 'i', ò: 'o', ó: 'o', ù: 'u', ú: 'u' };
function fold(word: string): string {
  return word.replace(/[àèéìíòóùú]/g, (c) => UNACCENTED[c]!).toUpperCase();
}

/**
 * Italian. Verbs from italian-verbs-dict (Morph-it!'s conjugations: vado, siamo, fui, dissi
 * are forms of andare, essere, dire), nouns and adjectives from morph-it-helper and
 * italian-words-dict (Morph-it!'s lexicon, with plurals), and the words of the Hunspell
 * dictionary dictionary-it that Morph-it! lacks. The Paroliere rules take every inflection
 * except verbs with enclitic pronouns (mangiarlo, andandosene, dimmi, vattene): those are
 * left out wherever they come from. Nouns and adjectives of one spelling are one word; a
 * feminine of a person or animal is a form of the masculine (ragazza of ragazzo, attrice of
 * attore, leonessa of leone); comparison belongs to the positive (migliore of buono,
 * bellissimo of bello); derivations (velocemente, casetta) are words of their own.
 */
export async function buildItalian(progress: Progress = () => {}): Promise<FormTable> {
  const byForm = new ReadingStore();
  const verbForms = new Set<string>();
  const add = (form: string, lemma: string, group: string, tags: readonly FormTag[], source: string) => {
    if (!WORD.test(form) || !VOWEL.test(form)) return;
    if (source === SOURCE.verbs) verbForms.add(form);
    byForm.add(fold(form), { lemma, group, bits: tagBits(tags), source });
  };

  progress('italian-verbs-dict');
  const verbs = ItalianVerbs.load();
  for (const f of verbs.forms) add(f.form, f.infinitive, 'V', f.tags, SOURCE.verbs);
  verbs.forms.length = 0;

  progress('morph-it-helper');
  const res = join(packageDir('morph-it-helper'), 'resources_pub');
  const nouns = JSON.parse(readFileSync(join(res, 'nouns.json'), 'utf8')) as Record<string, string>;
  const adjectives = JSON.parse(readFileSync(join(res, 'adjectives.json'), 'utf8')) as Record<string, [string, boolean]>;
  const participles = JSON.parse(readFileSync(join(res, 'pastParticiples.json'), 'utf8')) as Record<string, string>;
  const words = JSON.parse(readFileSync(join(packageDir('italian-words-dict'), 'dist', 'words.json'), 'utf8')) as Record<string, { G: string; P: string | null }>;
  const nounLemmas = new Set(Object.values(nouns));
  const adjectiveLemmas = new Set<string>();
  for (const [form, lemma] of Object.entries(nouns)) add(form, lemma, 'N', form === lemma ? ['base'] : ['plural'], SOURCE.morphit);
  for (const [lemma, w] of Object.entries(words)) {
    nounLemmas.add(lemma);
    add(lemma, lemma, 'N', ['base'], SOURCE.words);
    if (w.P && w.P !== lemma) add(w.P, lemma, 'N', ['plural'], SOURCE.words);
  }
  for (const [form, [lemma, participle]] of Object.entries(adjectives)) {
    if (participle) {
      // The lexicon lists a participle's verb under the infinitive too (additare: additare).
      if (form !== lemma) add(form, lemma, 'V', ['pp', ...genderNumber(form)], SOURCE.morphit);
    }
    else {
      adjectiveLemmas.add(lemma);
      add(form, lemma, 'N', form === lemma ? ['base'] : genderNumber(form, lemma), SOURCE.morphit);
    }
  }
  for (const [inf, pp] of Object.entries(participles)) add(pp, inf, 'V', ['pp'], SOURCE.morphit);

  progress('grammar tables');
  for (const [form, lemma, pos, tags] of readTable<[string, string, string, string]>('it-closed-class', 4)) {
    if (pos === 'N') nounLemmas.add(lemma);
    add(form, lemma, pos, tags.split(',').filter(Boolean) as FormTag[], SOURCE.tables);
  }
  const comparison = new Map(readTable<[string, string, string]>('it-comparison', 3).map(([f, p, t]) => [f, { positive: p, tags: t.split(',') as FormTag[] }]));
  for (const [form, { positive, tags }] of comparison) {
    // The lexicon files peggiore under peggiore and pessima under pessimo: they are cattivo's.
    byForm.set(fold(form), (byForm.get(fold(form)) ?? []).filter((r) => r.group !== 'N' || !comparison.has(r.lemma)));
    add(form, positive, 'N', tags, SOURCE.tables);
  }
  for (const [plural, singular] of readTable<[string, string]>('it-plurals', 2)) add(plural, singular, 'N', ['plural'], SOURCE.tables);

  progress('dictionary-it');
  const { roots, spelled } = await addHunspellWords(byForm, add, verbs, (w) => nounLemmas.has(w) || adjectiveLemmas.has(w));

  // A lemma that is a form of a verb of the lexicon (cantante, messo, fece) is spelled too: the
  // spelling dictionary's verbs are not expanded here.
  for (const f of verbForms) spelled.add(f);
  verbForms.clear();

  progress('lemmas');
  const feminines = new Map(readTable<[string, string]>('it-feminine-nouns', 2));
  // Nouns with a plural of their own in italian-words-dict (il sale, i sali; la vite, le viti;
  // il cameriere, i camerieri), and the nouns tables/it-noun-headwords.tsv names (la fiera,
  // la destra): words of their own, though spelt like another noun's plural or an
  // adjective's feminine.
  const ownNouns = new Set(readTable<[string, string]>('it-noun-headwords', 2).map(([noun]) => noun));
  const ownPlurals = new Set<string>();
  for (const [lemma, w] of Object.entries(words)) if (w.P && w.P !== lemma && /^\p{Ll}+$/u.test(w.P)) ownPlurals.add(lemma);
  const remap = lemmaRemap(byForm, feminines, nounLemmas, adjectives, roots, verbs.infinitives, ownNouns, ownPlurals);
  const notWords = new Set(readTable<[string]>('it-not-words', 1).map((r) => fold(r[0])));
  // (Headwords of the spelling dictionary a referee refused: names, non-words, fragments.
  // Only that word goes; another word of the same spelling stays.)
  const notHeadwords = new Set(readTable<[string, string]>('it-not-headwords', 2).map((r) => r[0]));
  const posOf = (lemma: string, group: string): PartOfSpeech =>
    group !== 'N' ? (group as PartOfSpeech) : nounLemmas.has(lemma) ? 'N' : adjectiveLemmas.has(lemma) ? 'ADJ' : '';

  const table = new FormTable('it');
  const lemmaIds = new Map<string, number | null>();
  for (const [form, readings] of byForm) {
    byForm.delete(form);
    if (notWords.has(form)) continue;
    for (const r of settled(form, readings, spelled, roots)) {
      const to = r.group === 'N' ? remap.get(r.lemma) : undefined;
      if (to === null) continue; // a lemma that is not a word of its own (bella, templi): its other readings stand
      const lemma = to ? to.lemma : r.lemma;
      const group = to ? to.group : r.group;
      if (group === 'N' && notHeadwords.has(lemma)) continue;
      const bits = to ? (r.bits & ~BASE) | to.bits : r.bits;
      const key = `${group}\t${lemma}`;
      let id = lemmaIds.get(key);
      if (id === undefined) lemmaIds.set(key, (id = table.lemmas.intern(lemma, posOf(lemma, group))));
      if (id !== null) table.addToLemma(form.toLowerCase(), id, tagsOf(bits), r.source); // folded already: A–Z
    }
  }
  return table;
}

/**
 * Gender and number of a noun or adjective form by its ending, against its lemma: bella,
 * belle, belli of bello are fem, fem + plural, plural; felici of felice and case of casa are
 * plurals. Without a lemma (a participle), the ending alone: -a fem, -i plural, -e both.
 */
function genderNumber(form: string, lemma = ''): FormTag[] {
  const ending = /h?([aeio])$/.exec(form)?.[1];
  if (!lemma || lemma.endsWith('o')) {
    if (ending === 'a') return ['fem'];
    if (ending === 'e') return ['fem', 'plural'];
    if (ending === 'i') return ['plural'];
    return lemma && form !== lemma ? ['infl'] : [];
  }
  return ending === 'i' || lemma.endsWith('a') && ending === 'e' ? ['plural'] : ['infl'];
}

/**
 * A form's readings, settled: where some of its lemmas are words of the spelling dictionary
 * and others are not (dico of dire and of the Morph-it!-only dicare; dire as the feminine
 * plural of the literary diro), only the former; and a noun's or adjective's own base form is
 * not also a finite form of a verb of the same spelling (cattivo is the adjective, not a form
 * of the rare cattivare; era the noun keeps its own lemma), though its participles stay
 * (fatto, detto).
 */
function settled(form: string, readings: Reading[], spelled: Set<string>, roots: Set<string>): Reading[] {
  let out = readings;
  const texts = new Set(out.map((r) => r.lemma));
  if (texts.size > 1) {
    // A verb is spelled when the spelling dictionary has its infinitive as a root.
    const known = out.filter((r) => r.source === SOURCE.tables || (r.group === 'V' ? roots.has(r.lemma) : spelled.has(r.lemma)));
    if (known.length > 0) out = known;
  }
  // (Not a noun the tables add beside a verb's form: il credo, io credo.)
  if (out.some((r) => r.group === 'N' && r.source !== SOURCE.tables && fold(r.lemma) === form && r.bits & BASE)) {
    out = out.filter((r) => r.group !== 'V' || r.bits !== INFL);
  }
  return out;
}

/**
 * Lemma corrections, lemma → new lemma (or null: not a word of its own, drop the reading):
 * - a nominal infinitive (l'essere) is its verb, unless it has a plural of its own (il
 *   piacere, i piaceri; il dovere, il potere);
 * - a feminine of a person or animal is the masculine's (ragazza: table; attrice of attore,
 *   leonessa of leone: by suffix);
 * - a superlative in -issimo is its positive's (bellissimo of bello);
 * - a noun that is a form of an adjective (la bella: bello) or a plural the lexicon lists as
 *   a lemma beside its singular (templi: tempio) is not a word of its own, unless the
 *   spelling dictionary has it as a headword.
 */
function lemmaRemap(
  byForm: ReadingStore, feminines: Map<string, string>, nounLemmas: Set<string>,
  adjectives: Record<string, [string, boolean]>, roots: Set<string>, infinitives: Set<string>,
  ownNouns: ReadonlySet<string>, ownPlurals: ReadonlySet<string>,
): Map<string, { lemma: string; group: string; bits: number } | null> {
  const remap = new Map<string, { lemma: string; group: string; bits: number } | null>();
  // Truncated forms and pronoun paradigms (tables/it-lemma-variants.tsv: bel of bello, costei of costui).
  for (const [lemma, to, group, tags] of readTable<[string, string, string, string]>('it-lemma-variants', 4)) {
    remap.set(lemma, { lemma: to, group, bits: tagBits(tags.split(',') as FormTag[]) });
  }
  const lemmas = byForm.lemmaTexts('N');
  for (const lemma of lemmas) {
    if (remap.has(lemma)) continue;
    // (Not a count noun with a plural of its own: il dovere, i doveri; il potere, il parere,
    // il piacere, il sapere, il sedere: the Duden's rule for das Leben, das Essen.)
    if (infinitives.has(lemma) && !ownPlurals.has(lemma)) {
      remap.set(lemma, { lemma, group: 'V', bits: 0 });
      continue;
    }
    const masculine = feminines.get(lemma) ?? feminineBySuffix(lemma, nounLemmas);
    if (masculine) {
      remap.set(lemma, { lemma: masculine, group: 'N', bits: FEMININE });
      continue;
    }
    const positive = superlativeBase(lemma, lemmas);
    if (positive) {
      remap.set(lemma, { lemma: positive, group: 'N', bits: tagBits(['sup']) });
      continue;
    }
    if (roots.has(lemma) || ownNouns.has(lemma)) continue;
    const adjective = adjectives[lemma];
    if (adjective && !adjective[1] && adjective[0] !== lemma && nounLemmas.has(lemma)) remap.set(lemma, null);
    else if (!ownPlurals.has(lemma) && byForm.get(fold(lemma))?.some((r) => r.group === 'N' && r.lemma !== lemma && r.bits & PLURAL)) remap.set(lemma, null);
  }
  return remap;
}

/** attrice → attore, leonessa → leone, professoressa → professore, poetessa → poeta. */
function feminineBySuffix(lemma: string, nouns: Set<string>): string | null {
  if (lemma.endsWith('trice')) {
    const m = `${lemma.slice(0, -5)}tore`;
    if (nouns.has(m)) return m;
  }
  if (lemma.endsWith('essa') && lemma.length > 6) {
    for (const v of ['e', 'a', 'o']) {
      const m = lemma.slice(0, -4) + v;
      if (nouns.has(m)) return m;
    }
  }
  return null;
}

/** bellissimo → bello, ricchissimo → ricco, felicissimo → felice (the positive must be a lemma). */
function superlativeBase(lemma: string, lemmas: Set<string>): string | null {
  const m = /^(.+?)(h?)issim[oaie]$/.exec(lemma);
  if (!m) return null;
  for (const v of ['o', 'e']) if (lemmas.has(m[1] + v)) return m[1] + v;
  return null;
}

/**
 * Adds the words of dictionary-it that the lexicons lack: the root words of nouns,
 * adjectives and other words with their inflections (the lexicon's lemma where it knows the
 * root; comparison as above; other suffixes make words of their own), and the forms of verbs
 * italian-verbs-dict lacks, where the ending is one regular verbs of the class show. Forms
 * with enclitic pronouns are left out. The verbs italian-verbs-dict has are not expanded at
 * all: their affixes only add enclitic forms, and leaving them out keeps the build fast.
 * Returns the spelling dictionary's roots, and its words (the roots and the lexicon's lemmas
 * among the words it makes).
 */
async function addHunspellWords(
  byForm: ReadingStore, add: (form: string, lemma: string, group: string, tags: readonly FormTag[], source: string) => void,
  verbs: ItalianVerbs, lexiconWord: (w: string) => boolean,
): Promise<{ roots: Set<string>; spelled: Set<string> }> {
  const lemmas = byForm.lemmaTexts();
  const dir = packageDir('dictionary-it');
  const full = await hunspell.IterableHunspellReader.createFromFiles(join(dir, 'index.aff'), join(dir, 'index.dic'));
  const roots = new Set<string>();
  /** Roots with a flag that makes their plural (O: -o → -i, Q: -a → -e, R: -a → -i, S: -e → -i): singulars. */
  const numberRoots = new Set<string>();
  const known = new Set<string>();
  const dic: string[] = [];
  for (const line of full.dic) {
    const slash = line.indexOf('/');
    const root = slash < 0 ? line : line.slice(0, slash);
    if (!WORD.test(root)) continue; // names, abbreviations, the licence text at its top
    roots.add(root);
    known.add(root);
    if (slash >= 0 && /[OQRS]/.test(line.slice(slash + 1))) numberRoots.add(root);
    if (verbs.infinitives.has(root) || /rsi$/.test(root)) continue;
    dic.push(slash < 0 ? line : root + '/' + [...line.slice(slash + 1)].filter((f) => !ENCLITIC_FLAGS.has(f)).join(''));
  }
  const reader = new hunspell.IterableHunspellReader({ aff: full.aff, dic });
  let current = '';
  let produced: string[] = [];
  const flush = () => {
    if (current) addRootWords(current, produced, byForm, add, verbs, lexiconWord, roots, numberRoots);
    produced = [];
  };
  for (const aw of reader.seqAffWords(undefined, 1)) {
    if (aw.flags.isOnlyAllowedInCompound || aw.flags.isForbiddenWord) continue;
    const root = aw.dic.split('/', 1)[0]!;
    if (root !== current) {
      flush();
      current = root;
    }
    if (WORD.test(aw.word)) {
      produced.push(aw.word);
      if (lemmas.has(aw.word)) known.add(aw.word);
    }
  }
  flush();
  return { roots, spelled: known };
}

/** A gerund (at least four letters before -ando, -endo) and enclitic pronouns: not -ndolo, -ndola, whose words are nouns (pescivendolo, mandola). */
const GERUND_WITH_CLITICS = /^.{4,}[ae]ndo(?:(?:me|te|se|ce|ve|glie)(?:lo|la|li|le|ne)|mi|ti|si|ci|vi|gli|ne)$/;

function addRootWords(
  root: string, produced: string[], byForm: ReadingStore,
  add: (form: string, lemma: string, group: string, tags: readonly FormTag[], source: string) => void,
  verbs: ItalianVerbs, lexiconWord: (w: string) => boolean, roots: ReadonlySet<string>, numberRoots: ReadonlySet<string>,
): void {
  const verb = lexiconWord(root) ? null : verbClass(root);
  const lemmaOf = (w: string) => byForm.get(fold(w))?.filter((r) => r.group === 'N').map((r) => r.lemma) ?? [];
  // The spelling dictionary lists many adjectives twice, the feminine as a root of its own
  // beside the masculine (antivaiolosa/Q, antivaioloso/O; esastica, esastico): where neither
  // is a lexicon word, the feminine and its plural are the masculine's forms, as the
  // lexicon's are (bella: bello; amica: amico), not a word of their own (3,350 such roots).
  const listed = lemmaOf(root);
  const o = `${root.slice(0, -1)}o`;
  const masculine = !verb && root.endsWith('a') && listed.length === 0 && roots.has(o) && !lexiconWord(o) ? o : null;
  const singular = !verb && !masculine && listed.length === 0 && !lexiconWord(root) && !numberRoots.has(root) ? singularOf(root, roots, verbs, lemmaOf) : null;
  const rootLemmas = verb ? [root] : masculine ? [masculine] : singular ? singular : listed.length > 0 ? listed : [root];
  const stem = root.replace(/(io|[aeiou])$/, '');
  // A participle or gerund listed as a root of its own (abbandonato, andando) hosts pronouns too.
  const local = new Set([root, ...produced.filter((w) => w.startsWith(stem) && /^h?[aeio]$/.test(w.slice(stem.length)))]);
  // A conjugated form the spelling dictionary lists as a root of its own, without the
  // endings of a noun (buccinando, tangerebbe, inasiniscono; not addendo, addendi), is its
  // verb's form where the build knows the verb, and so are its prefixed forms (strabenedicano
  // of benedicano): until stop 32 each was a word of its own, and buccinare and buccinando
  // counted as two words.
  // (A root of the spelling dictionary is a verb's infinitive only if no lexicon has it as
  // another word's form: bare, serre are plurals, not verbs whose forms baste, seggano are.)
  const isInfinitive = (inf: string) => verbs.infinitives.has(inf) ||
    (roots.has(inf) && !lexiconWord(inf) && !byForm.get(fold(inf))?.some((r) => r.group !== 'V'));
  const conjugated = !verb && !masculine && !singular && listed.length === 0 && local.size === 1 && !lexiconWord(root)
    ? conjugatedForm(root, verbs, isInfinitive)
    : null;
  // A root the spelling dictionary lists bare that is a gerund with pronouns (spigionandosi,
  // assonnendosi, inorgogliendone: 33 roots, found by a field sample's referee, stop 31): the
  // Paroliere refuses it, whether or not the lexicon knows the verb that would host them.
  if (produced.length <= 1 && GERUND_WITH_CLITICS.test(root)) return;
  for (const word of new Set(produced)) {
    if (byForm.has(fold(word)) || isEnclitic(word, verbs.hosts) || isEnclitic(word, local)) continue;
    if (verb) {
      if (word === root) add(word, root, 'V', ['base', 'inf'], SOURCE.hunspell);
      else if (word.startsWith(verb.stem) && verbs.endings.get(verb.cls)?.has(word.slice(verb.stem.length))) {
        add(word, root, 'V', verbTags(word.slice(verb.stem.length)), SOURCE.hunspell);
      }
      continue;
    }
    if (word === root && conjugated) {
      add(word, conjugated.infinitive, 'V', verbTags(conjugated.ending), SOURCE.hunspell);
      continue;
    }
    const prefixed = conjugated && word !== root ? conjugatedForm(word, verbs, isInfinitive) : null;
    if (prefixed) {
      add(word, prefixed.infinitive, 'V', verbTags(prefixed.ending), SOURCE.hunspell);
      continue;
    }
    if (word === root) {
      for (const l of rootLemmas) add(word, l, 'N', l === word ? ['base'] : masculine ? ['fem'] : singular ? genderNumber(word, l) : ['infl'], SOURCE.hunspell);
      continue;
    }
    const ending = word.startsWith(stem) ? word.slice(stem.length) : null;
    // (A root in -io keeps its i in the feminine: cavallaio, cavallaia, cavallaie; until stop
    // 29 those were a word of their own, by the rule for derivations below.)
    if (ending !== null && (/^(h?[aeio]|i)$/.test(ending) || (root.endsWith('io') && /^i[ae]$/.test(ending)))) {
      for (const l of rootLemmas) add(word, l, 'N', genderNumber(word, l), SOURCE.hunspell);
    } else if (ending !== null && /^h?issim[oaie]$/.test(ending)) {
      for (const l of rootLemmas) add(word, l, 'N', ['sup', ...genderNumber(word).filter((t) => t !== 'infl')], SOURCE.hunspell);
    } else {
      // A derivation (velocemente, casetta): a word of its own, its masculine singular as
      // lemma where the root makes it (trecentesima, trecentesime: trecentesimo; until stop
      // 30 the feminine was a word of its own beside it).
      const candidates = [word.replace(/[aei]$/, 'o'), word.replace(/e$/, 'a').replace(/i$/, 'o')];
      const lemma = candidates.find((c) => c !== word && produced.includes(c)) ?? word;
      add(word, lemma, 'N', lemma === word ? ['base'] : genderNumber(word, lemma), SOURCE.hunspell);
    }
  }
}

/**
 * The singular a plural root of the spelling dictionary is of, where the dictionary lists
 * the plural as a root of its own, without a flag making a plural of it, beside its singular
 * (arsenici beside arsenico, calpestii beside calpestio, concupiscenze beside the lexicon's
 * concupiscenza, fiesolane beside fiesolana and fiesolano): the singular's lemmas, or null.
 * Until stop 30 each such plural was a word of its own, so arsenico and arsenici both
 * counted. Words of 6 letters or more only (not idi, lungi, come, che), no plural in -i of a
 * word in -a (crostini is no plural of crostina), none in -e of a word in -o (bacie is not
 * bacio's), and no plural in -ce, -ge or -ice (lattice, siringe, elettrice are singulars;
 * ciance is ciancia's, not cianca's), nor of an infinitive (inebriari).
 */
function singularOf(root: string, roots: ReadonlySet<string>, verbs: ItalianVerbs, lemmaOf: (w: string) => string[]): string[] | null {
  if (root.length < 6 || /([cg]|ic)e$/.test(root) && !/[cg]he$/.test(root)) return null;
  const stem = root.slice(0, -1);
  const bases = root.endsWith('i')
    ? (/[cg]hi$/.test(root) ? [`${root.slice(0, -2)}o`] : root.endsWith('ii') ? [`${stem}o`] : [`${stem}o`, `${stem}e`, `${stem}io`])
    : root.endsWith('e') ? (/[cg]he$/.test(root) ? [`${root.slice(0, -2)}a`] : [`${stem}a`]) : [];
  for (const base of bases) {
    if (verbs.infinitives.has(base) || /[aei]re$/.test(base)) continue;
    // (Not a word stressed on its last vowel, which has no plural of its own: azzurriti is
    // azzurrite's, not azzurrità's.)
    // The base must be a singular: a lemma of its own (not crostine, crostina's plural, for
    // crostini), or a feminine whose masculine is (fiesolana: fiesolano).
    const listed = lemmaOf(base).filter((l) => !/[àèéìíòóù]$/.test(l));
    const o = `${base.slice(0, -1)}o`;
    if (listed.includes(base)) return listed;
    if (base.endsWith('a') && listed.includes(o)) return [o];
    if (listed.length > 0 || !roots.has(base)) continue;
    return [base.endsWith('a') && roots.has(o) ? o : base];
  }
  return null;
}

/**
 * Endings that make a word a verb form and nothing else: four letters or more (gerunds,
 * futures, conditionals, imperfects, -isc- presents), not a participle, whose words are often
 * adjectives and nouns (ammendante, decrescita). The short endings (o, a, ino, ano) are
 * also nouns' (cromo, ara, cassino, sedano).
 */
const VERB_ONLY_ENDING = /^(?!.*(?:[aiu]t[aeio]|nt[ei]|ett[aeio])$).{4,}$/;
/** Per conjugation class, its verb-only endings (taken once per build). */
const verbOnlyEndings = new WeakMap<ItalianVerbs, [string, string[]][]>();

/** The verb a word is a regular form of (buccinando: buccinare, ending ando), by a verb-only ending. */
function conjugatedForm(word: string, verbs: ItalianVerbs, isInfinitive: (inf: string) => boolean): { infinitive: string; ending: string } | null {
  let classes = verbOnlyEndings.get(verbs);
  if (!classes) verbOnlyEndings.set(verbs, (classes = [...verbs.endings].map(([cls, endings]) => [cls, [...endings].filter((e) => VERB_ONLY_ENDING.test(e))])));
  let best: { infinitive: string; ending: string } | null = null;
  for (const [cls, endings] of classes) {
    for (const ending of endings) {
      if (!word.endsWith(ending) || word.length <= ending.length) continue;
      if (best && best.ending.length >= ending.length) continue;
      const infinitive = `${word.slice(0, -ending.length)}${cls}`;
      if (isInfinitive(infinitive)) best = { infinitive, ending };
    }
  }
  return best;
}

/** Tags of a regular verb ending: past participles (ato, uta, iti…) carry gender and number. */
function verbTags(ending: string): FormTag[] {
  const pp = /^(at|ut|it)([oaie])$/.exec(ending);
  if (!pp) return ['infl'];
  const tags: FormTag[] = ['pp'];
  if (pp[2] === 'a' || pp[2] === 'e') tags.push('fem');
  if (pp[2] === 'i' || pp[2] === 'e') tags.push('plural');
  return tags;
}
