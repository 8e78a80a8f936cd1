// English inflection, undone: the bases a word may be a regular inflection of, by the
// spelling rules of English (WordNet's "morphy" detachment rules, plus the doubled final
// consonant that morphy leaves to its exception lists: stopped, bigger, hottest). Which of
// the candidates is real is for the caller to decide (the base must be a word of the right
// part of speech).

export type Inflection = 's' | 'ed' | 'ing' | 'er' | 'est';

export interface Candidate {
  base: string;
  inflection: Inflection;
}

const CONSONANT = /[bcdfghjklmnpqrstvwxz]/;

/** stopp → stop, bigg → big: a doubled final consonant after a vowel undone. */
function undoubled(stem: string): string | null {
  const n = stem.length;
  if (n < 3) return null;
  const c = stem[n - 1]!;
  return c === stem[n - 2] && CONSONANT.test(c) && /[aeiou]/.test(stem[n - 3]!) ? stem.slice(0, -1) : null;
}

/**
 * Stems of a word ending in -ed, -ing, -er or -est (without the ending): walk, like, stop,
 * carry. A verb in -ye or -oe keeps its e before -ing (dyeing, hoeing, canoeing), so dying
 * and hoing are no forms of dye and hoe (eye's eying is the one such spelling in use).
 */
function stemsOf(stem: string, eForm: boolean): string[] {
  const out = [stem];
  if (eForm && (!/[yo]$/.test(stem) || stem === 'ey')) out.push(`${stem}e`);
  const u = undoubled(stem);
  if (u) out.push(u);
  return out;
}

/** Every base the word could be a regular inflection of, with the inflection. */
export function regularCandidates(word: string): Candidate[] {
  const out: Candidate[] = [];
  const add = (base: string, inflection: Inflection) => {
    if (base.length >= 2 && base !== word) out.push({ base, inflection });
  };
  const w = word;
  if (w.endsWith('s') && !w.endsWith('ss')) {
    if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`, 's');
    if (/(s|x|z|ch|sh|o)es$/.test(w)) add(w.slice(0, -2), 's');
    add(w.slice(0, -1), 's');
  }
  if (w.endsWith('ed')) {
    if (w.endsWith('ied')) add(`${w.slice(0, -3)}y`, 'ed');
    for (const b of stemsOf(w.slice(0, -2), false)) add(b, 'ed');
    add(w.slice(0, -1), 'ed'); // liked → like
  }
  if (w.endsWith('ing')) {
    if (w.endsWith('ying')) add(`${w.slice(0, -4)}ie`, 'ing'); // dying → die
    for (const b of stemsOf(w.slice(0, -3), true)) add(b, 'ing');
  }
  if (w.endsWith('est')) {
    if (w.endsWith('iest')) add(`${w.slice(0, -4)}y`, 'est');
    for (const b of stemsOf(w.slice(0, -3), false)) add(b, 'est');
    add(w.slice(0, -2), 'est'); // largest → large
  } else if (w.endsWith('er')) {
    if (w.endsWith('ier')) add(`${w.slice(0, -3)}y`, 'er');
    for (const b of stemsOf(w.slice(0, -2), false)) add(b, 'er');
    add(w.slice(0, -1), 'er'); // larger → large
  }
  return out;
}

// British spellings and their American twins, by rule: colour/color, centre/center,
// realise/realize, analyse/analyze, catalogue/catalog, defence/defense, traveller/traveler,
// enrol/enroll, skilful/skillful, anaemia/anemia, foetus/fetus, programme/program.
const VARIANT_RULES: [RegExp, string][] = [
  [/our/g, 'or'],
  [/([^aeiou])re$/g, '$1er'],
  [/is(?=e$|ed$|ation|er$|able$)/g, 'iz'],
  [/ys(?=e$)/g, 'yz'],
  [/ogue$/g, 'og'],
  [/ence$/g, 'ense'],
  [/ll(?=(er|or|ous|ery|en|ing|ed)$)/g, 'l'],
  [/([aeiou])l$/g, '$1ll'],
  [/l(?=(ment|ful)$)/g, 'll'],
  [/ae/g, 'e'],
  [/oe/g, 'e'],
  [/mme$/g, 'm'],
];

/** Each spelling one rule away from the word (each occurrence rewritten on its own). */
function oneRuleAway(word: string): string[] {
  const out: string[] = [];
  for (const [re, to] of VARIANT_RULES) {
    for (const m of word.matchAll(re)) {
      // Rewrite this occurrence only: the first match from its position on is this one.
      out.push(word.slice(0, m.index) + word.slice(m.index).replace(new RegExp(re.source), to));
    }
  }
  return out;
}

/** The American spelling of a British word by the rules above (at most two rewrites), if `known` has it. */
export function americanSpelling(word: string, known: (w: string) => boolean): string | null {
  const first = oneRuleAway(word);
  for (const w of first) if (known(w)) return w;
  for (const w of first) for (const v of oneRuleAway(w)) if (known(v)) return v;
  return null;
}
