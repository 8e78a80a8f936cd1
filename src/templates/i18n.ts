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
};

export function reasonText(lang: TemplateLang, reason: RejectReason | undefined): string {
  return reason ? REASONS[lang][reason] : '';
}

/** A rejection with the words it conflicts with: "Form eines schon gezählten Wortes (GURREN)". */
export function reasonWithConflicts(lang: TemplateLang, w: { reason?: RejectReason | undefined; conflictsWith?: string[] | undefined }): string {
  return reasonText(lang, w.reason) + (w.conflictsWith?.length ? ` (${w.conflictsWith.join(', ')})` : '');
}

export type RefusalReason = 'unknown-sender' | 'round-closed' | 'no-open-round' | 'too-large' | 'no-such-round' | 'bad-code' | 'unreadable';

/** Template language of a game: German for German games, English otherwise. */
export function templateLang(language: string): TemplateLang {
  return language === 'de' ? 'de' : 'en';
}
