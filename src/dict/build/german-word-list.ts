import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldWord } from '../../rules/fold.js';
import type { FormTable } from './form-table.js';
import { addCspell, cspellCandidates, nominalisedInfinitiveTag } from './cspell.js';
import { packageDir } from './package-dir.js';

// The word list of the npm package all-the-german-words: 1.68 million German words, the
// titles of German Wiktionary's entries and the German word list of the word game
// Letterpress, one JSON array of strings. It lists the compounds everyday German is made of
// (Haustür, Krankenhäuser, Zahnärzte) that no other npm source has, but also names,
// abbreviations (usw, evtl) and corpus compounds of every kind (Zweipunktregelsystems,
// Dieselvorförderungen): taken whole it would more than double the dictionary with words no
// referee has heard of. So only a compound that two more witnesses vouch for is taken:
// - the list has it as a noun (capitalised, letters only) the dictionary does not know yet;
// - it is two words the dictionary knows: a first part (with or without a linking element:
//   Straße-n-bahn, Kopf-schmerz) and a noun form as its last part (Haus-tür, Kranken-häuser);
// - the word or its base (Krankenhäuser: Krankenhaus, Zahnärzte: Zahnarzt) is in use: it is
//   among the 74,000 most frequent words of German Wikipedia or of German film subtitles, the
//   frequency lists of the npm package @zxcvbn-ts/language-de (a password checker's).
// Such a compound is attested, not made up: free compounding stays off (Lesetote, Tretauen
// are in no list). The names table, the stoplist and the abbreviation rule apply as for every
// source; the words are then placed as the frami words are (cspell.ts: Krankenhäusern a
// plural of Krankenhaus, as Häusern of Haus).

export const GERMAN_WORD_LIST = 'all-the-german-words';
export const GERMAN_FREQUENCIES = '@zxcvbn-ts/language-de';
const FREQUENCY_LISTS = ['wikipedia.json', 'commonWords.json'];

/** A noun as the list writes it: a capital, then lower-case letters only. */
const NOUN = /^\p{Lu}\p{Ll}+$/u;
/** Linking elements between the parts of a compound (Straßenbahn, Arbeitsamt, Kinderwagen). */
const LINKS = ['', 'S', 'ES', 'N', 'EN', 'ER', 'E'];
/** The shortest part of a compound, folded. */
const MIN_PART = 3;

/**
 * The list's file: a JSON array of strings, read as bytes (its words are walked by eachWord,
 * not parsed: 1.68 million strings, or the text as one 30 MB string, took the build's heap,
 * and so its memory at the end, 40-80 MB higher).
 */
export function readGermanWordList(): Buffer {
  const file = join(packageDir(GERMAN_WORD_LIST), 'woerter.json');
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new Error(`dictionary source ${file} cannot be read: ${(e as Error).message.split('\n')[0]}`);
  }
  if (bytes.toString('latin1', 0, 2) !== '["' || !bytes.toString('latin1', Math.max(0, bytes.length - 8)).trimEnd().endsWith('"]')) {
    throw new Error(`dictionary source ${file} is not a JSON array of strings`);
  }
  return bytes;
}

const SEPARATOR = Buffer.from('","');
const QUOTE = 0x22;

/**
 * Each string of a JSON array of strings without escapes (a word with a quote or backslash
 * is no word anyway) that may be a noun: a word starting with a lower-case ASCII letter,
 * digit or sign is passed over without being decoded. With `lowerCase`, the other way
 * round: each word starting with a lower-case letter (ASCII, or any non-ASCII letter) that
 * ends in one of the bytes of `lastBytes` (all if not given).
 */
export function eachWord(bytes: Buffer, visit: (word: string) => void, lowerCase = false, lastBytes?: ReadonlySet<number>): void {
  const end = bytes.lastIndexOf(QUOTE);
  for (let at = 2, next = bytes.indexOf(SEPARATOR, at); at < end; at = next + 3, next = bytes.indexOf(SEPARATOR, at)) {
    if (next < 0) next = end;
    const first = bytes[at]!;
    const capital = first >= 0x41 && (first <= 0x5a || first >= 0x80);
    const lower = (first >= 0x61 && first <= 0x7a) || first >= 0x80;
    if (lowerCase ? !lower || (lastBytes && !lastBytes.has(bytes[next - 1]!)) : !capital) continue;
    visit(bytes.toString('utf8', at, next));
  }
}

