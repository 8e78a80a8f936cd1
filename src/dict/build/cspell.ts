import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { importTrie, type TrieNode } from 'cspell-trie-lib';
import { foldWord } from '../../rules/fold.js';
import { type FormTag, lemmaText, type PartOfSpeech, tagBits, tagsOf } from '../../rules/lemma.js';
import type { FormTable } from './form-table.js';
import { VERB_PREFIXES } from './de-verb-prefixes.js';
import { eachTrieV3Word } from './trie-v3.js';

// The German word list of cspell (npm @cspell/dict-de-de: the frami dictionary, igerman98
// with Franz Michael Baumann's supplements, its affixes expanded by cspell's tools) in
// cspell's trie format. Besides whole words the trie holds what a spellchecker needs for
// free compounding, marked: `+` joins a compound part to another, `~` marks the lower-case
// copy cspell adds for case-insensitive checking, `!` a forbidden word, a leading or
// trailing `-` a part of a hyphenated compound. Only the unmarked entries are words here,
// and no hyphenated ones (SPEC 4): free compounding stays off.

/**
 * The plain words of a cspell trie file (.trie or .trie.gz), one a line in one string (a
 * tenth of the memory of an array of 645,000 strings). A TrieXv3 file (what cspell ships) is
 * read straight from its text (trie-v3.ts); another format through cspell-trie-lib's trie,
 * which takes some 250 MB decoded, so this is read before anything else of a build is in
 * memory and let go at once.
 */
export function readCspellWords(file: string): string {
  // A walk that does not descend into a marker: two thirds of the entries are marked, and
  // listing them all only to drop them took seconds.
  const words: string[] = [];
  try {
    const bytes = readFileSync(file);
    const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    if (!eachTrieV3Word(text, MARKERS, (w) => words.push(w))) {
      const walk = (node: TrieNode, prefix: string) => {
        if (node.f && prefix) words.push(prefix);
        if (node.c) for (const ch in node.c) if (!MARKERS.has(ch)) walk(node.c[ch]!, prefix + ch);
      };
      walk(importTrie(text.split('\n')), '');
    }
  } catch (e) {
    throw new Error(`dictionary source ${file} cannot be read: ${(e as Error).message.split('\n')[0]}`);
  }
  return `${words.join('\n')}\n`;
}

/** What marks an entry that is no word of its own. */
const MARKERS = new Set(['+', '~', '!', '-']);

const CAPITAL = /^\p{Lu}/u;
const INFINITIVE = /^(?=\p{Ll}{3})\p{Ll}*(en|eln|ern|[aeiouäöü]hn|tun|sein)$/u;
/** Endings of a noun's case and number forms (des Tags, den Hummeln, die Reusen, der Füchsinnen). */
const NOUN_ENDINGS: [string, FormTag][] = [['s', 'infl'], ['es', 'infl'], ['ns', 'infl'], ['n', 'plural'], ['en', 'plural'], ['nen', 'plural'], ['e', 'plural'], ['er', 'plural'], ['ern', 'plural'], ['se', 'plural'], ['sen', 'plural'], ['ses', 'infl']];
/** Plural endings with umlaut (Käuze of Kauz, Mütter of Mutter). */
const UMLAUT_PLURAL = ['e', 'en', 'er', 'ern', ''];
const UMLAUT_BACK: [RegExp, string][] = [[/äu([^aeiouäöü]*)$/, 'au$1'], [/ä([^aeiouäöü]*)$/, 'a$1'], [/ö([^aeiouäöü]*)$/, 'o$1'], [/ü([^aeiouäöü]*)$/, 'u$1']];
/** Endings of a regular verb's finite forms after the stem (wandre, tue, knuddelt, knuddelten). */
const VERB_ENDINGS = ['e', 'st', 't', 'et', 'est', 'en', 'te', 'test', 'ten', 'tet', 'ete', 'etest', 'eten', 'etet'];
/** A participle without ge- declined (reprimierter of reprimieren, verhetzter of verhetzen). */
const PARTICIPLE_DECLENSION = ['tem', 'ter', 'tes', 'etem', 'eter', 'etes'];
/** Adjective declension (klimaschonende, klimaschonender). */
const DECLENSION = ['e', 'en', 'em', 'er', 'es'];
/** Declension, comparison and compared declension (kleiner, kleinste, kleineren; the bare superlative the source lists: kratzigst). */
const ADJECTIVE_ENDINGS: [string, FormTag][] = [
  ...DECLENSION.map((e): [string, FormTag] => [e, 'infl']),
  ...['er', ...DECLENSION.map((e) => `er${e}`)].map((e): [string, FormTag] => [e, 'comp']),
  ...['st', 'est'].flatMap((s) => ['', ...DECLENSION].map((e): [string, FormTag] => [s + e, 'sup'])),
].sort((a, b) => b[0].length - a[0].length);
const INF = tagBits(['inf']);
const PP = tagBits(['pp']);
const BASE = tagBits(['base']);
const COMPARED = tagBits(['comp', 'sup']);
const PLURAL = tagBits(['plural']);
const OPEN_CLASSES = new Set<PartOfSpeech>(['N', 'V', 'ADJ']);
/** The longest first part of a compound that must be a known one (firstPart). */
const SHORT_FIRST_PART = 4;
/** Linking elements after a compound's first part (Geburtstag-s-kind, Straße-n-bahn, Hühner-ei), folded; '' for none. */
const LINKS = ['', 'S', 'ES', 'N', 'EN', 'E', 'ER', 'NEN'];
/** Learned first parts that are no words of their own (Biotop, Telearbeit, Hyperlink), folded. */
const LEARNED_FIRST_PARTS = new Set(['UN', 'BIO', 'GEO', 'POLY', 'MONO', 'PSEUDO', 'PROTO', 'HYPER', 'ULTRA', 'TELE', 'THERMO', 'HYDRO', 'AERO', 'ASTRO', 'ELEKTRO', 'NEO', 'PARA', 'SUB', 'INTER', 'INFRA', 'META', 'NEURO', 'PSYCHO', 'SEMI', 'KO', 'CO', 'MEGA', 'GIGA', 'NANO', 'HETERO', 'HOMO', 'ISO', 'KARDIO', 'KILO', 'PHOTO', 'DEMO', 'EURO', 'EX']);

type Sense = { id: number; tags: FormTag[] };

