// The addresses of computer players (computer-players.ts), apart from what enters their
// entries: scoring, the ranking and the ratings need to know who is one, without loading
// the ingest and the mail libraries behind it.
import type { Settings } from './settings.js';

/** Computer players have addresses under this reserved domain (RFC 2606 .invalid): no mail can reach one. */
export const COMPUTER_DOMAIN = 'computer.postboggle.invalid';

export const isComputerEmail = (email: string) => email.toLowerCase().endsWith(`@${COMPUTER_DOMAIN}`);

/** The address of a new computer player named `name`. */
export function computerEmail(name: string, taken: readonly string[]): string {
  const slug = name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 40) || 'computer';
  let email = `${slug}@${COMPUTER_DOMAIN}`;
  for (let n = 2; taken.includes(email); n++) email = `${slug}-${n}@${COMPUTER_DOMAIN}`;
  return email;
}

/** Emails left out of the rolling ranking and the ratings: computer players the GM has not ranked. */
export function unrankedEmails(settings: Settings, emails: Iterable<string>): Set<string> {
  const ranked = new Set(settings.players.filter((p) => p.computer?.ranked).map((p) => p.email.toLowerCase()));
  return new Set([...emails].map((e) => e.toLowerCase()).filter((e) => isComputerEmail(e) && !ranked.has(e)));
}