/** The folded words of the frequency lists (GERMAN_FREQUENCIES). */
export function readGermanFrequencies(): Set<string> {
  const out = new Set<string>();
  for (const name of FREQUENCY_LISTS) {
    const file = join(packageDir(GERMAN_FREQUENCIES), 'src', name);
    let words: unknown;
    try {
      words = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`dictionary source ${file} cannot be read: ${(e as Error).message.split('\n')[0]}`);
    }
    if (!Array.isArray(words)) throw new Error(`dictionary source ${file} is not a JSON array of strings`);
    for (const w of words) {
      const f = typeof w === 'string' ? foldWord(w, 'de') : null;
      if (f) out.add(f);
    }
  }
  return out;
}

/** Endings of a noun's case and number forms, folded: the base a form may be of (KRANKENHAUSES: KRANKENHAUS). */
const NOUN_ENDINGS = ['', 'S', 'ES', 'N', 'EN', 'E', 'ER', 'ERN', 'NEN', 'SE', 'SEN'];
/** The endings after which a plural may have an umlaut (Häuser, Gärten, Mütter, Zähne, Bäumen). */
const UMLAUT_ENDINGS = new Set(['', 'E', 'EN', 'N', 'ER', 'ERN']);
/** The umlaut of the last vowel, folded, taken back (KRANKENHAEUS: KRANKENHAUS). */
const UMLAUT_BACK = /([AOU])E(U?[^AEIOU]*)$/;
/** The last umlaut of a word, folded (BRIEFKAESTEN: the AE before -sten). */
const LAST_UMLAUT = /([AOU])E(?=U?[^AEIOU]+E[LNR]$)/;

/**
 * Whether the folded noun, a base it may be a form of, or, for a noun in -e, its plural in
 * -n is a frequent word (Hausaufgabe: Hausaufgaben). Not other endings: Untergrab + en is
 * the verb untergraben, Steinkohl + e the noun Steinkohle.
 */
function inUse(folded: string, frequent: ReadonlySet<string>): boolean {
  if (folded.length >= 2 * MIN_PART && folded.endsWith('E') && frequent.has(`${folded}N`)) return true;
  for (const e of NOUN_ENDINGS) {
    if (!folded.endsWith(e) || folded.length - e.length < 2 * MIN_PART) continue;
    const stem = folded.slice(0, folded.length - e.length);
    if (frequent.has(stem)) return true;
    if (UMLAUT_ENDINGS.has(e) && UMLAUT_BACK.test(stem) && frequent.has(stem.replace(UMLAUT_BACK, '$1$2'))) return true;
    // (The umlaut of a singular that ends in -en, -el, -er itself: Briefkästen, Dachböden.)
    if (e === '' && LAST_UMLAUT.test(stem) && frequent.has(stem.replace(LAST_UMLAUT, '$1'))) return true;
  }
  return false;
}

/** Whether the folded word is a known first part and a known noun form after it (Haus|tür, Kranken|häuser). */
function twoKnownParts(folded: string, table: FormTable, isNounForm: (folded: string) => boolean): boolean {
  for (let i = MIN_PART; i <= folded.length - MIN_PART; i++) {
    const head = folded.slice(i);
    if (!table.hasFolded(head) || !isNounForm(head)) continue;
    const first = folded.slice(0, i);
    for (const link of LINKS) {
      if (first.length - link.length >= MIN_PART && first.endsWith(link) && table.hasFolded(first.slice(0, first.length - link.length))) return true;
    }
  }
  return false;
}

/**
 * The list's nouns in use (see above), one a line in the list's order: what can be known of
 * a compound before the dictionary is built, so the build's worker thread sifts the list's
 * 1.3 million nouns down to some 60,000 while the main thread builds (german-sources.ts).
 */