/** What placing a word asks of the table and the source (made by addCspell). */
interface Lookups {
  /** The lemma of a text as a part of speech, if the table has it or the source lists it. */
  attested(text: string, pos: PartOfSpeech): number | null;
  /** Whether the source lists the word, written as a noun (capitalised) or not. */
  listed(text: string, pos: PartOfSpeech): boolean;
  /** Whether a word in -en is a declined or compared adjective, not an infinitive. */
  isDeclined(w: string): boolean;
  /** A noun's homonyms by its text (Ort¹, Ort²). */
  homonyms(text: string, pos: PartOfSpeech): number[];
  /** The verbs a form is known to be a form of. */
  verbsOf(form: string): number[];
  /** Whether the source lists a word in lower case or the table has it. */
  known(text: string): boolean;
  /** Whether a word ends in a past participle after another word (persönlichkeitsbezogen). */
  endsInParticiple(w: string): boolean;
  /** An adjective's lemma, added if new. */
  internAdjective(text: string): number | null;
  /** Whether the table has a plural of a noun lemma already: one of the plurals a noun makes of its base. */
  hasPlural(base: string, id: number): boolean;
  /** Whether the table has a word as a noun lemma's plural. */
  isPlural(form: string, id: number): boolean;
  /**
   * Whether a word read as a past participle after a prefix (dar + unterlegen, of
   * unterliegen) may be one: not when ge- put in further on makes a word the source or the
   * table has (darunter-ge-legen): then it is another verb's participle without its ge-
   * (darunterliegen's), and the split is further on (darunter + legen: darunterlegen).
   * Folded.
   */
  participleFits(folded: string, prefixLength: number): boolean;
  /**
   * Whether letters can be a compound's first part: a word the table has, with or without a
   * linking element (Kaki, Geburtstag-s, Straße-n, Hühner), a verb's stem (Fahr-: fahren), a
   * stem the other sources keep for compounds (Kodier), or a learned one (Bio, Tele, Hyper).
   */
  firstPart(prefix: string): boolean;
  /** Whether the table has an adjective, or a verb, of this text. */
  isAdjective(text: string): boolean;
  isVerb(text: string): boolean;
  /** Whether the table has a noun of this text and the text as its form. */
  isNoun(text: string): boolean;
}

/**
 * Adds the words the other sources do not know, each with the lemmas the lemma model can
 * justify (docs/dictionaries.md):
 * 1. a compound whose last part is a known form takes that part's analysis, its lemma being
 *    the compound's own base (Drohneneinsätzen: Einsätzen is a plural of Einsatz, so it is a
 *    plural of Drohneneinsatz; herunterglitten of heruntergleiten), where the source lists
 *    that base;
 * 2. else a regular inflection of a base word the source or the other sources list (Hummeln
 *    of Hummel, Käuze of Kauz, tue of tun, wandre of wandern, geknuddelt of knuddeln,
 *    klimaschonender of klimaschonend);
 * 3. else the word is a lemma of its own.
 * Never is a word filed under another lemma through a derivational affix: a compound's
 * lemma is the compound, an ending is only ever an inflection. Shorter words go first, so a
 * word's base is placed before its forms.
 */
