import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

async function outboxTexts(dir: string, round = 1): Promise<{ subject: string; text: string; html: string }[]> {
  const box = join(dir, 'rounds', String(round).padStart(3, '0'), 'outbox');
  const files = readdirSync(box).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => {
    const m = await simpleParser(readFileSync(join(box, f)));
    return { subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' };
  }));
}

// Sunday 29 November 2026, 11:00 in Berlin: the deadline of a round opened on the 22nd for a week.
const CASES = [
  { lang: 'fr', hello: 'Bonjour Alice', receipt: 'nous avons lu votre réponse pour la manche 1', date: /dimanche 29 novembre 2026 à 11:00/, newsletter: 'résultats de la manche 1', htmlLang: '<html lang="fr">' },
  { lang: 'it', hello: 'Ciao Alice', receipt: 'abbiamo letto la tua risposta per il turno 1', date: /domenica 29 novembre 2026(,| alle ore)? 11:00/, newsletter: 'risultati del turno 1', htmlLang: '<html lang="it">' },
] as const;

describe('mail in the game\'s language', () => {
  for (const c of CASES) {
    it(`${c.lang}: announcement, receipt and newsletter in ${c.lang}, with the language's dates`, { timeout: 300_000 }, async () => {
      const dir = join(mkdtempSync(join(tmpdir(), `pb-${c.lang}-`)), 'game');
      const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
      const cli = (args: string[], input?: string) => {
        const r = runCli([...args, '--dir', dir], { env, ...(input ? { input } : {}) });
        expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
        return r;
      };
      cli(['init', '--lang', c.lang]);
      cli(['player', 'add', 'alice@example.test', 'Alice']);
      cli(['round', 'new', '--field', 'CASAE/MORTE/LA*NI/PANES/TORTA']);
      cli(['round', 'publish']);
      cli(['ingest'], 'From: alice@example.test\r\nSubject: 1\r\nMessage-ID: <a1@example.test>\r\n\r\n1. casa\r\n2. morte\r\n3. xq\r\n');
      const [announcement, receipt] = await outboxTexts(dir);
      expect(announcement!.text).toContain(c.hello);
      expect(announcement!.text).toMatch(c.date);
      expect(announcement!.html).toContain(c.htmlLang);
      expect(receipt!.text).toContain(c.receipt);
      expect(receipt!.text).toMatch(c.lang === 'fr' ? /xq\s+– trop court/ : /xq\s+– troppo corta/);
      cli(['score', '--early', '--reject-pending']);
      cli(['newsletter', '--send']);
      const all = await outboxTexts(dir);
      const letter = all.find((m) => m.subject.includes(c.newsletter));
      expect(letter, all.map((m) => m.subject).join(' | ')).toBeDefined();
      expect(letter!.text).toContain(c.hello);
    });
  }
});
