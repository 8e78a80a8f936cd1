import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { UserError } from '../user-error.js';

/**
 * The EMAIL argument of player add, checked here so that the error names it (not the
 * settings key it would land in). An internationalised domain is stored in its ASCII
 * (punycode) form, which every mail server accepts; a non-ASCII local part is refused.
 */
export function emailArgument(typed: string): string {
  const at = typed.lastIndexOf('@');
  if (at <= 0 || at === typed.length - 1) throw new UserError(`player add: EMAIL "${typed}" is not an email address (expected name@example.org)`);
  const local = typed.slice(0, at), domain = domainToASCII(typed.slice(at + 1).toLowerCase());
  if (/[^\x21-\x7e]/.test(local)) throw new UserError(`player add: EMAIL "${typed}" has characters before the @ that many mail servers refuse; use the player's plain ASCII address`);
  const email = `${local}@${domain}`.toLowerCase();
  if (!domain || !z.email().safeParse(email).success) throw new UserError(`player add: EMAIL "${typed}" is not a valid email address (expected name@example.org)`);
  return email;
}
