import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEntry } from '../../src/parse/entry-parser.js';

describe('reading an entry from a mail body', () => {
  it('reads the SPEC example: numbered words, Ersatz line, Joker line', () => {
    const e = parseEntry('Runde 3', 'Joker: A\n1. gurren\n2. Gras\n3. Emaille\n\nErsatz: Besen, Emaille\n');
    expect(e).toEqual({ main: ['gurren', 'Gras', 'Emaille'], substitutes: ['Besen', 'Emaille'], joker: 'A', round: 3, code: null });
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
    expect(parseEntry('Re: Runde 3', body)).toEqual({ main: ['gurren', 'Gras'], substitutes: [], joker: null, round: 3, code: null });
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
    expect(parseEntry('Re: Round #4', 'gurren').round).toBe(4);
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