export function addCspell(table: FormTable, list: { words?: string | null; candidates?: string | null }, source: string, skip: (word: string) => boolean): number {
  // Folded form → how the source writes it: 1 capitalised (a noun), 2 lower case.
  const fresh = new Map<string, number>();
  /** Words in lower case the table has already that look like infinitives (deckeln: Deckel's plural). */
  const knownInfinitives = new Set<string>();
  /** The verbs made so, whose adverb of the same spelling, a spellchecker root without verb flags, is theirs. */
  const newVerbs = new Set<number>();
  const todo: string[] = [];
  /** The capitalised words placed beside other words of their spelling (nounBesideOtherWords), folded. */
  const beside = new Set<string>();
  /** The lemmas the other sources made: those without a form of their own are roots only (rootOnly). */
  const lemmasAtStart = table.lemmas.keys.length;
  /** While a word of `beside` is placed, its folded form. */
  let placing: string | null = null;
  const candidates = list.candidates ?? cspellCandidates(list.words ?? '', skip);
  list.words = list.candidates = null; // the caller's copy goes: only the words new to the table are kept
  for (let at = 0, end = candidates.indexOf('\n'); end >= 0; at = end + 1, end = candidates.indexOf('\n', at)) {
    const tab = candidates.indexOf('\t', at);
    const w = candidates.slice(at, tab);
    const f = candidates.slice(tab + 1, end);
    if (table.hasFolded(f)) {
      if (!CAPITAL.test(w) && INFINITIVE.test(w)) knownInfinitives.add(f);
      if (!CAPITAL.test(w) || !nounBesideOtherWords(table, f)) continue;
      // (Not one of `fresh`, which are words new to the table: a lower-case word's own lemma
      // is looked up among those, and forte would be fort's.)
      beside.add(f);
    } else fresh.set(f, (fresh.get(f) ?? 0) | (CAPITAL.test(w) ? 1 : 2));
    todo.push(w);
  }
  // (In the order of the candidates: shorter words first, so a word's base is placed before its forms.)

  /**
   * The id of a lemma the table has, or of one the source lists with this spelling that has
   * not been placed yet (a listed word already placed as another word's form is no lemma:
   * verdienstlose is a form of verdienstlos).
   */
  const attested = (text: string, pos: PartOfSpeech): number | null => {
    // A word of unknown class (pos '') may be an adjective the other sources know.
    const known = table.lemmas.find(text, pos) ?? (pos === '' ? table.lemmas.find(text, 'ADJ') ?? ownLemma(text) : undefined);
    if (known !== undefined && !rootOnly(known, text)) return known;
    // (A verb whose infinitive the table has as another word's form only, where the source
    // lists it in lower case with a weak past: deckeln, Deckel's plural, and deckelte. Until
    // stop 30 its forms were words of their own each: deckele, deckelst, deckeltet.)
    const f = pos === 'V' ? foldWord(text, 'de') : null;
    if (f && knownInfinitives.has(f) && !skip(text) && !table.sensesOf(text).some((s) => s.pos === 'V' || s.pos === 'ADJ') && weakPastListed(text)) {
      const id = table.lemmas.intern(text, pos);
      if (id !== null) newVerbs.add(id);
      return id;
    }
    // (So is the noun being placed that the source lists beside a word of its spelling:
    // Greis beside greis, as the compound Gr|eis.)
    return listed(text, pos) && (!table.has(text) || (pos === 'N' && placing !== null && foldWord(text, 'de') === placing)) ? table.lemmas.intern(text, pos) : null;
  };
  /**
   * Whether a noun of the other sources is a spellchecker's root that is no word: one that
   * has no form of its own text, a stem only for compounds (dictionary-de's Kodier/hij, Fräs,
   * Rasier, Pfarr: Kodier- in Kodiergerät). A word is no inflection of it: until stop 33
   * Kodierer was the plural of a noun Kodier, and Kodierers a noun of its own. (Nouns only:
   * a verb's infinitive may come later, with the word lists: aufspannen.)
   */
  const rootOnly = (id: number, text: string): boolean => id < lemmasAtStart && table.lemmas.pos[id] === 'N' && !ownTextIsForm(table, id, text);
  /** The lemma a listed word placed already is of its own, whatever its class (verdienstbezogen). */
  const ownLemma = (text: string): number | undefined => {
    const f = foldWord(text, 'de');
    return f && fresh.has(f) ? table.idsOfFolded(f)?.find((id) => lemmaIdentityText(table, id) === f) : undefined;
  };
  /** Whether the source lists the word, written as a noun (capitalised) or not. */
  const listed = (text: string, pos: PartOfSpeech): boolean => {
    const f = foldWord(text, 'de');
    const how = f ? fresh.get(f) ?? (beside.has(f) ? 1 : undefined) : undefined;
    return how !== undefined && (how & (pos === 'N' ? 1 : 2)) !== 0 && !skip(text);
  };
  /** Whether the source lists a weak past of an infinitive (aufhübschte, wanderte, redete). */
  const weakPastListed = (infinitive: string): boolean => {
    const stem = infinitive.slice(0, infinitive.endsWith('en') ? -2 : -1);
    return listed(`${stem}te`, 'V') || listed(`${stem}ete`, 'V');
  };
  // (A word in -en or -ern declined with -em and -es is an adjective, not an infinitive:
  // ehern, iatrogen, subaltern, tischeben; until stop 32 these were verbs.)
  const ownPos = (w: string): PartOfSpeech => (CAPITAL.test(w) ? 'N'
    : !INFINITIVE.test(w) || isDeclined(w) || endsInParticiple(w) ? ''
    : knownForm(`${w}em`) && knownForm(`${w}es`) ? 'ADJ' : 'V');
  /** Whether a word ends in a past participle after another word (persönlichkeitsbezogen, traditionsgebunden): an adjective, no infinitive. */
  const endsInParticiple = (w: string): boolean => {
    for (let i = 3; i <= w.length - 5; i++) if (isParticiple(w.slice(i))) return true;
    return false;
  };
  /**
   * A word ending in -en whose stem is an adjective the source or the table lists is its
   * declined form (jodreichen, abstiegsbedrohten), not an infinitive; so is one whose stem
   * ends in an adjective's suffix and also takes -em or -es (aquatischen: aquatischem), and
   * a compared form of a known adjective (forscheren: forsch).
   */
  const isDeclined = (w: string): boolean => {
    const stem = w.slice(0, -2);
    return table.lemmas.find(stem, 'ADJ') !== undefined || table.lemmas.find(stem, '') !== undefined || (listed(stem, '') && !INFINITIVE.test(stem))
      || (ADJECTIVE_SUFFIX.test(stem) && (knownForm(`${stem}em`) || knownForm(`${stem}es`)))
      || declinedAdjective(table, w);
  };
  /** Whether the source lists a word in lower case or the table has it. */
  const knownForm = (text: string): boolean => listed(text, '') || table.has(text);

  /** The homonyms of a noun by its text (des Ortes: Ort¹ and Ort², which attested does not find by their text). */
  const nounHomonyms = new Map<string, number[]>();
  table.lemmas.keys.forEach((key, id) => {
    if (table.lemmas.pos[id] !== 'N' || !/[¹²³⁴⁵⁶⁷⁸⁹]$/.test(key)) return;
    const text = lemmaText(key);
    nounHomonyms.set(text, [...(nounHomonyms.get(text) ?? []), id]);
  });
  const homonyms = (text: string, pos: PartOfSpeech): number[] => (pos === 'N' ? nounHomonyms.get(text) ?? [] : []);

  /** Whether a form is a verb's past participle (bezogen, gebunden). */
  const isParticiple = (form: string): boolean => {
    const f = foldWord(form, 'de');
    return f !== null && (table.idsOfFolded(f) ?? []).some((id) => table.lemmas.pos[id] === 'V' && (table.tagBitsOf(f, id) & PP) !== 0);
  };
  const lookups: Lookups = {
    attested, listed, isDeclined, homonyms, known: knownForm, endsInParticiple,
    verbsOf: (form) => table.sensesOf(form).filter((x) => x.pos === 'V').map((x) => x.id),
    internAdjective: (text) => table.lemmas.intern(text, 'ADJ'),
    hasPlural: (base, id) => pluralsOf(base).some((p) => lookups.isPlural(p, id)),
    isPlural: (form, id) => {
      const f = foldWord(form, 'de');
      return f !== null && (table.tagBitsOf(f, id) & PLURAL) !== 0;
    },
    isAdjective: (text) => table.lemmas.find(text, 'ADJ') !== undefined,
    isVerb: (text) => table.lemmas.find(text, 'V') !== undefined,
    // (A noun whose base form is placed: a lemma may be made before any form of it is.)
    isNoun: (text) => {
      const id = table.lemmas.find(text, 'N');
      return id !== undefined && ownTextIsForm(table, id, text);
    },
    firstPart: (prefix) => {
      const f = foldWord(prefix, 'de');
      if (f === null) return false;
      if (LEARNED_FIRST_PARTS.has(f) || table.lemmas.find(prefix, 'N') !== undefined) return true;
      return LINKS.some((l) => {
        const stem = f.slice(0, f.length - l.length);
        return f.endsWith(l) && stem.length >= 2 && (table.hasFolded(stem) || table.hasFolded(`${stem}EN`) || table.hasFolded(`${stem}N`));
      });
    },
    participleFits: (folded, prefixLength) => {
      for (let j = prefixLength + 2; j <= folded.length - 4; j++) {
        const withGe = `${folded.slice(0, j)}GE${folded.slice(j)}`;
        if (table.hasFolded(withGe) || ((fresh.get(withGe) ?? 0) & 2) !== 0) return false;
      }
      return true;
    },
  };

  let added = 0;
  const redirected = new Map<number, number>();
  const noun = (id: number) => table.lemmas.pos[id] === 'N';
  for (const w of todo) {
    // Folded again rather than kept: 400,000 pairs took 20 MB at the build's peak.
    const f = foldWord(w, 'de')!;
    const lemmasBefore = table.lemmas.keys.length;
    placing = beside.has(f) ? f : null;
    const compound = compoundSenses(w, f, table, lookups);
    // A compound's base the source lists comes first (Drohneneinsätzen of Drohneneinsatz);
    // then a listed base the word is a regular inflection of (Peruanerinnen of Peruanerin,
    // not of a Peruanerinne made with the noun Innen); then a compound's base the source does
    // not list (Kakifrüchte of Kakifrucht); a compound whose last part is a base form
    // (Verwahrgebühr) is its own lemma, unless the word is an inflection of a listed base
    // (abbreviierst is not abbrevii + erst). A compound of an -er noun (Zither|spieler,
    // Verbraucher|schützer, Ein|führer: compoundSenses' erNoun) is its own word, never an -er
    // plural of a shorter compound (Zitherspiel, Verbraucherschutz, Einfuhr): Spieler is no
    // plural of Spiel.
    // A compound noun whose last part is a noun of its own and another noun's form (Tropfen
    // and Tropf, Laden and Lade, Reise and Reis, Rate and Rat) is the noun of its own where
    // the source has a form only that noun can have: a genitive -s (Harztropfens; no plural
    // takes one), the -n plural of a noun in -e (Vortragsreisen): not a plural of a
    // Harztropf, Vortragsreis. Without such a form, the other noun's (Geburtstagslichter of
    // Geburtstagslicht). (A participle stays its verb's: angemischt of anmischen.)
    const ownWitnessed = compound?.own !== undefined && compound.unlisted !== undefined && CAPITAL.test(w)
      && (listed(`${w}s`, 'N') || (w.endsWith('e') && listed(`${w}n`, 'N')));
    // A word in -en the source also lists with a weak past (aufhübschte, flirrte, haschierte)
    // is a verb, not the declined form of an adjective no source lists (auf + hübschen: an
    // aufhübsch; fl + irren, ha + schieren).
    const verbWitnessed = compound?.unlistedAdjectives === true && INFINITIVE.test(w) && weakPastListed(w);
    const senses = compound?.listed
      ?? (compound?.own && compound.erNoun ? null : inflectionSenses(w, lookups, compound !== null, placing === null))
      ?? (ownWitnessed || placing !== null ? compound?.own : undefined)
      // (For such a word, a compound's base no source lists is a guess too far: Klecks is no
      // plural of a Kl|eck.)
      ?? (verbWitnessed || placing !== null ? undefined : compound?.unlisted?.())
      ?? compound?.own
      ?? ownSense(w, ownPos(w), table);
    // A noun's own lemma, made while the word's readings were weighed and not chosen, stands
    // for the noun chosen: the word's longer forms find it (Replikaten: Replikate + n), and
    // are that noun's (Replikat's), not a lemma's of their own.
    const chosen = senses.map((s) => ({ ...s, id: redirected.get(s.id) ?? s.id }));
    // So does a participle's own adjective made for this word and not chosen, where a verb
    // placed before was (auszuleuchtend, herauszögernd, eingepflastert: an adjective weighed,
    // the verb's form chosen; so auszuleuchtende is ausleuchten's too).
    if (chosen.length === 1) {
      const to = chosen[0]!.id;
      const participle = (id: number) => id >= lemmasBefore && to < lemmasBefore && table.lemmas.pos[to] === 'V' && table.lemmas.pos[id] !== 'V' && /(nd|t|en)$/.test(lemmaText(table.lemmas.keys[id]!));
      for (const o of compound?.own ?? []) if (o.id !== to && !redirected.has(o.id) && ((noun(to) && noun(o.id)) || participle(o.id))) redirected.set(o.id, to);
    }
    for (const { id, tags } of chosen) if (table.addToLemmaFolded(w, f, id, tags, source)) added++;
  }
  // (anästhesieren, tratschen: the spellchecker's root without verb flags had made an adverb.)
  const adverbs = new Map<number, { to: number; tags: FormTag[]; replaceTags: boolean }>();
  for (const id of newVerbs) {
    const adverb = table.lemmas.find(lemmaText(table.lemmas.keys[id]!), 'ADV');
    if (adverb !== undefined) adverbs.set(adverb, { to: id, tags: ['base', 'inf'], replaceTags: true });
  }
  table.mergeLemmas(adverbs);
  return added;
}

