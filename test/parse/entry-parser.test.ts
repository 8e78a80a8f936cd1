import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEntry, type ParseContext } from '../../src/parse/entry-parser.js';
import { parseField } from '../../src/rules/field.js';
import { foldWord } from '../../src/rules/fold.js';
import { jokerOptions, onFieldAtAll } from '../../src/rules/paths.js';

const field = parseField('FERNC/BSREO/EM*RU/NLIGK/ZALEW');
const ctx: ParseContext = { onField: (t) => { const f = foldWord(t, 'de'); return !!f && f.length >= 2 && onFieldAtAll(jokerOptions(field, f)); }, senderName: 'Hans Meier' };
const read = (body: string, subject = '') => parseEntry(subject, body, ctx);

describe('reading an entry from a mail body', () => {
  it('reads the SPEC example: numbered words, Ersatz line, Joker line', () => {
    const e = parseEntry('Runde 3', 'Joker: A\n1. gurren\n2. Gras\n3. Emaille\n\nErsatz: Besen, Emaille\n');
    expect(e).toMatchObject({ main: ['gurren', 'Gras', 'Emaille'], substitutes: ['Besen', 'Emaille'], joker: 'A', round: 3, code: null, isEntry: true, why: 'keywords' });
  });
  it('reads unnumbered words separated by commas, lines or spaces', () => {
    expect(parseEntry('', 'gurren, Gras,Emaille\nBesen\nFerne Elle\nE: Kur').main).toEqual(['gurren', 'Gras', 'Emaille', 'Besen', 'Ferne', 'Elle']);
    expect(parseEntry('', 'gurren; Gras\nSubstitutes: Kur;Krug').substitutes).toEqual(['Kur', 'Krug']);
  });
  it('knows the substitute and joker spellings of SPEC 7', () => {
    for (const head of ['Ersatz:', 'Ersatzwörter:', 'Ersatzwoerter:', 'Substitutes:', 'E:']) {
      expect(parseEntry('', `gurren\n${head} Besen`).substitutes).toEqual(['Besen']);
    }
    for (const line of ['Joker: A', 'joker a', '* = A', '*=a', 'Joker = "A"', 'Stern: A']) {
      expect(parseEntry('', `${line}\ngurren`).joker?.toUpperCase()).toBe('A');
    }
    expect(parseEntry('', 'Stern\nGras').main).toEqual(['Stern', 'Gras']); // Stern is a word too
    expect(parseEntry('', 'Joker: A, gurren, Gras')).toMatchObject({ joker: 'A', main: ['gurren', 'Gras'] });
    expect(parseEntry('', 'Liebe\nBis').main).toEqual(['Liebe', 'Bis']); // so are Liebe and Bis, alone on a line
    expect(parseEntry('', 'Hallo, gurren, Gras').main).toEqual(['Hallo', 'gurren', 'Gras']); // a list line is a list
  });
  it('takes substitutes listed on the lines after the Ersatz heading', () => {
    const e = parseEntry('', '1) gurren\n2) Gras\nErsatzwörter:\n1. Besen\n2. Kur\n');
    expect(e.main).toEqual(['gurren', 'Gras']);
    expect(e.substitutes).toEqual(['Besen', 'Kur']);
  });
  it('ignores greetings, quoted text, the signature and the quoted announcement', () => {
    const body = [
      'Hallo Spielleitung,', '', 'hier meine Wörter für diese Runde:', '', '1. gurren', '2. Gras', '', 'Viele Grüße', 'Alice', '-- ',
      'Alice Example, Musterstraße 1', '',
    ].join('\n');
    expect(parseEntry('Re: Runde 3', body)).toMatchObject({ main: ['gurren', 'Gras'], substitutes: [], joker: null, round: null, roundHint: 3, code: null });
    const reply = 'gurren, Gras\n\nAm 01.11.2026 um 12:00 schrieb Spielleitung <gm@example.test>:\n> Runde 4\n> Das Feld: FERNC\n';
    expect(parseEntry('Re: Runde 3', reply).main).toEqual(['gurren', 'Gras']);
    const outlook = 'Besen\r\n\r\n-----Original Message-----\r\nFrom: gm\r\nEmaille\r\n';
    expect(parseEntry('', outlook).main).toEqual(['Besen']);
    expect(parseEntry('', 'Besen\n> Emaille\nOn Mon, 2 Nov 2026 at 10:00, GM <gm@example.test> wrote:\n> Gras').main).toEqual(['Besen']);
  });
  it('stops at a closing line, so the name under it is not a word', () => {
    expect(parseEntry('', '1. gurren\nErsatz: Besen\n\nViele Grüße\nAlice')).toMatchObject({ main: ['gurren'], substitutes: ['Besen'] });
    expect(parseEntry('', 'gurren, Gras\nBest regards,\nBob').main).toEqual(['gurren', 'Gras']);
    expect(parseEntry('', 'LG Carol').main).toEqual([]);
    expect(parseEntry('', 'gurren\nGruß\nGras\nBesen\nKur\nElle').main).toEqual(['gurren', 'Gruß', 'Gras', 'Besen', 'Kur', 'Elle']);
  });
  it('reads substitutes numbered as receipts show them (E1., S2)', () => {
    expect(parseEntry('', '1. gurren\n2. Gras\nE1. Besen\nE2. Kur\n')).toMatchObject({ main: ['gurren', 'Gras'], substitutes: ['Besen', 'Kur'] });
    expect(parseEntry('', 'gurren\nS1) Besen')).toMatchObject({ main: ['gurren'], substitutes: ['Besen'] });
  });
  it('drops numbering inside a line, so it does not take the place of a word', () => {
    expect(parseEntry('', '1. gurren 2. Gras 3) Besen\nErsatz: 1. Kur 2. Elle')).toMatchObject({ main: ['gurren', 'Gras', 'Besen'], substitutes: ['Kur', 'Elle'] });
  });
  it('keeps at most 50 words and 50 substitutes of a huge mail', () => {
    const e = parseEntry('', Array.from({ length: 5000 }, (_, i) => `w${'a'.repeat(i % 7)}b`).join(', '));
    expect(e.main).toHaveLength(50);
  });
  it('keeps tokens with hyphens or digits as typed, for the judge to report', () => {
    expect(parseEntry('', '1. Zar-Reich\n2. R2D2\n3. "Gras".').main).toEqual(['Zar-Reich', 'R2D2', 'Gras']);
  });
  it('takes the round from the subject first, then the body', () => {
    expect(parseEntry('Runde 12', 'Round 3\ngurren').round).toBe(12);
    expect(parseEntry('Meine Wörter', 'Runde: 7\ngurren').round).toBe(7);
    expect(parseEntry('Re: Round #4', 'gurren')).toMatchObject({ round: null, roundHint: 4 }); // a reply's subject only hints
    expect(parseEntry('', 'gurren').round).toBeNull();
  });
  it('reads back any list it is given, numbered, comma-separated or one a line', () => {
    const word = fc.stringMatching(/^[a-zäöüß]{3,10}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 9 }), fc.array(word, { maxLength: 3 }), fc.constantFrom('numbered', 'comma', 'lines'), (main, subs, style) => {
      const list = style === 'numbered' ? main.map((w, i) => `${i + 1}. ${w}`).join('\n') : style === 'comma' ? main.join(', ') : main.join('\n');
      const body = `${list}\n${subs.length ? `Ersatz: ${subs.join(', ')}\n` : ''}`;
      const e = parseEntry('', body);
      expect(e.main).toEqual(main);
      expect(e.substitutes).toEqual(subs);
    }), { numRuns: 300 });
  });
});