export function compoundCandidates(words: Buffer, frequent: ReadonlySet<string>): string {
  const kept: string[] = [];
  eachWord(words, (w) => {
    if (!NOUN.test(w)) return;
    const f = foldWord(w, 'de');
    if (f && inUse(f, frequent)) kept.push(w);
  });
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/**
 * The list's words that end like a comparative or superlative (verrücktere, angemessensten,
 * loyalere, abstruseste), one a line in the list's order: the evidence that a past
 * participle is compared, and so an adjective of its own (comparedParticiples), and the
 * comparison forms of adjectives no other source compares (comparedAdjectives). A bare -er
 * (verrückter) is left out: it is also the positive's strong form.
 */
export function comparisonCandidates(words: Buffer): string {
  const kept: string[] = [];
  eachWord(words, (w) => {
    if (COMPARED.test(w)) kept.push(w);
  }, true, COMPARISON_LAST_BYTES);
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/** The comparison endings after a participle, longest first, with the degree each makes. */
const COMPARISON_ENDINGS: [string, 'comp' | 'sup'][] = [
  ...['erem', 'eren', 'erer', 'eres', 'ere'].map((e): [string, 'comp'] => [e, 'comp']),
  ...['estem', 'esten', 'ester', 'estes', 'este', 'stem', 'sten', 'ster', 'stes', 'ste'].map((e): [string, 'sup'] => [e, 'sup']),
];
/** A lower-case word of at least two letters and then one of those endings. */
const COMPARED = new RegExp(`^\\p{Ll}{2,}(?:${COMPARISON_ENDINGS.map(([e]) => e).join('|')})$`, 'u');
/** The last letters of those endings (e, m, n, r, s), looked at before a word is decoded. */
const COMPARISON_LAST_BYTES = new Set(COMPARISON_ENDINGS.map(([e]) => e.charCodeAt(e.length - 1)));

/**
 * The past participles the word list compares (comparisonCandidates), each with its
 * comparison forms: verrückt (verrücktere, verrückteste), bestimmt, angemessen. The list
 * compares no plain participle (gelaufenere, gekauftere, gemachtere are not in it), so
 * these are the participles the Duden lists as adjectives of their own.
 */
export function comparedParticiples(candidates: string, participles: ReadonlySet<string>): Map<string, [string, 'comp' | 'sup'][]> {
  const found = new Map<string, [string, 'comp' | 'sup'][]>();
  for (let at = 0, end = candidates.indexOf('\n'); end >= 0; at = end + 1, end = candidates.indexOf('\n', at)) {
    const w = candidates.slice(at, end);
    for (const [ending, degree] of COMPARISON_ENDINGS) {
      const stem = w.slice(0, w.length - ending.length);
      if (!w.endsWith(ending) || !participles.has(stem)) continue;
      let forms = found.get(stem);
      if (!forms) found.set(stem, (forms = []));
      forms.push([w, degree]);
      break;
    }
  }
  return found;
}

/**
 * The comparison forms the list gives of an adjective whose positive the dictionary knows
 * and whose comparison no source has (loyal: loyalere, loyalste; abstrus: abstruseste):
 * [form, the adjective (as `adjectiveOf` gives it), degree], for the forms the dictionary
 * lacks. Only a plain ending after the positive is read (no umlaut, no dropped e: älter,
 * dunklere come from the lexicons).
 */
export function comparedAdjectives<A>(candidates: string, adjectiveOf: (positive: string) => A | undefined, known: (form: string) => boolean): [string, A, 'comp' | 'sup'][] {
  const found: [string, A, 'comp' | 'sup'][] = [];
  for (let at = 0, end = candidates.indexOf('\n'); end >= 0; at = end + 1, end = candidates.indexOf('\n', at)) {
    const w = candidates.slice(at, end);
    for (const [ending, degree] of COMPARISON_ENDINGS) {
      if (!w.endsWith(ending)) continue;
      const adjective = adjectiveOf(w.slice(0, w.length - ending.length));
      if (adjective === undefined) continue;
      if (!known(w)) found.push([w, adjective, degree]);
      break;
    }
  }
  return found;
}

/** A weak verb's participle: ge-…-t, without ge- after an inseparable prefix or in -ieren (bezahlt, verkramt, koalisiert). */
export function weakParticiple(infinitive: string): string {
  const stem = infinitive.slice(0, -2);
  return /^(be|emp|ent|er|ge|miss|ver|zer)/.test(infinitive) || infinitive.endsWith('ieren') ? `${stem}t` : `ge${stem}t`;
}
/** The endings of a weak verb's finite forms after its stem. */
const WEAK_ENDINGS = ['e', 'st', 't', 'en', 'te', 'test', 'ten', 'tet', 'est', 'et', 'ete', 'etest', 'eten', 'etet'];
const DECLINED = ['', 'e', 'em', 'en', 'er', 'es'];

/**
 * Weak verbs the list conjugates (rucken: ruckte, ruckt, ruckst, geruckt; shoppen,
 * koalisieren): an infinitive in -en whose past (-te), present (-t, -st) and participle
 * (ge-…-t; without ge- after an inseparable prefix or in -ieren) the list all has, each
 * line the infinitive and then the forms of its regular paradigm the list has (finite
 * forms, participle and present participle with their declension, the imperative),
 * tab-separated. Lower-case words only, so no noun or name is read as a verb; whether a verb
 * is new is the dictionary's to say (german.ts addWordListVerbs).
 */
export function weakVerbCandidates(words: Buffer): string {
  const lower = new Set<string>();
  eachWord(words, (w) => { if (/^[a-zäöüß]+$/.test(w)) lower.add(w); }, true);
  const out: string[] = [];
  for (const inf of lower) {
    if (inf.length < 5 || !inf.endsWith('en')) continue;
    const stem = inf.slice(0, -2);
    const has = (...forms: string[]) => forms.some((f) => lower.has(f));
    const participle = weakParticiple(inf);
    // After s, ß, x, z the -st is a -t (du fast, of fasen): fasst is fassen's, not fasen's.
    const sibilant = /[sßxz]$/.test(stem);
    if (!has(`${stem}te`, `${stem}ete`) || !has(`${stem}t`, `${stem}et`) || !has(`${stem}est`, ...(sibilant ? [] : [`${stem}st`])) || !has(participle, `${participle.slice(0, -1)}et`)) continue;
    const endings = sibilant ? WEAK_ENDINGS.filter((e) => e !== 'st') : WEAK_ENDINGS;
    const paradigm = [inf, stem, ...endings.map((e) => stem + e), ...DECLINED.flatMap((d) => [participle + d, `${participle.slice(0, -1)}et${d}`, `${inf}d${d}`])];
    out.push([inf, ...new Set(paradigm.filter((f) => f !== inf && lower.has(f)))].join('\t'));
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/** The candidates (compoundCandidates) the dictionary lacks that are two words it knows. */
export function germanWordListCompounds(table: FormTable, candidates: string): string[] {
  // A noun's form, or a nominalised infinitive's (Blut|vergießen, des Bogen|schießens).
  const isNounForm = (folded: string) => (table.idsOfFolded(folded) ?? []).some((id) => table.lemmas.pos[id] === 'N'
    || (table.lemmas.pos[id] === 'V' && nominalisedInfinitiveTag(table, folded, id) !== null));
  const kept: string[] = [];
  for (let at = 0, end = candidates.indexOf('\n'); end >= 0; at = end + 1, end = candidates.indexOf('\n', at)) {
    const w = candidates.slice(at, end);
    const f = foldWord(w, 'de');
    if (f && !table.hasFolded(f) && twoKnownParts(f, table, isNounForm)) kept.push(w);
  }
  return kept;
}

/** Adds the compounds (germanWordListCompounds) with their lemmas; returns how many forms were added. */
export function addGermanWordList(table: FormTable, compounds: readonly string[], source: string, skip: (word: string) => boolean): number {
  // Names, the stoplist, abbreviations and names' forms out; shorter words first.
  return addCspell(table, { candidates: cspellCandidates(`${compounds.join('\n')}\n`, skip) }, source, skip);
}