/**
 * The words of readCspellWords' list that may be words of the dictionary, each with its
 * folded form, one "word TAB folded" a line, shorter words first (then by code units: the
 * order addCspell places them in): what does not fold, what `skip` refuses (names, the
 * stoplist, abbreviations) and names' forms (ofName) are left out. It needs no table, so a
 * build runs it beside the other sources (german-sources.ts).
 */
export function cspellCandidates(words: string, skip: (word: string) => boolean): string {
  const kept: string[] = [];
  for (let at = 0, end = words.indexOf('\n'); end >= 0; at = end + 1, end = words.indexOf('\n', at)) {
    const w = words.slice(at, end);
    if (!w || skip(w) || ofName(w, skip) || !foldWord(w, 'de')) continue;
    kept.push(w);
  }
  kept.sort(shorterFirst);
  // Joined a few thousand lines at a time: 400,000 lines kept as strings until the end took
  // 60 MB more (each holds its word, its folded form and the joins).
  const chunks: string[] = [];
  let lines: string[] = [];
  for (const w of kept) {
    lines.push(w, '\t', foldWord(w, 'de')!, '\n');
    if (lines.length >= 16_384) {
      chunks.push(lines.join(''));
      lines = [];
    }
  }
  chunks.push(lines.join(''));
  return chunks.join('');
}

