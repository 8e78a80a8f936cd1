/**
 * Prefixes of German verbs: erschrak is er + schrak, mitkam is mit + kam; and the spoken
 * short forms of her-/hin- particles the Duden lists verbs of (rauswerfen,
 * rüberbringen, rumlaufen, runterfallen, raufklettern, ranlassen, drankommen, draufzahlen)
 * and adverbial particles (herumlaufen, umherziehen, hinterherlaufen, davonlaufen). Not hoch-,
 * mostly an adverb of degree (hochbelastet), nor rein-, also the adjective (reinweiß).
 */
export const VERB_PREFIXES = ['runter', 'rüber', 'raus', 'rauf', 'rum', 'ran', 'drauf', 'dran', 'drein', 'drunter', 'drüber', 'herum', 'umher', 'hinterher', 'davon', 'zurecht', 'zurück', 'zusammen', 'wieder', 'weiter', 'hinunter', 'herunter', 'hinauf', 'herauf', 'hinaus', 'heraus', 'hinein', 'herein', 'vorbei', 'voran', 'voraus', 'entgegen', 'entlang', 'empor', 'nieder', 'heim', 'nach', 'durch', 'über', 'unter', 'hinter', 'wider', 'fort', 'hin', 'her', 'los', 'weg', 'vor', 'mit', 'auf', 'aus', 'ein', 'ab', 'an', 'zu', 'um', 'bei', 'dar', 'ent', 'emp', 'zer', 'ver', 'miss', 'er', 'be', 'ge'];
