// Computer players in real games (player add-computer): at round open each one writes its
// entry as a mail and hands it to the ingest, the same path as a player's mail (stored raw
// in the round's inbox, parsed, journalled), so its entry is in entries.json, results.json
// and the newsletter like anyone's. It never gets mail, and it is left out of the rolling
// ranking and the ratings unless the GM ranks it as a benchmark (computer.ranked).
import { composeMail } from '../mail/compose.js';
import { computerEntry, type ComputerLimits } from '../rules/computer-player.js';
import { parseField } from '../rules/field.js';
import { seededRng } from '../rules/rng.js';
import type { Entry } from '../rules/types.js';
import { now } from './clock.js';
import type { Game } from './game.js';
import { ingestMessage, type IngestResult } from './ingest.js';
import { parseAddress } from './mailer.js';
import type { RoundRecord } from './rounds.js';

export { COMPUTER_DOMAIN, computerEmail, isComputerEmail, unrankedEmails } from './computer-addresses.js';

const SUBSTITUTES: Record<string, string> = { de: 'Ersatz', en: 'Substitutes', fr: 'Substitutes', it: 'Substitutes' };

/** The entry as a computer writes it: the round, the joker, one word a line, the substitutes. */
function entryText(round: number, e: Entry, language: string): string {
  return [`${language === 'de' ? 'Runde' : 'Round'} ${round}`, ...(e.joker ? [`Joker: ${e.joker}`] : []), '', ...e.main,
    ...(e.substitutes.length ? ['', `${SUBSTITUTES[language] ?? 'Substitutes'}: ${e.substitutes.join(', ')}`] : []), ''].join('\n');
}

/**
 * Every computer player enters the round: its words from the solved field (seeded by the
 * round's seed or field and its address, so a rerun writes the same mail, which the ingest
 * then sees as a duplicate).
 */
export async function enterComputers(game: Game, round: RoundRecord): Promise<IngestResult[]> {
  const computers = game.settings.players.filter((p) => p.computer);
  if (computers.length === 0) return [];
  const found = await game.solve(parseField(round.field));
  const to = parseAddress(game.settings.mail.from);
  const { rules } = game;
  const limits: ComputerLimits = { words: rules.wordsPerEntry, substitutes: rules.substitutesPerEntry };
  const out: IngestResult[] = [];
  for (const p of computers) {
    const email = p.email.toLowerCase();
    const entry = computerEntry(p.computer!.level as 1 | 2 | 3 | 4, found, seededRng(`${round.seed ?? round.field}/${round.round}/${email}`), rules.scheme, limits);
    const raw = await composeMail({
      from: { name: p.name, address: email }, to, subject: `${game.settings.language === 'de' ? 'Runde' : 'Round'} ${round.round}`,
      text: entryText(round.round, entry, game.settings.language), idSeed: `computer/${round.round}/${round.field}/${email}`,
      date: new Date(Date.parse(round.opens)), autoSubmitted: null,
    });
    out.push(await ingestMessage(game, raw, { receivedAt: now() }));
  }
  return out;
}
