import type { RejectReason } from '../rules/types.js';
import type { TemplateLang } from './render.js';

// Short texts computed in code and handed to the templates (the templates hold the rest).

const REASONS: Record<TemplateLang, Record<RejectReason, string>> = {
  de: {
    'too-short': 'zu kurz',
    'not-a-word': 'kein Wort (nur Buchstaben zählen)',
    'not-on-field': 'nicht auf dem Feld',
    'joker-conflict': 'braucht einen anderen Joker-Buchstaben',
    'not-in-dictionary': 'nicht im Wörterbuch',
    'pending-review': 'wartet auf die Entscheidung der Spielleitung',
    'same-lemma': 'Form eines schon gezählten Wortes',
    'duplicate': 'doppelt',
    'over-limit': 'zu viele Wörter',
    'form-not-allowed': 'diese Wortform ist in diesem Spiel nicht erlaubt',
  },
  en: {
    'too-short': 'too short',
    'not-a-word': 'not a word (only letters count)',
    'not-on-field': 'not on the field',
    'joker-conflict': 'needs a different joker letter',
    'not-in-dictionary': 'not in the dictionary',
    'pending-review': 'awaits the game master\'s decision',
    'same-lemma': 'a form of a word already counted',
    'duplicate': 'listed twice',
    'over-limit': 'too many words',
    'form-not-allowed': 'this word form is not allowed in this game',
  },
  fr: {
    'too-short': 'trop court',
    'not-a-word': 'pas un mot (seules les lettres comptent)',
    'not-on-field': 'pas dans la grille',
    'joker-conflict': 'demande une autre lettre pour le joker',
    'not-in-dictionary': 'pas dans le dictionnaire',
    'pending-review': 'en attente de la décision de l\'arbitre',
    'same-lemma': 'une forme d\'un mot déjà compté',
    'duplicate': 'en double',
    'over-limit': 'trop de mots',
    'form-not-allowed': 'cette forme n\'est pas admise dans cette partie',
  },
  it: {
    'too-short': 'troppo corta',
    'not-a-word': 'non è una parola (contano solo le lettere)',
    'not-on-field': 'non è nella griglia',
    'joker-conflict': 'richiede un\'altra lettera per il jolly',
    'not-in-dictionary': 'non è nel dizionario',
    'pending-review': 'in attesa della decisione dell\'arbitro',
    'same-lemma': 'una forma di una parola già contata',
    'duplicate': 'ripetuta',
    'over-limit': 'troppe parole',
    'form-not-allowed': 'questa forma non è ammessa in questa partita',
  },
};

/** Why a form is not allowed, by the game's word-form rules (docs/word-forms.md). */
const FORM_RULES: Record<TemplateLang, { oldfashion: string; noPlurals: string }> = {
  de: {
    oldfashion: 'Old Fashion: nur Grundformen, Verben nur im Infinitiv oder Partizip, keine Mehrzahl und kein Femininum mit nur einem angehängten Buchstaben',
    noPlurals: 'Mehrzahlformen zählen in diesem Spiel nicht',
  },
  en: {
    oldfashion: 'Old Fashion: base forms only, verbs only as infinitive or past participle, no plural or feminine made by adding one letter',
    noPlurals: 'plurals do not count in this game',
  },
  fr: {
    oldfashion: 'Old Fashion : pas de conjugaisons, verbes à l\'infinitif ou au participe passé seulement, pas de pluriel ni de féminin obtenu en ajoutant une seule lettre',
    noPlurals: 'les pluriels ne comptent pas dans cette partie',
  },
  it: {
    oldfashion: 'Old Fashion: solo forme base, verbi solo all\'infinito o al participio passato, niente plurali o femminili ottenuti aggiungendo una sola lettera',
    noPlurals: 'i plurali non contano in questa partita',
  },
};

export function reasonText(lang: TemplateLang, reason: RejectReason | undefined, rules?: { words?: string; noPlurals?: boolean }): string {
  if (!reason) return '';
  if (reason === 'form-not-allowed' && rules) {
    const why = [rules.words === 'oldfashion' ? FORM_RULES[lang].oldfashion : null, rules.noPlurals ? FORM_RULES[lang].noPlurals : null].filter(Boolean);
    if (why.length) return `${REASONS[lang][reason]} (${why.join('; ')})`;
  }
  return REASONS[lang][reason];
}

/** A rejection with the words it conflicts with: "Form eines schon gezählten Wortes (GURREN)". */
export function reasonWithConflicts(lang: TemplateLang, w: { reason?: RejectReason | undefined; conflictsWith?: string[] | undefined }): string {
  return reasonText(lang, w.reason) + (w.conflictsWith?.length ? ` (${w.conflictsWith.join(', ')})` : '');
}

export type RefusalReason = 'unknown-sender' | 'round-closed' | 'no-open-round' | 'too-large' | 'no-such-round' | 'bad-code' | 'unreadable';

/** Template language of a game: its own language (de, en, fr, it); English for anything else. */
export function templateLang(language: string): TemplateLang {
  return language === 'de' || language === 'fr' || language === 'it' ? language : 'en';
}
