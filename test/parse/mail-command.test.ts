import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEntry } from '../../src/parse/entry-parser.js';
import { commandLine, parseCommand } from '../../src/parse/mail-command.js';

// A mail command is recognised only when it is clearly the whole message (docs/players.md).

const word = fc.stringMatching(/^[A-Za-zäöüß]{3,10}$/);
const COMMAND_WORDS = ['Hilfe', 'HELP', 'status', 'Feld', 'field', 'Rangliste', 'ranking', 'Urlaub', 'pause', 'abmelden', 'resign', 'anmelden', 'join'];

describe('mail commands are never read out of an entry', () => {
  it('a numbered list or three lines of words is no command, whatever its first word', () => {
    fc.assert(fc.property(fc.constantFrom(...COMMAND_WORDS), fc.array(word, { minLength: 2, maxLength: 8 }), fc.boolean(), (cmd, words, numbered) => {
      const lines = [cmd, ...words].map((w, i) => (numbered ? `${i + 1}. ${w}` : w));
      expect(parseCommand('Meine Wörter', lines.join('\n'))).toBeNull();
    }));
  });

  it('a mail the entry parser reads as an entry by keywords is no command', () => {
    fc.assert(fc.property(fc.constantFrom(...COMMAND_WORDS), fc.array(word, { minLength: 1, maxLength: 6 }), (cmd, words) => {
      const body = `Joker: A\n${[cmd, ...words].join(', ')}`;
      expect(parseEntry('', body).isEntry).toBe(true);
      expect(parseCommand('', body)).toBeNull();
    }));
  });

  it('a command word followed by a sentence is a question for the GM, not the command', () => {
    fc.assert(fc.property(fc.constantFrom('Hilfe', 'Status', 'Feld', 'Rangliste', 'Abmelden'), fc.array(word, { minLength: 2, maxLength: 12 }), (cmd, words) => {
      expect(commandLine(`${cmd} ${words.join(' ')}?`)).toBeNull();
    }));
  });

  it('any word that is no command word is not a command', () => {
    fc.assert(fc.property(word.filter((w) => !COMMAND_WORDS.map((c) => c.toLowerCase()).includes(w.toLowerCase()) && !['stand', 'tabelle', 'holiday', 'holidays', 'quit', 'subscribe', 'unsubscribe', 'aide', 'aiuto', 'etat', 'stato', 'grille', 'griglia', 'tabellone', 'classement', 'classifica', 'vacances', 'vacation', 'pausa', 'ferie', 'vacanza', 'abmeldung', 'anmeldung', 'inscription', 'iscrizione', 'iscrivimi', 'disiscrivi', 'disiscrizione', 'desinscription'].includes(w.toLowerCase())), (w) => {
      expect(parseCommand(w, w)).toBeNull();
    }));
  });
});