const shorterFirst = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** A lemma's folded text. */
export function lemmaIdentityText(table: FormTable, id: number): string | null {
  return foldWord(lemmaText(table.lemmas.keys[id]!).replace(/#\d$/, ''), 'de');
}

/**
 * Whether a lemma's own text (or `orText`, where its key folds to no word) is one of its
 * forms (one the build made of other words' forms may have none: Limett).
 */
export function ownTextIsForm(table: FormTable, id: number, orText?: string): boolean {
  const text = lemmaIdentityText(table, id) ?? (orText === undefined ? null : foldWord(orText, 'de'));
  return text !== null && table.idsOfFolded(text)?.includes(id) === true;
}

/** Endings that make a name's genitive or its inhabitants (Mühlhausens, Koblenzer, Koblenzerin). */
const NAME_ENDINGS = ['s', 'er', 'ers', 'ern', 'erin', 'erinnen'];

/** Whether a capitalised word is a form of a name or an inhabitant of a place the build refuses. */
function ofName(w: string, skip: (word: string) => boolean): boolean {
  return CAPITAL.test(w) && (NAME_ENDINGS.some((e) => w.length > e.length + 2 && w.endsWith(e) && skip(w.slice(0, -e.length)))
    // (the dative of an inhabitant the names table lists itself: den Alveslohern)
    || (/ern$/.test(w) && skip(w.slice(0, -1))));
}

/**
 * Whether a word the source writes capitalised, whose spelling the table has already but
 * not as a noun's form, is a noun of its own beside those words (der Muff beside muff of
 * muffen, die Logen beside logen of lügen, das Fünftel, das Zuhause, der Stresstest
 * beside stresstest of stressen). Until stop 33 such a word was passed over, so the noun
 * had no base form and its other forms became words of their own (Muffs, Stresstests: two
 * lemmas beside Muff and Stresstest). Not when the capital is a nominalisation the table
 * files under its base word: an infinitive or its genitive (das Abbauen, des Abbauens), a
 * declined or compared adjective (der Neureiche, Höchster), a declined participle (der
 * Gefangene, Versicherte), an adjective of a place (Bochumer). Folded.
 */
function nounBesideOtherWords(table: FormTable, folded: string): boolean {
  // (Nor beside a word whose other forms would then count beside it: a pronoun's,
  // determiner's or numeral's form (der Mir beside mir, so that mir and mich both counted;
  // die Drei beside drei and dreien), or a compared adjective's positive (das Groß, a
  // mainsail, beside groß, größte; das Wild beside wild, wildeste): the issue's own
  // examples of one word, mir/mich and groß/größte, would count twice.)
  const senses = table.sensesOfFolded(folded);
  if (!senses) return false;
  for (const [id, bits] of senses) {
    const pos = table.lemmas.pos[id];
    if (pos === 'N' || pos === 'PRON' || pos === 'DET' || pos === 'NUM') return false;
    if (pos === 'ADJ' && ((bits & BASE) === 0 || CAPITAL.test(lemmaText(table.lemmas.keys[id]!)) || isCompared(table, folded, id))) return false;
  }
  const verbHas = (form: string, tag: number) => [...(table.sensesOfFolded(form) ?? [])].some(([id, bits]) => table.lemmas.pos[id] === 'V' && (bits & tag) !== 0);
  if (verbHas(folded, INF | BASE) || (folded.endsWith('S') && verbHas(folded.slice(0, -1), INF | BASE))) return false;
  return !DECLENSION.some((e) => folded.endsWith(e.toUpperCase()) && verbHas(folded.slice(0, -e.length), PP));
}

/** Whether the table has comparison forms of an adjective (groß: größer, größte; wild: wildeste), its positive folded. */
function isCompared(table: FormTable, folded: string, id: number): boolean {
  const umlaut = /AU[^AEIOU]*$/.test(folded) ? folded.replace(/AU([^AEIOU]*)$/, 'AEU$1') : folded.replace(/([AOU])([^AEIOU]*)$/, '$1E$2');
  return [folded, umlaut].some((stem) => ['ER', 'STE', 'ESTE'].some((e) => (table.tagBitsOf(stem + e, id) & COMPARED) !== 0));
}

function ownSense(w: string, pos: PartOfSpeech, table: FormTable): Sense[] {
  const id = table.lemmas.intern(w, pos);
  return id === null ? [] : [{ id, tags: ['base'] }];
}

const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * 1: the compound's longest last part that is a known form of a noun, verb or adjective.
 * Its inflected readings give the compound's base (Einsätzen of Einsatz: Drohneneinsätzen of
 * Drohneneinsatz, listed or not); its base readings make the compound a lemma of its own
 * (Verwahrgebühr), used only if the word is no inflection of a listed base.
 */
function compoundSenses(w: string, folded: string, table: FormTable, { attested, listed, isDeclined, participleFits, firstPart }: Lookups): { listed?: Sense[]; unlisted?: () => Sense[]; own?: Sense[]; erNoun?: boolean; unlistedAdjectives?: boolean } | null {
  const capital = CAPITAL.test(w);
  // Where each letter folds on its own (a–z, umlauts, ß), a head's folded form is a slice
  // of the word's: at[i] is where letter i's folding starts.
  const at = foldedOffsets(w, folded);
  for (let i = 2; i <= w.length - 3; i++) {
    // Most heads are no form: a look at the table's first four letters says so quickly.
    if (at && !table.mayStartWith(folded, at[i]!)) continue;
    const headFolded = at ? folded.slice(at[i]) : foldWord(capital ? upperFirst(w.slice(i)) : w.slice(i), 'de');
    if (!headFolded) continue;
    const ids = table.idsOfFolded(headFolded);
    if (!ids) continue;
    const prefix = w.slice(0, i);
    const found: { listed: Sense[]; unlisted: Sense[]; own: Sense[] } = { listed: [], unlisted: [], own: [] };
    const unlisted: { lemma: string; pos: PartOfSpeech; tags: FormTag[] }[] = [];
    const push = (list: Sense[], s: Sense) => { if (!list.some((x) => x.id === s.id)) list.push(s); };
    // A noun's last part is a noun where it can be (Abendkühle of Kühle, not of kühl); a
    // nominalised adjective or infinitive only where it cannot.
    const nounHead = capital && ids.some((id) => table.lemmas.pos[id] === 'N');
    // The nominalised infinitive a noun head's verb makes (Händchen|halten: das
    // Händchenhalten), kept for when the noun's readings give only a base no source lists (a
    // Händchenhalt, plural of Halt) and the source has its genitive (Händchenhaltens; not
    // Fallzahlens: Fallzahlen is Fallzahl's plural): then it is that.
    let nominalised: { lemma: string; pos: PartOfSpeech; tags: FormTag[] } | undefined;
    for (const id of ids) {
      const pos = table.lemmas.pos[id]!;
      if (capital && pos === 'V') {
        // A noun ending in a nominalised infinitive (das Blutsaugen, des Blutsaugens): the
        // verb's where a verb of that spelling is listed (das Herunterladen), else a noun of
        // its own. (Not Bluts + Augen, and not a lemma made of its letters.) After a noun
        // head, only kept for the case above.
        const verb = lemmaText(table.lemmas.keys[id]!);
        const tag = nominalisedInfinitiveTag(table, headFolded, id);
        if (tag && nounHead) nominalised ??= { lemma: prefix + verb, pos: 'N', tags: [tag] };
        else if (tag && attested((prefix + verb).toLowerCase(), 'V') === null) {
          unlisted.push({ lemma: prefix + verb, pos: 'N', tags: [tag] });
          continue;
        }
      }
      if (!OPEN_CLASSES.has(pos) || (capital ? (nounHead && pos !== 'N') || (pos === 'V' && (table.tagBitsOf(headFolded, id) & INF) === 0) : pos === 'N')) continue;
      const text = lemmaText(table.lemmas.keys[id]!).replace(/#\d$/, '');
      const lemma = pos === 'N' ? prefix + lowerFirst(text) : (prefix + text).toLowerCase();
      if (foldWord(lemma, 'de') === folded) {
        // (Not a declined adjective's: abflusslose is abflusslos's form, not abfluss + lose.)
        if (pos === 'ADJ' && declinedAdjective(table, lemma)) continue;
        const to = attested(lemma, pos);
        if (to !== null) push(found.own, { id: to, tags: ['base'] });
        continue;
      }
      const tags = tagsOf(table.tagBitsOf(headFolded, id));
      const known = table.lemmas.find(lemma, pos);
      if (known !== undefined) {
        if (pos !== 'V' || !tags.includes('pp') || participleFits(folded, at ? at[i]! : (foldWord(prefix, 'de') ?? '').length)) push(found.listed, { id: known, tags });
      }
      // Known as another word's form of its class (verdienstlose of verdienstlos): no lemma.
      // As a form of another class only, it is a new word (the noun Auftrieb: auftrieb is a
      // form of the verb auftreiben).
      else if (table.sensesOf(lemma).some((x) => x.pos === pos || (pos !== 'N' && x.pos !== 'N'))) {
        // But verb prefixes before a verb make a verb, even where its infinitive is only
        // another verb's finite form (hinausführen, Konjunktiv II of hinausfahren:
        // hinausführst is hinausführen's).
        if (pos === 'V' && !capital && verbPrefixes(prefix.toLowerCase()) && !table.sensesOf(lemma).some((x) => x.pos === 'V' && isInfinitive(table, lemma, x.id))) unlisted.push({ lemma, pos, tags });
        continue;
      }
      // A listed verb or adjective that is a declined or compared adjective is no word of
      // its own (aquatischen: not aqua + tischen; forscheren: not for + scheren; abflusslose:
      // not abfluss + lose, but abflusslos).
      else if (listed(lemma, pos) && !(pos === 'V' && isDeclined(lemma)) && !(pos === 'ADJ' && declinedAdjective(table, lemma))) push(found.listed, { id: table.lemmas.intern(lemma, pos)!, tags });
      // A base no source lists: a noun's (Kakifrucht) or adjective's (halblink), a verb's
      // only after a verb prefix (heruntersingen; säulengestützt is no form of a verb
      // säulenstützen). Interned only if chosen.
      // (A noun's only after letters that can be a first part, where they are few: Dorade is
      // no dative of a Do|rad, nor Melasse a plural of a Mel|ass: until stop 33 both were.
      // A longer first part is taken as it is: the table does not know all of them yet,
      // Augenblicks- and Baumfäll- among them.)
      else if ((pos === 'N' && (prefix.length > SHORT_FIRST_PART || firstPart(prefix))) || (!capital && (pos === 'ADJ' || verbPrefixes(prefix.toLowerCase())))) unlisted.push({ lemma, pos, tags });
    }
    // A last part that is a verb and an adjective of one spelling (ledern: to tan, and made of
    // leather) after a word that is no verb prefix makes the adjective (krokodilledern).
    if (!verbPrefixes(prefix.toLowerCase()) && found.own.some((s) => table.lemmas.pos[s.id] === 'ADJ')) found.own = found.own.filter((s) => table.lemmas.pos[s.id] !== 'V');
    if (nominalised && listed(`${w}s`, 'N') && found.listed.length + found.own.length === 0 && unlisted.length > 0 && unlisted.every((u) => u.pos === 'N' && !u.tags.includes('base'))) unlisted.splice(0, unlisted.length, nominalised);
    if (found.listed.length + unlisted.length + found.own.length > 0) {
      const intern = () => {
        for (const u of unlisted) push(found.unlisted, { id: table.lemmas.intern(u.lemma, u.pos)!, tags: u.tags });
        return found.unlisted;
      };
      // A last part in -er that is a noun of its own and no other noun's plural (Spieler,
      // Besucher, Schützer, Führer; not Lichter, a plural of Licht).
      const erNoun = capital && headFolded.endsWith('ER') && ids.every((id) => table.lemmas.pos[id] !== 'N' || lemmaIdentityText(table, id) === headFolded);
      return { listed: found.listed.length ? found.listed : undefined, unlisted: unlisted.length ? intern : undefined, own: found.own.length ? found.own : undefined, erNoun, unlistedAdjectives: unlisted.length > 0 && unlisted.every((u) => u.pos === 'ADJ') };
    }
  }
  return null;
}

/**
 * What a verb's form is as a nominalised infinitive's: the infinitive itself ('base': das
 * Schießen) or it with the genitive -s ('infl': des Schießens); null for any other form.
 */
export function nominalisedInfinitiveTag(table: FormTable, folded: string, id: number): 'base' | 'infl' | null {
  if ((table.tagBitsOf(folded, id) & INF) !== 0) return 'base';
  return folded.endsWith('S') && (table.tagBitsOf(folded.slice(0, -1), id) & INF) !== 0 ? 'infl' : null;
}

/** What each German letter folds to (foldWord), for the letters that fold on their own. */
const FOLDS_TO: Record<string, number> = { 'ä': 2, 'ö': 2, 'ü': 2, 'Ä': 2, 'Ö': 2, 'Ü': 2, 'ß': 2 };

/**
 * Where the folding of each letter of w starts in its folded form (and at[w.length] its
 * length), when every letter folds on its own (a–z, A–Z, umlauts, ß): then the folded form
 * of any last part of w is a slice of w's. Null for other words.
 */
function foldedOffsets(w: string, folded: string): Uint16Array | null {
  const at = new Uint16Array(w.length + 1);
  let n = 0;
  for (let i = 0; i < w.length; i++) {
    at[i] = n;
    const c = w.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) n += 1;
    else {
      const k = FOLDS_TO[w[i]!];
      if (k === undefined) return null;
      n += k;
    }
  }
  at[w.length] = n;
  return n === folded.length ? at : null;
}

/** Whether a text is a verb's infinitive in the table. */
function isInfinitive(table: FormTable, text: string, id: number): boolean {
  const f = foldWord(text, 'de');
  return f !== null && (table.tagBitsOf(f, id) & INF) !== 0;
}

const VERB_PREFIX_RUN = new RegExp(`^(${VERB_PREFIXES.join('|')})+$`);

/**
 * Whether a verb no source lists may be made of these prefixes and a verb (heruntersingen):
 * not where they end in a participle's ge- (unterge + legt: untergelegt is unter + gelegt,
 * no form of an untergelegen).
 */
const verbPrefixes = (prefix: string) => VERB_PREFIX_RUN.test(prefix) && (prefix === 'ge' || !prefix.endsWith('ge'));

/** The e the Duden allows before a verb's -st and -t, or leaves out (du soffest, soffst; ihr trafet, traft; du standest, standst). */
const E_BEFORE: [string, string][] = [['est', 'st'], ['et', 't'], ['st', 'est'], ['t', 'et']];

/**
 * 2: a regular inflection of a base the source or the table lists (null when it is none).
 * `genitive`: whether a noun in -s or -es may be the genitive of a noun the source merely
 * lists; false for a word the source lists as a noun beside a word of its spelling
 * (nounBesideOtherWords), which is the genitive only of a noun the table has (Lots of Lot),
 * and else a noun in -s of its own (Knacks, Braus: not of a Knack, Brau).
 */
function inflectionSenses(w: string, { attested, isDeclined, homonyms, verbsOf, known, endsInParticiple, internAdjective, hasPlural, isPlural, isAdjective, isVerb, isNoun, listed }: Lookups, compound: boolean, genitive = true): Sense[] | null {
  const out: Sense[] = [];
  /** Whether the source lists a noun's other forms beside it (Amin: Amine, Amins). */
  const declinesItself = (noun: string) => ['e', 's', 'es', 'en'].some((e) => listed(noun + e, 'N'));
  // A word that is no compound is an -er plural only of a noun whose plurals the table does
  // not know yet: the Flößer is no plural of Floß (Flöße), the Köhler none of Kohl (Kohle),
  // the Bader none of Bad (Bäder).
  // (A compound's last part says it better: Erlensträucher, as Sträucher of Strauch, though
  // the source's Erlenstrauche, a dative, was taken for a plural.)
  const erPlural = !compound && CAPITAL.test(w) && /ern?$/.test(w);
  const add = (base: string, pos: PartOfSpeech, tags: FormTag[]) => {
    if (base.length < 2 || base === w || (pos === 'V' && isDeclined(base))) return;
    const id = attested(base, pos);
    for (const h of id !== null ? [id] : homonyms(base, pos)) {
      // (The dative of a known -er plural is its: Altertümern of Altertümer.)
      if (erPlural && tags[0] === 'plural' && base.length === w.length - (w.endsWith('ern') ? 3 : 2) && hasPlural(base, h) && !(w.endsWith('ern') && isPlural(w.slice(0, -1), h))) continue;
      if (!out.some((s) => s.id === h)) out.push({ id: h, tags });
    }
  };
  if (CAPITAL.test(w)) {
    // A nominalised infinitive (das Fermentieren, des Fermentierens) is its verb's.
    const lower = w.toLowerCase();
    if (INFINITIVE.test(lower)) add(lower, 'V', ['inf']);
    else if (w.endsWith('s') && INFINITIVE.test(lower.slice(0, -1))) add(lower.slice(0, -1), 'V', ['infl']);
    if (out.length > 0) return out;
    for (const [ending, tag] of NOUN_ENDINGS) {
      if (!w.endsWith(ending)) continue;
      if (!genitive && (ending === 's' || ending === 'es') && !isNoun(w.slice(0, -ending.length))) continue;
      const base = w.slice(0, -ending.length);
      // An -n plural follows an -e, -el, -er or -ar only (Blumen, Kartoffeln, Federn,
      // Nachbarn), and -nen an -in (Füchsinnen): a word in -n the source declines itself
      // (Amin: Amine, Amins) is a noun of its own, not a plural of Ami (Amis); through that,
      // Dopamin was a plural of a "Dopami" until stop 31. (A slip the source has once,
      // Konrektorn, stays where it was: the noun's.)
      const misfit = ending === 'n' ? !/(e|el|er|ar)$/.test(base) : ending === 'nen' && !base.endsWith('in');
      if (misfit && declinesItself(w)) continue;
      add(base, 'N', [tag]);
    }
    for (const ending of UMLAUT_PLURAL) {
      if (!w.endsWith(ending)) continue;
      const stem = ending ? w.slice(0, -ending.length) : w;
      for (const [re, to] of UMLAUT_BACK) if (re.test(stem)) add(stem.replace(re, to), 'N', ['plural']);
    }
    return out.length > 0 ? out : null;
  }
  // A strong verb's form spelt with the e or without it (soffest: the lexicon has soffst of
  // saufen): the verbs of the other spelling. The regular endings below cannot find these
  // (soff is no stem of an infinitive), and without this they were words of their own, or
  // compounds of fest (soffest, hinaufwarfest).
  for (const [ending, other] of E_BEFORE) {
    if (!w.endsWith(ending) || w.length - ending.length < 2) continue;
    for (const id of verbsOf(w.slice(0, -ending.length) + other)) if (!out.some((s) => s.id === id)) out.push({ id, tags: ['infl'] });
  }
  // After s, ß, z and x the -st without e is a -t (du schlossest, schlosst; zuschlossest of
  // zuschließen), unless the s is a verb's own (du flachsest, of flachsen; flachst is flachen's).
  if (/[sßzx]est$/.test(w) && !isVerb(`${w.slice(0, -3)}en`)) for (const id of verbsOf(`${w.slice(0, -3)}t`)) if (!out.some((s) => s.id === id)) out.push({ id, tags: ['infl'] });
  // The imperative without its e of a verb in -eln, -ern (änder, munkel, bewässer; the
  // Duden's ändere, ändre): until stop 29 a word of its own, so änder and ändern both counted.
  if (/[^aeiouäöü](el|er)$/.test(w)) add(`${w}n`, 'V', ['infl']);
  if (out.length > 0) return out;
  for (const ending of [...VERB_ENDINGS, ...PARTICIPLE_DECLENSION]) {
    if (!w.endsWith(ending)) continue;
    // (A superlative's -ste makes no verb in -sten that only the source lists: allerärmste,
    // ladungsstärkste are adjectives' forms, not of verbs allerärmsten, ladungsstärksten.)
    for (const inf of infinitivesOfStem(w.slice(0, -ending.length))) if (!(inf.endsWith('sten') && !isVerb(inf))) add(inf, 'V', ['infl']);
  }
  // A zu-infinitive or gerundive of a verb with a prefix (höherzuschrauben, wegzuführende of
  // höherschrauben, wegführen).
  for (let zu = w.indexOf('zu', 2); zu >= 0; zu = w.indexOf('zu', zu + 1)) {
    const rest = w.slice(0, zu) + w.slice(zu + 2);
    if (INFINITIVE.test(rest)) add(rest, 'V', ['infl']);
    for (const ending of ['d', ...DECLENSION.map((e) => `d${e}`)]) {
      if (rest.endsWith(ending) && INFINITIVE.test(rest.slice(0, -ending.length))) add(rest.slice(0, -ending.length), 'V', ['infl']);
    }
  }
  // Present participles (abbremsend, abbremsendes) and past participles with ge- (geknuddelt,
  // abgeknuddelte).
  for (const ending of ['', ...DECLENSION]) {
    if (!w.endsWith(`d${ending}`)) continue;
    const inf = w.slice(0, w.length - ending.length - 1);
    if (INFINITIVE.test(inf)) add(inf, 'V', ['infl']);
  }
  const ge = w.indexOf('ge');
  if (ge >= 0) {
    for (const ending of ['t', ...DECLENSION.map((e) => `t${e}`)]) {
      if (!w.endsWith(ending)) continue;
      const stem = w.slice(ge + 2, w.length - ending.length);
      if (stem.length >= 2) for (const inf of infinitivesOfStem(stem)) add(w.slice(0, ge) + inf, 'V', ['pp']);
    }
  }
  if (out.length > 0) return out;
  // The longest ending that leaves a listed base (krampfigster of krampfig, not of krampfigst).
  for (const [ending, tag] of ADJECTIVE_ENDINGS) {
    if (!w.endsWith(ending)) continue;
    const base = w.slice(0, -ending.length);
    // A bare superlative (kratzigst, dringendst) only of what is an adjective and no verb's
    // stem: the -st and -test of a verb (hochschrakst, gurktest, haschierst) are no comparison.
    if ((ending === 'st' || ending === 'est') && (!(isAdjective(base) || ADJECTIVE_SUFFIX.test(base) || base.endsWith('end')) || isVerb(`${base}en`))) continue;
    add(base, '', [tag]);
    if (tag !== 'infl') for (const [re, to] of UMLAUT_BACK) if (re.test(base)) add(base.replace(re, to), '', [tag]);
    if (out.length > 0) break;
  }
  if (out.length > 0) return out;
  // A declined adjective whose positive no source lists, made with a suffix that makes
  // adjectives (aquatischem, aquatischer: aquatisch): the positive is its lemma, so that the
  // source's forms of it are one word, not one word each. An ending a verb form can have
  // (-e, -en: auftische, ausquellen) counts only where a form no verb has is known too
  // (aquatischen beside aquatischem). Whatever its suffix, a base the source declines with
  // both -em and -es, which no verb form or noun ends in, is an adjective (feiste, feistem,
  // feistes; kriegsbereiter, tiefsitzendes: each a word of its own until 2026-11-24).
  const declinedBoth = (base: string) => !CAPITAL.test(base) && base.length >= 4 && known(`${base}em`) && known(`${base}es`);
  for (const [ending, tag] of ADJECTIVE_ENDINGS) {
    const base = w.slice(0, -ending.length);
    if (!w.endsWith(ending) || !((base.length >= 6 && ADJECTIVE_SUFFIX.test(base)) || declinedBoth(base))) continue;
    if (/e$|en$/.test(ending) && !known(`${base}em`) && !known(`${base}es`)) continue;
    const id = internAdjective(base);
    if (id !== null) return [{ id, tags: [tag] }];
  }
  // A declined adjective made of a word and a past participle (persönlichkeitsbezogenen,
  // traditionsgebundene: bezogen, gebunden): the compound adjective is its lemma. No verb
  // form ends in a participle and a declension ending, so -e and -en need no witness here.
  for (const [ending, tag] of ADJECTIVE_ENDINGS) {
    const base = w.slice(0, -ending.length);
    if (tag !== 'infl' || !w.endsWith(ending) || !endsInParticiple(base)) continue;
    const id = internAdjective(base);
    if (id !== null) return [{ id, tags: [tag] }];
  }
  return null;
}

/** The plurals a noun may make of its base (Floß: Flöße; Einfuhr: Einfuhren; Auto: Autos; Lehrer: Lehrer; Bad: Bäder). */
function pluralsOf(base: string): string[] {
  const out = [base, ...['e', 'en', 'n', 's', 'se', 'nen'].map((e) => base + e)];
  for (const [re, to] of UMLAUT_FORWARD) if (re.test(base)) out.push(...['', 'e', 'en', 'er'].map((e) => base.replace(re, to) + e));
  return out;
}
const UMLAUT_FORWARD: [RegExp, string][] = [[/au([^aeiouäöü]*)$/, 'äu$1'], [/a([^aeiouäöü]*)$/, 'ä$1'], [/o([^aeiouäöü]*)$/, 'ö$1'], [/u([^aeiouäöü]*)$/, 'ü$1']];

/** Whether a word is a declined or compared form of an adjective the table has (abflusslose of abflusslos, forscheren of forsch). */
function declinedAdjective(table: FormTable, word: string): boolean {
  return ADJECTIVE_ENDINGS.some(([e]) => {
    const base = word.slice(0, -e.length);
    // (Not after a short word: leeren is a verb, antesten not ante + sten.)
    return word.endsWith(e) && base.length >= 5 && (table.lemmas.find(base, 'ADJ') ?? table.lemmas.find(base, '')) !== undefined;
  });
}

/** Suffixes that make adjectives (the Duden's word formation): a word ending in one is an adjective's positive. */
const ADJECTIVE_SUFFIX = /(isch|al|iv|ig|los|ös|ar|är|ell|bar|lich|haft|mäßig|frei|artig|il|abel|ibel|ent|ant)$/;

/** The infinitives a regular verb stem may have (tu: tun; wandr, wander: wandern; knuddel: knuddeln). */
function infinitivesOfStem(stem: string): string[] {
  if (stem.length < 2) return [];
  const out = [`${stem}en`, `${stem}n`];
  // (After a consonant or a diphthong: wandr, steur, bedaur: wandern, steuern, bedauern;
  // until stop 31 the spellchecker's steure, feure were words of their own.)
  const m = /^(.*(?:[^aeiouäöü]|au|eu|äu|ei))([lr])$/.exec(stem);
  if (m) out.push(`${m[1]}e${m[2]}n`);
  return out.filter((inf) => INFINITIVE.test(inf));
}