describe('issue 9: closings, signatures, posting styles, rounds, tokens, not-entries', () => {
  it.each([
    ['Mit freundlichen Grüßen + name', 'gurren, Gras, Besen\n\nMit freundlichen Grüßen\nHans Meier'],
    ['Viele liebe Grüße', 'gurren, Gras, Besen\n\nViele liebe Grüße\nAnna'],
    ['Grüßle', 'gurren\nGras\nBesen\n\nGrüßle\nAnna'],
    ['Servus + name', 'gurren, Gras, Besen\n\nServus Hans'],
    ['Von meinem iPhone gesendet', 'gurren, Gras, Besen\n\nVon meinem iPhone gesendet'],
    ['Gesendet von meinem iPad', 'gurren, Gras, Besen\n\nGesendet von meinem iPad'],
    ['Sent from my iPhone', 'gurren, Gras, Besen\n\nSent from my iPhone'],
    ['Sent from my Galaxy', 'gurren, Gras, Besen\nSent from my Galaxy'],
    ['Get Outlook for Android', 'gurren, Gras, Besen\n\nGet Outlook for Android'],
    ['Gesendet von Outlook für Android', 'gurren, Gras, Besen\n\nGesendet von Outlook für Android'],
    ['Sent from Mail for Windows', 'gurren, Gras, Besen\n\nSent from Mail for Windows'],
    ['a name with a phone number', 'gurren, Gras, Besen\nHans Meier\nTel. 0171 2345678'],
    ['a phone number on the name line', 'gurren, Gras, Besen\n\nHans Meier, +49 171 2345678'],
    ['a closing in NFD', 'gurren, Gras, Besen\n\nViele Grüße\nAnna'.normalize('NFD')],
    ['"Sorry, again:" and "Bye"', 'Sorry, again:\ngurren, Gras, Besen\nBye'],
    ['"Hi!"', 'Hi!\ngurren, Gras, Besen'],
    ['French closing', 'gurren, Gras, Besen\n\nCordialement,\nJean'],
    ['Italian closing', 'gurren, Gras, Besen\n\nCordiali saluti\nMarco Rossi'],
    ['English closing and name', 'gurren, Gras, Besen\n\nBest regards,\nBob Smith\nbob@example.org'],
    ['the sender\'s name alone under the words', 'gurren, Gras, Besen\nHans'],
  ])('%s: the words only', (_, body) => {
    expect(read(body)).toMatchObject({ main: ['gurren', 'Gras', 'Besen'], isEntry: true });
  });

  it('reads a bottom-posted reply: the entry below "On … wrote:" and the quote', () => {
    const body = 'On Mon, 2 Nov 2026 at 10:00, Spielleitung <gm@example.test>\nwrote:\n> Runde 1\n> FERNC\n> BSREO\n\ngurren, Gras\nErsatz: Besen\n';
    expect(read(body)).toMatchObject({ main: ['gurren', 'Gras'], substitutes: ['Besen'], isEntry: true, quotedLines: 5 });
    const de = 'Hallo,\n\nAm 01.11.2026 um 12:00 schrieb Spielleitung <gm@example.test>:\n> Runde 1\n> FERNC\n\n1. gurren\n2. Gras\n\nLG Hans';
    expect(read(de)).toMatchObject({ main: ['gurren', 'Gras'], isEntry: true });
    const inline = '> Joker?\nJoker: A\n> Deine Wörter?\ngurren, Gras\n';
    expect(read(inline)).toMatchObject({ joker: 'A', main: ['gurren', 'Gras'] });
  });

  it('reads a line of six or more words, and Ersatz in the middle of a line', () => {
    expect(read('gurren Gras Besen Emaille Kur Elle Regen').main).toEqual(['gurren', 'Gras', 'Besen', 'Emaille', 'Kur', 'Elle', 'Regen']);
    expect(read('gurren, Gras, Besen, Perlet, Ersatz: Igel, Eile')).toMatchObject({ main: ['gurren', 'Gras', 'Besen', 'Perlet'], substitutes: ['Igel', 'Eile'] });
  });

  it('names the round only from the subject or a line of its own', () => {
    expect(read('gurren, Gras\n\nPS: Die Auswertung von Runde 3 war super!').round).toBeNull();
    expect(read('Runde 3\ngurren, Gras').round).toBe(3);
    expect(read('gurren, Gras', 'Re: Boggle: Ergebnisse der Runde 1')).toMatchObject({ round: null, roundHint: 1 });
    expect(read('gurren, Gras', 'AW: WG: Runde 2')).toMatchObject({ round: null, roundHint: 2 });
    expect(read('Round 4\ngurren', 'Re: Boggle: Round 1 results')).toMatchObject({ round: 4 });
    // A round named by the player is evidence enough: words off the field are read (and reported), not dropped.
    expect(read('Xylophon, Quarz', 'Runde 2')).toMatchObject({ isEntry: true, why: 'round-named', main: ['Xylophon', 'Quarz'] });
    expect(read('help', 'Runde 2')).toMatchObject({ isEntry: false, why: 'command' });
  });

  it('reports tokens that are not words as typed: digits, a trailing apostrophe', () => {
    expect(read('1. gurren 2. Gras 3. 12 4. Besen 5. Regen 6. Zange 7. Geste 8. Leim').main).toEqual(['gurren', 'Gras', '12', 'Besen', 'Regen', 'Zange', 'Geste', 'Leim']);
    expect(read("gurren, Hans', Gras").main).toEqual(['gurren', "Hans'", 'Gras']);
    expect(read('gurren, "Gras", (Besen), \'Kur\'').main).toEqual(['gurren', 'Gras', 'Besen', 'Kur']);
    expect(read('1. 7\n2. gurren').main).toEqual(['7', 'gurren']);
  });

  it.each([
    ['Bin im Urlaub / Bis bald', 'Bin im Urlaub\nBis bald', 'no-words'],
    ['help', 'help', 'command'],
    ['status', 'status', 'command'],
    ['Hilfe', 'Hilfe', 'command'],
    ['a question to the GM', 'Hallo,\nwann ist eigentlich Einsendeschluss?\nDanke\nHans', 'no-words'],
    ['words not on the field', 'Xylophon Quarz', 'not-on-field'],
    ['an empty mail', '', 'no-words'],
  ])('%s is not an entry', (_, body, why) => {
    expect(read(body)).toMatchObject({ isEntry: false, why });
  });

  it('keeps what it left out, in the order of the mail, for the receipt', () => {
    const e = read('Hallo,\n\ngurren, Gras\n\nViele Grüße\nHans\n-- \nHans Meier · Musterweg 1\n\n> quoted\n');
    expect(e.ignored.map((i) => `${i.why}: ${i.text}`)).toEqual(['greeting: Hallo,', 'closing: Viele Grüße', 'signature: Hans', 'signature: --', 'signature: Hans Meier · Musterweg 1']);
    expect(e.quotedLines).toBe(1);
  });

  it('stays linear on hostile text (no pattern backtracks over a long line)', () => {
    const lines = ['On ' + '<'.repeat(99_000), 'Am ' + ' '.repeat(50_000) + 'x', '1.' + ' 1.'.repeat(30_000), '>'.repeat(10_000), ('a, '.repeat(20_000))];
    for (const body of lines) expect(() => read(body)).not.toThrow();
  });
});
