// The phrases players wrap around their words, in German, English, French and Italian:
// greetings, closings, app signatures, the small words of sentences, and requests that are
// not entries. Lower case, NFC; matched against whole tokens or line starts.

/** Greetings that open a mail ("Hallo Anna,", "Hi!", "Liebe Spielleitung,"). */
export const GREETINGS = [
  'hallo', 'hello', 'hi', 'hey', 'moin', 'moin moin', 'servus', 'grüß gott', 'grüezi', 'guten morgen', 'guten tag', 'guten abend',
  'lieber', 'liebe', 'liebes', 'dear', 'good morning', 'good evening', 'salut', 'bonjour', 'bonsoir', 'coucou', 'cher', 'chère',
  'ciao', 'buongiorno', 'buonasera', 'salve', 'caro', 'cara', 'carissimi', 'hallöchen', 'huhu', 'tach', 'na',
];

/** Closings after which only a name, a phone number or an address follows. */
export const CLOSINGS = [
  // German
  'viele grüße', 'viele grüsse', 'viele gruesse', 'liebe grüße', 'liebe grüsse', 'liebe gruesse', 'viele liebe grüße', 'ganz liebe grüße',
  'herzliche grüße', 'herzliche grüsse', 'beste grüße', 'besten gruß', 'beste grüsse', 'freundliche grüße', 'mit freundlichen grüßen',
  'mit freundlichen grüssen', 'mit freundlichem gruß', 'mit besten grüßen', 'schöne grüße', 'schöne grüsse', 'sonnige grüße',
  'sportliche grüße', 'gruß', 'gruss', 'grüße', 'grüsse', 'gruesse', 'grüßle', 'grüssle', 'grüßli', 'grüessli', 'lg', 'vg', 'mfg', 'hg', 'bg',
  'servus', 'tschüss', 'tschüs', 'tschau', 'ciao', 'bis bald', 'bis dann', 'bis später', 'bis demnächst', 'bis zum nächsten mal',
  'danke', 'vielen dank', 'danke schön', 'dankeschön', 'alles gute', 'schönen tag noch', 'schönes wochenende', 'einen schönen tag',
  'euer', 'eure', 'dein', 'deine', 'ihr', 'ihre',
  // English
  'best', 'best regards', 'kind regards', 'warm regards', 'regards', 'cheers', 'thanks', 'thank you', 'many thanks', 'thanks a lot',
  'best wishes', 'all the best', 'yours', 'yours sincerely', 'sincerely', 'cordially', 'take care', 'bye', 'bye bye', 'see you',
  'love', 'greetings', 'have a nice day',
  // French
  'cordialement', 'bien cordialement', 'bien à vous', 'amicalement', 'amitiés', 'bises', 'bisous', 'grosses bises', 'a+', 'à bientôt',
  'a bientôt', 'merci', 'merci beaucoup', 'salutations', 'sincères salutations', 'bonne journée', 'bonne soirée', 'à plus',
  // Italian
  'saluti', 'cordiali saluti', 'distinti saluti', 'un saluto', 'tanti saluti', 'a presto', 'grazie', 'grazie mille', 'buona giornata',
  'un abbraccio', 'baci', 'un caro saluto',
];

/** Lines a phone or mail app adds under the text ("Von meinem iPhone gesendet"). */
export const APP_SIGNATURES: RegExp[] = [
  /^(?:von meinem|gesendet (?:von|mit) (?:meinem|der|dem)?)\s*\S.{0,60}?(?:gesendet)?$/i,
  /^(?:sent|envoyé|inviato|enviado|verzonden)\s+(?:from|with|de|depuis|avec|da|dal|dal mio|via|van)\b.{0,80}$/i,
  /^(?:get|holen sie sich|télécharger|scarica)\s+outlook\b.{0,60}$/i,
  /^(?:gesendet von|sent from|envoyé de|inviato da)\s+(?:outlook|mail|yahoo|gmx|web\.de|t-online|aol|proton)\b.{0,60}$/i,
  /^(?:diese nachricht wurde von meinem|this message was sent from)\b.{0,80}$/i,
];

/** The small words of sentences, per language: a line with several of them is prose, not a word list. */
export const FUNCTION_WORDS: Record<'de' | 'en' | 'fr' | 'it', ReadonlySet<string>> = {
  de: new Set([
    'ich', 'du', 'er', 'es', 'wir', 'ihr', 'sie', 'bin', 'bist', 'ist', 'sind', 'war', 'habe', 'hab', 'hat', 'haben', 'wird', 'werde', 'kann',
    'im', 'am', 'ins', 'zum', 'zur', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'und', 'oder', 'aber', 'nicht',
    'kein', 'keine', 'mein', 'meine', 'meinen', 'dein', 'deine', 'mit', 'für', 'von', 'zu', 'bei', 'auf', 'aus', 'nach', 'noch', 'schon',
    'hier', 'da', 'mal', 'auch', 'wie', 'was', 'wann', 'wo', 'warum', 'heute', 'diese', 'dieser', 'diesmal', 'bitte', 'leider',
    'gerade', 'jetzt', 'sorry', 'nochmal', 'wieder', 'ob', 'dass', 'wenn', 'weil', 'so', 'sehr', 'nur', 'man', 'uns', 'euch', 'mir', 'dir',
  ]),
  en: new Set([
    'i', 'you', 'he', 'she', 'it', 'we', 'they', 'is', 'are', 'was', 'be', 'have', 'has', 'the', 'a', 'an', 'and', 'or', 'but',
    'not', 'my', 'your', 'to', 'of', 'in', 'on', 'for', 'with', 'at', 'from', 'this', 'that', 'here', 'there', 'what', 'when', 'please',
    'again', 'just', 'will', 'can', 'me', 'our', 'these', 'those', 'if', 'as', 'do', 'did', 'am', 'sorry',
  ]),
  fr: new Set([
    'je', 'tu', 'il', 'elle', 'nous', 'vous', 'ils', 'suis', 'est', 'sont', 'le', 'la', 'les', 'un', 'une', 'des', 'et', 'ou', 'mais',
    'pas', 'mon', 'ma', 'mes', 'pour', 'avec', 'dans', 'sur', 'du', 'ce', 'cette', 'voici', 'voilà', 'ne', 'qui', 'que', 'de',
  ]),
  it: new Set([
    'io', 'tu', 'lui', 'lei', 'noi', 'voi', 'sono', 'è', 'e', 'il', 'lo', 'la', 'gli', 'le', 'un', 'una', 'di', 'da', 'in', 'con', 'per',
    'su', 'non', 'mio', 'mia', 'questo', 'questa', 'ecco', 'che', 'ho', 'ha',
  ]),
};

/** Requests and one-word mails that are not entries ("help", "status", "Hilfe"). */
export const COMMANDS = new Set([
  'help', 'hilfe', 'status', 'stand', 'info', 'infos', 'aide', 'aiuto', 'stop', 'abmelden', 'anmelden', 'unsubscribe', 'subscribe',
  'abbestellen', 'frage', 'question', 'domanda', 'rangliste', 'ranking', 'classement', 'classifica', 'regeln', 'rules', 'règles',
  'regole', 'test', 'testmail', 'ping', 'urlaub', 'vacation', 'abwesend', 'vacances', 'ferie',
]);
