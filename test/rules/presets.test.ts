import { describe, expect, it } from 'vitest';
import { loadDictionary } from '../../src/dict/resolve.js';
import { rulesOf } from '../../src/game/game.js';
import { parseSettings } from '../../src/game/settings.js';
import { makeVerdict } from '../../src/rules/adjudication.js';
import { parseField } from '../../src/rules/field.js';
import type { JudgeContext } from '../../src/rules/judge.js';
import { PRESETS } from '../../src/rules/presets.js';
import { type PlayerEntry, scoreRound } from '../../src/rules/round-scoring.js';
import type { Language } from '../../src/rules/types.js';
import { receiptData } from '../../src/game/receipt.js';

async function presetContext(yaml: string, field: string): Promise<JudgeContext> {
  const settings = parseSettings(yaml);
  const rules = rulesOf(settings);
  return { field: parseField(field), rules, verdict: makeVerdict(await loadDictionary(settings.language as Language), undefined, rules) };
}

/** One player a word, so that no two words compete for one lemma. */
const onePerWord = (words: string[]): PlayerEntry[] => words.map((w, i) => ({ email: `p${i}@example.test`, name: `P${i}`, entry: { main: [w], substitutes: [] } }));

const verdicts = (ctx: JudgeContext, words: string[]) => {
  const r = scoreRound(1, onePerWord(words), ctx);
  return Object.fromEntries(r.players.map((p) => [p.words[0]!.word, p.words[0]!.status === 'counted' ? p.words[0]!.points : p.words[0]!.reason]));
};

// PLAISANTE(S) and NOMBREUSE(S) snake through the first four rows; AIMER and MER in the last.
const FRENCH = 'PLAIS/SETNA/NOMBR/SESUE/AIMER';

