import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormTag } from '../../rules/lemma.js';
import { packageDir } from './package-dir.js';
import { readTable } from './tables.js';

export interface VerbForm { form: string; infinitive: string; tags: FormTag[] }

type Slots = Record<string, Record<string, string | Record<string, string>>>;

/** The conjugation classes by infinitive ending; the stem is the infinitive without it. */
const CLASS = /(are|ere|ire|rre)(si)?$/;

/** Past participle slots of italian-verbs-dict: S, SF, P, PF. */
const PARTICIPLE_TAGS: Record<string, FormTag[]> = { S: ['pp'], SF: ['pp', 'fem'], P: ['pp', 'plural'], PF: ['pp', 'fem', 'plural'] };

/**
 * Italian verbs: every conjugated form with its infinitive, from italian-verbs-dict (the verbs
 * of Morph-it!) and, for essere and avere which it leaves out, postboggle's table. Its
 * infinitive and gerund slots hold forms with enclitic pronouns (parlarvi, parlandosi), so
 * the infinitive is the entry itself and the gerund is made from the imperfect (parlavo →
 * parlando, dicevo → dicendo, finivo → finendo). A reflexive verb's own infinitive
 * (accorgersi) is an infinitive with the pronoun si, and so is not a form the game takes.
 */
export class ItalianVerbs {
  readonly forms: VerbForm[] = [];
  /** Forms a pronoun can be attached to: imperatives, gerunds, past participles, infinitives without their final e (parlar-). */
  readonly hosts = new Set<string>(['da', 'di', 'fa', 'sta', 'va', 'ecco']);
  /** Per conjugation class, the endings regular verbs show after their stem (o, iamo, avano, ato…). */
  readonly endings = new Map<string, Set<string>>();
  readonly infinitives = new Set<string>();

  static load(): ItalianVerbs {
    const v = new ItalianVerbs();
    const verbs = JSON.parse(readFileSync(join(packageDir('italian-verbs-dict'), 'dist', 'verbs.json'), 'utf8')) as Record<string, Slots>;
    const endingCounts = new Map<string, Map<string, number>>();
    for (const [inf, slots] of Object.entries(verbs)) {
      const cls = CLASS.exec(inf);
      if (!cls) continue; // stray entries (dimmi)
      v.addVerb(inf, slots, cls, endingCounts);
    }
    for (const [form, inf, tags] of readTable<[string, string, string]>('it-verbs-irregular', 3)) {
      v.add(form, inf, tags.split(',').filter(Boolean) as FormTag[]);
      if (tags.includes('base')) v.infinitives.add(inf);
      if (/ndo$/.test(form) || tags.includes('pp')) v.hosts.add(form);
    }
    for (const inf of ['essere', 'avere']) v.hosts.add(truncatedInfinitive(inf));
    // An ending counts when at least 1 % of the class's verbs show it (irregular stems do not).
    for (const [cls, counts] of endingCounts) {
      const verbsOfClass = counts.get('')!;
      v.endings.set(cls, new Set([...counts].filter(([e, n]) => e !== '' && n * 100 >= verbsOfClass).map(([e]) => e)));
    }
    return v;
  }

  private add(form: string, infinitive: string, tags: FormTag[]): void {
    if (form && /^[a-zàèéìíòóùú]+$/.test(form)) this.forms.push({ form, infinitive, tags });
  }

