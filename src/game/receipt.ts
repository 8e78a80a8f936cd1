import { analyseEntry, judgeAnalysed, type JudgeContext } from '../rules/judge.js';
import type { RejectReason } from '../rules/types.js';
import { reasonText } from '../templates/i18n.js';
import type { TemplateLang } from '../templates/render.js';
import type { IgnoredWhy, ParsedEntry } from '../parse/entry-parser.js';

/** Problems anyone can check before the deadline; dictionary verdicts stay secret until then. */
const PUBLIC: RejectReason[] = ['too-short', 'not-a-word', 'duplicate', 'over-limit', 'not-on-field'];

export interface ReceiptWord {
  index: number;
  input: string;
  problem: string | null;
}

export interface ReceiptData {
  main: ReceiptWord[];
  substitutes: ReceiptWord[];
  joker: string | null;
  notes: string[];
}

const NOTES = {
  de: {
    badJoker: (j: string) => `Den Joker „${j}“ haben wir nicht verstanden: er muss ein Buchstabe A–Z sein. Wir wählen den besten Buchstaben.`,
    mixed: (list: string) => `Deine Wörter brauchen verschiedene Joker-Buchstaben (${list}); es zählt nur einer.`,
  },
  en: {
    badJoker: (j: string) => `We did not understand the joker "${j}": it must be one letter A–Z. We choose the best letter.`,
    mixed: (list: string) => `Your words need different joker letters (${list}); only one can count.`,
  },
  fr: {
    badJoker: (j: string) => `Nous n'avons pas compris le joker « ${j} » : ce doit être une lettre de A à Z. Nous choisissons la meilleure lettre.`,
    mixed: (list: string) => `Vos mots demandent des lettres de joker différentes (${list}) ; une seule peut compter.`,
  },
  it: {
    badJoker: (j: string) => `Non abbiamo capito il jolly «${j}»: deve essere una lettera dalla A alla Z. Scegliamo noi la lettera migliore.`,
    mixed: (list: string) => `Le tue parole richiedono lettere diverse per il jolly (${list}); ne può contare solo una.`,
  },
};

/** Reads back an entry as understood, with its publicly checkable problems (SPEC 7). Pure. */
export function receiptData(entry: Pick<ParsedEntry, 'main' | 'substitutes'>, joker: string | null, badJoker: string | null, ctx: JudgeContext, lang: TemplateLang, afterDeadline = false): ReceiptData {
  const analysed = analyseEntry({ main: entry.main, substitutes: entry.substitutes }, ctx);
  // After the deadline (an entry in the grace time) nothing is secret any more: the receipt
  // tells the dictionary's verdict too, and why a form does not count in this game.
  const late = afterDeadline ? judgeAnalysed(analysed, joker, ctx) : null;
  const words = analysed.map((a, i) => {
    const verdict = late?.[i];
    let problem: string | null = verdict?.status === 'rejected' ? reasonText(lang, verdict.reason, ctx.rules)
      : a.early && PUBLIC.includes(a.early) ? reasonText(lang, a.early) : null;
    if (!problem && joker && a.options && !a.options.plain && !a.options.letters.includes(joker)) problem = reasonText(lang, 'joker-conflict');
    return { index: a.index, input: a.input, problem, role: a.role, options: a.options };
  });
  const notes: string[] = [];
  if (badJoker) notes.push(NOTES[lang].badJoker(badJoker));
  if (!joker) {
    const needing = words.filter((w) => !w.problem && w.options && !w.options.plain);
    const common = needing.reduce<string[] | null>((acc, w) => (acc === null ? [...w.options!.letters] : acc.filter((l) => w.options!.letters.includes(l))), null);
    if (needing.length > 1 && common !== null && common.length === 0) {
      notes.push(NOTES[lang].mixed(needing.map((w) => `${w.input}: ${w.options!.letters.join('/')}`).join(', ')));
    }
  }
  const strip = ({ index, input, problem }: ReceiptWord) => ({ index, input, problem });
  return {
    main: words.filter((w) => w.role === 'main').map(strip),
    substitutes: words.filter((w) => w.role === 'substitute').map(strip),
    joker,
    notes,
  };
}

const WHY: Record<TemplateLang, Record<IgnoredWhy, string>> = {
  de: {
    quote: 'Zitat', signature: 'Signatur', greeting: 'Anrede', closing: 'Grußformel', text: 'Text', 'not numbered': 'nicht nummeriert',
    command: 'Anfrage', round: 'Rundenangabe', address: 'Adresse',
  },
  en: {
    quote: 'quote', signature: 'signature', greeting: 'greeting', closing: 'closing', text: 'text', 'not numbered': 'not numbered',
    command: 'request', round: 'round line', address: 'address',
  },
  fr: {
    quote: 'citation', signature: 'signature', greeting: 'salutation', closing: 'formule de politesse', text: 'texte', 'not numbered': 'non numéroté',
    command: 'demande', round: 'ligne de manche', address: 'adresse',
  },
  it: {
    quote: 'citazione', signature: 'firma', greeting: 'saluto', closing: 'formula di chiusura', text: 'testo', 'not numbered': 'non numerata',
    command: 'richiesta', round: 'riga del turno', address: 'indirizzo',
  },
};

const SHOWN = 8;

/** What the reader left out, for the receipt: up to 8 lines (each cut to 60 characters), how many more, and the quoted lines. */
export function ignoredView(parsed: Pick<ParsedEntry, 'ignored' | 'quotedLines'>, lang: TemplateLang) {
  const lines = parsed.ignored.filter((i) => i.why !== 'round');
  return {
    ignored: lines.slice(0, SHOWN).map((i) => ({ text: i.text.length > 60 ? `${i.text.slice(0, 59)}…` : i.text, why: WHY[lang][i.why] })),
    ignoredMore: Math.max(0, lines.length - SHOWN),
    quotedLines: parsed.quotedLines,
  };
}
