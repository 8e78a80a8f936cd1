import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { composeMail } from '../mail/compose.js';
import { computerEntry } from '../rules/computer-player.js';
import { parseField } from '../rules/field.js';
import { seededRng } from '../rules/rng.js';
import type { Entry } from '../rules/types.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { openGame } from './game.js';
import { settingsText } from './init-template.js';
import { ingestMessage, type IngestResult } from './ingest.js';
import { flushOutboxes, parseAddress } from './mailer.js';
import { publishRound, writeNewsletter } from './publish.js';
import { newRound } from './new-round.js';
import { scoreAndSave } from './scoring.js';

const MARKER = '.postboggle-demo';
const PLAYERS = [
  { level: 1 as const, name: 'Computer 1 (Anfänger)', email: 'computer1@postboggle.example' },
  { level: 2 as const, name: 'Computer 2', email: 'computer2@postboggle.example' },
  { level: 3 as const, name: 'Computer 3', email: 'computer3@postboggle.example' },
  { level: 4 as const, name: 'Computer 4 (Meister)', email: 'computer4@postboggle.example' },
];

/** Each computer player writes in another style, as real players do. */
function body(level: number, e: Entry): { text?: string; html?: string } {
  switch (level) {
    case 1: return { text: `Hallo,\n\nhier meine Wörter:\n\n${e.main.join(', ')}\n\nErsatz: ${e.substitutes.join(', ')}\n\nViele Grüße\n` };
    case 2: return { text: `${e.main.map((w, i) => `${i + 1}. ${w}`).join('\n')}\nErsatzwörter:\n${e.substitutes.map((w, i) => `${i + 1}. ${w}`).join('\n')}\n-- \nGesendet von meinem Telefon\n` };
    case 3: return { text: `Joker: ${e.joker ?? ''}\n${e.main.join('\n')}\nE: ${e.substitutes.join(' ')}\n` };
    default: return { html: `<div>Liebe Spielleitung,</div><div><br></div><div>* = ${e.joker ?? ''}</div><ol>${e.main.map((w) => `<li>${w}</li>`).join('')}</ol><div>Ersatz: ${e.substitutes.join(', ')}</div>` };
  }
}

/**
 * A whole round on built-in defaults, in a demo game directory: the round is rolled and
 * announced, four computer players of levels 1–4 mail real .eml entries, postboggle reads
 * them and answers, scores the round and writes the newsletter.
 */
export async function runDemo(outDir: string, seed: string): Promise<{ dir: string; text: string; results: IngestResult[] }> {
  const dir = resolve(outDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!existsSync(join(dir, MARKER))) throw new UserError(`${dir} exists and is not a demo folder; pass --out with another folder`);
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MARKER), 'made by postboggle demo; removed by the next one\n');
  const settings = settingsText('postboggle demo', 'de')
    // The demo shows every entry in every mail: its rich field's long words and path picture make a mail of some 30 KB.
    .replace('maxBytes: 30000', 'maxBytes: 45000')
    .replace('players: []', `players:\n${PLAYERS.map((p) => `  - { email: ${p.email}, name: "${p.name}" }`).join('\n')}`);
  writeFileSync(join(dir, 'postboggle.yaml'), settings);
  const game = openGame(dir);

  const round = await newRound(game, { seed });
  const field = parseField(round.field);
  await publishRound(game, round);
  const found = await game.solve(field);
  const rng = seededRng(`${seed}/players`);
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const gameAddress = parseAddress(game.settings.mail.from);
  const results: IngestResult[] = [];
  for (const [i, p] of PLAYERS.entries()) {
    const entry = computerEntry(p.level, found, rng);
    const content = body(p.level, entry);
    const sentAt = new Date(now().getTime() + (i + 1) * 3_600_000);
    const raw = await composeMail({
      from: { name: p.name, address: p.email }, to: gameAddress, subject: `Re: Runde ${round.round}`,
      // A fixed Date header: the mails (and so their ids) are the same on every run of one seed.
      text: content.text ?? '', html: content.html, idSeed: `demo/${seed}/${p.email}`, date: new Date(Date.UTC(2026, 0, 1, i + 1)), autoSubmitted: 'auto-generated',
    });
    // A player's mail client would not mark its mail as automatic: strip that header again.
    const eml = Buffer.from(raw.toString('utf8').replace(/^Auto-Submitted: .*\r\n/m, '').replace(/^X-Auto-Response-Suppress: .*\r\n/m, ''), 'utf8');
    const file = join(mailDir, `computer${p.level}.eml`);
    writeFileSync(file, eml);
    results.push(await ingestMessage(game, eml, { receivedAt: sentAt }));
  }
  const result = await scoreAndSave(game, round, true, true); // the demo does not wait a week for the deadline
  const letter = await writeNewsletter(game, result);
  await flushOutboxes(game, [game.layout.outbox(round.round), game.layout.outboxGeneral]);
  return { dir, text: readFileSync(letter.textFile, 'utf8'), results };
}