  private addVerb(inf: string, slots: Slots, cls: RegExpExecArray, endingCounts: Map<string, Map<string, number>>): void {
    const reflexive = cls[2] === 'si';
    const stem = inf.slice(0, cls.index);
    let counts = endingCounts.get(cls[1]!);
    if (!counts) endingCounts.set(cls[1]!, (counts = new Map([['', 0]])));
    if (!reflexive) counts.set('', counts.get('')! + 1);
    const seen = new Set<string>();
    const form = (f: string, tags: FormTag[]) => {
      this.add(f, inf, tags);
      if (!reflexive && f.startsWith(stem) && !seen.has(f)) {
        seen.add(f);
        const ending = f.slice(stem.length);
        counts!.set(ending, (counts!.get(ending) ?? 0) + 1);
      }
    };
    this.infinitives.add(inf);
    if (!reflexive) form(inf, ['base', 'inf']);
    this.hosts.add(truncatedInfinitive(inf));
    // Morph-it! repeats the third person in the future's first person of some 300 verbs
    // (spegnerà for io and lui/lei): the first person is the third with -ò (spegnerò).
    const future = slots.ind?.fut as Record<string, string> | undefined;
    if (future?.S1 !== undefined && future.S1 === future.S3 && future.S1.endsWith('à')) form(`${future.S1.slice(0, -1)}ò`, ['infl']);
    for (const [mood, tenses] of Object.entries(slots)) {
      if (mood === 'inf' || mood === 'ger') continue;
      for (const [tense, persons] of Object.entries(tenses)) {
        if (typeof persons === 'string') continue;
        for (const [slot, f] of Object.entries(persons)) {
          if (mood === 'part' && tense === 'past') form(f, PARTICIPLE_TAGS[slot] ?? ['pp']);
          else form(f, ['infl']);
          if (mood === 'impr' || mood === 'part' && tense === 'past') this.hosts.add(f);
        }
      }
    }
    // The gerund from the imperfect: parlavo → parlando, dicevo → dicendo, finivo → finendo
    // (until stop 32 "finindo": every -ire verb had a gerund no source attests, and its real
    // one, where the spelling dictionary lists it, was a word of its own beside the verb).
    const imperfect = (slots.ind?.impf as Record<string, string> | undefined)?.S1;
    // A stem in gl keeps its sound with an i (inorgoglivo → inorgogliendo).
    if (imperfect !== undefined && /[aei]vo$/.test(imperfect)) {
      const stem = imperfect.slice(0, -3);
      const gerund = `${stem}${imperfect.at(-3) === 'a' ? 'a' : stem.endsWith('gl') ? 'ie' : 'e'}ndo`;
      form(gerund, ['infl']);
      this.hosts.add(gerund);
    }
  }
}

/** parlare → parlar, dire → dir, porre → por: the infinitive as it stands before a pronoun. */
export function truncatedInfinitive(inf: string): string {
  const base = inf.replace(/si$/, '').replace(/re$/, '');
  return base.endsWith('r') ? base : `${base}r`;
}

/** The conjugation class and stem of an infinitive (mangiare: are, mangi), or null. */
export function verbClass(inf: string): { cls: string; stem: string } | null {
  const m = CLASS.exec(inf);
  return m && !m[2] ? { cls: m[1]!, stem: inf.slice(0, m.index) } : null;
}

const CLITICS = ['glie', 'gli', 'mi', 'ti', 'ci', 'vi', 'si', 'lo', 'la', 'li', 'le', 'ne', 'me', 'te', 'ce', 've', 'se'];

/**
 * Whether a word is a verb form with pronouns attached (mangiarlo, andandosene, dimmi,
 * vattene, dirglielo, prendilo, abbandonatiglielo): the Paroliere rules take every inflection
 * of Italian except these. The word must end in one to three pronouns whose host is an
 * imperative, a gerund, a past participle or an infinitive stripped of its final e; after di,
 * fa, va, da and sta the pronoun's first consonant doubles (dimmi, vattene).
 */
export function isEnclitic(word: string, hosts: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 0 && hosts.has(word)) return true;
  if (depth === 3) return false;
  for (const clitic of CLITICS) {
    if (!word.endsWith(clitic) || word.length <= clitic.length + 1) continue;
    const host = word.slice(0, -clitic.length);
    if (isEnclitic(host, hosts, depth + 1)) return true;
    if (host.endsWith(clitic[0]!) && hosts.has(host.slice(0, -1))) return true; // dim-mi, vat-te-ne
  }
  return false;
}