describe('presets', () => {
  it('each preset loads, with its own language and rules', () => {
    for (const p of PRESETS) {
      const s = parseSettings(`rules: { preset: ${p.name} }`);
      expect(s.language).toBe(p.language);
      expect(s.rules).toMatchObject({ ...p.rules, preset: p.name });
    }
    expect(parseSettings('{}').rules.scheme).toBe('letters');
  });
  it('keys set beside the preset override it, the language too', () => {
    const s = parseSettings('language: de\nrules: { preset: big-bbaggle, minLength: 5, uniqueOnly: true }');
    expect(s.language).toBe('de');
    expect(s.rules).toMatchObject({ field: '5x5', scheme: 'boggle', minLength: 5, uniqueOnly: true });
    expect(s.rules.dice).toBeUndefined(); // a German game rolls the German dice (de-5x5), not the preset's French ones
    expect(parseSettings('language: fr\nrules: { preset: big-bbaggle }').rules.dice).toBe('fr-5x5');
  });
  it('an unknown preset or an impossible combination fails with one line naming the key', () => {
    expect(() => parseSettings('rules: { preset: scrabble }')).toThrow(/^postboggle.yaml: rules.preset: unknown preset "scrabble"; known: postspiel, /);
    expect(() => parseSettings('rules: { preset: bbaggle, field: 5x5 }')).toThrow(/^postboggle.yaml: rules.dice: fr-4x4 under preset bbaggle is a set for 4x4 fields, but rules.field is 5x5$/);
    expect(() => parseSettings('rules: { field: 4x4, minLength: 17 }')).toThrow(/^postboggle.yaml: rules.minLength: 17 is more than the 16 cells of a 4x4 field$/);
    expect(() => parseSettings('rules: { preset: paroliere-6, field: 4x4 }')).toThrow(/rules.dice: it-5x5/);
  });

  it('bbaggle: B@ggle points by length (3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11), words from 3 letters', async () => {
    const ctx = await presetContext('rules: { preset: bbaggle }', FRENCH);
    expect(verdicts(ctx, ['mer', 'aime', 'aimer', 'nombre', 'plaisant', 'nombreuse', 'plaisantes'])).toEqual({
      MER: 1, AIME: 1, AIMER: 2, NOMBRE: 3, PLAISANT: 11, NOMBREUSE: 11, PLAISANTES: 11,
    });
    const round = scoreRound(1, [{ email: 'a@example.test', name: 'A', entry: { main: ['mer', 'aimer', 'nombre', 'plaisante', 'nombreuses', 'aime', 'plaisant', 'nombreuse'], substitutes: [] } }], ctx);
    // nombreuse is a form of nombreux like nombreuses: dropped; plaisant (also plaire) and aimé (also a noun) find lemmas of their own
    expect(round.players[0]!.words.filter((w) => w.status === 'rejected').map((w) => [w.word, w.reason])).toEqual([['NOMBREUSE', 'same-lemma']]);
    expect(round.players[0]!.total).toBe(1 + 2 + 3 + 11 + 11 + 1 + 11);
  });
  it('big-bbaggle: words from 4 letters', async () => {
    const ctx = await presetContext('rules: { preset: big-bbaggle }', FRENCH);
    expect(verdicts(ctx, ['mer', 'aime', 'nombreuses'])).toEqual({ MER: 'too-short', AIME: 1, NOMBREUSES: 11 });
  });
  it('oldfashion: plaisante no, nombreuse yes, nombreuses no; verbs as infinitive and past participle only; long words pay', async () => {
    const ctx = await presetContext('rules: { preset: oldfashion }', FRENCH);
    expect(verdicts(ctx, ['plaisante', 'nombreuse', 'nombreuses', 'plaisantes', 'plaisant', 'nombre', 'aimer', 'aimé', 'mer'])).toEqual({
      PLAISANTE: 'form-not-allowed', NOMBREUSE: 20, NOMBREUSES: 'form-not-allowed', PLAISANTES: 'form-not-allowed',
      PLAISANT: 11, NOMBRE: 3, AIMER: 2, AIME: 1, MER: 1,
    });
    const v = ctx.verdict;
    expect(v('MANGEONS')).toMatchObject({ formNotAllowed: true }); // a conjugation
    expect(v('MANGEE')).toMatchObject({ formNotAllowed: true }); // mangé + e
    expect(v('CHEVAUX')).toEqual({ kind: 'known', lemmas: ['cheval'] }); // not one added letter
    expect(v('PLAIS')).toMatchObject({ formNotAllowed: true }); // only plaire conjugated
  });
  it('form-not-allowed is not told in a receipt before the deadline, and explained after it', async () => {
    const ctx = await presetContext('rules: { preset: oldfashion }', FRENCH);
    const entry = { main: ['plaisante', 'nombreuse', 'xq'], substitutes: [] };
    expect(receiptData(entry, null, null, ctx, 'fr').main.map((w) => w.problem)).toEqual([null, null, 'trop court']);
    const late = receiptData(entry, null, null, ctx, 'fr', true).main.map((w) => w.problem);
    expect(late[0]).toMatch(/^cette forme n'est pas admise dans cette partie \(Old Fashion : .*une seule lettre\)$/);
    expect(late.slice(1)).toEqual([null, 'trop court']);
  });
  it('oldfashion in German: base forms, infinitive and past participle; Häuser yes, Tage no', async () => {
    const ctx = await presetContext('language: de\nrules: { words: oldfashion }', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    const v = ctx.verdict;
    for (const w of ['GURREN', 'GEGURRT', 'HAEUSER', 'BAUM', 'SCHOEN', 'REISEN']) expect(v(w), w).not.toHaveProperty('formNotAllowed');
    for (const w of ['GURRE', 'TAGE', 'SCHOENE', 'SCHOENER', 'TAGES']) expect(v(w), w).toMatchObject({ formNotAllowed: true });
    expect(v('REISEN')).toEqual({ kind: 'known', lemmas: ['reisen'] }); // the plural of Reise is not allowed, the verb is
  });
  it('noPlurals: plurals do not count, an infinitive that is also a plural does', async () => {
    const ctx = await presetContext('language: de\nrules: { noPlurals: true }', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    expect(ctx.verdict('HAEUSER')).toMatchObject({ formNotAllowed: true });
    expect(ctx.verdict('GURRE')).not.toHaveProperty('formNotAllowed');
    expect(ctx.verdict('REISEN')).toEqual({ kind: 'known', lemmas: ['reisen'] });
  });

  it('paroliere: 4: 1, 5: 2, 6: 3, 7: 5, 8: 8, then +2 a letter up to 16 letters (24); words from 4 letters', async () => {
    // GENERALIZZASSIMO snakes through the 4x4 field.
    const ctx = await presetContext('rules: { preset: paroliere }', 'GENE/ILAR/ZZAS/OMIS');
    expect(verdicts(ctx, ['gen', 'gene', 'genera', 'generali', 'generalizza', 'generalizzassi', 'generalizzassimo'])).toEqual({
      GEN: 'too-short', GENE: 1, GENERA: 3, GENERALI: 8, GENERALIZZA: 14, GENERALIZZASSI: 20, GENERALIZZASSIMO: 24,
    });
    const five = await presetContext('rules: { preset: paroliere-5 }', 'GENE/ILAR/ZZAS/OMIS');
    expect(verdicts(five, ['gene', 'genera'])).toEqual({ GENE: 'too-short', GENERA: 3 });
  });
  it('classic boggle: a word two players found is struck off', async () => {
    const ctx = await presetContext('rules: { preset: boggle }', 'CATS/XXXX/DOGS/XXXX');
    const r = scoreRound(1, [
      { email: 'a@example.test', name: 'A', entry: { main: ['cats', 'dogs'], substitutes: [] } },
      { email: 'b@example.test', name: 'B', entry: { main: ['cats'], substitutes: [] } },
    ], ctx);
    expect(r.players.map((p) => [p.name, p.total])).toEqual([['A', 1], ['B', 0]]);
  });
});
