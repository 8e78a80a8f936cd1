import { readFileSync } from 'node:fs';
import { DateTime, Duration } from 'luxon';
import { parse } from 'yaml';
import { z } from 'zod';
import { cellsOf, findPreset, PRESET_NAMES } from '../rules/presets.js';
import { UserError } from '../user-error.js';
import { checkRhythm, RHYTHM_DEFAULTS, rhythmKeys } from './schedule-settings.js';

const rulesSchema = z.strictObject({
  /** A tradition's rules (src/rules/presets.ts); the keys set beside it override it. */
  preset: z.enum(PRESET_NAMES as [string, ...string[]]).optional(),
  field: z.enum(['5x5', '4x4']).default('5x5'),
  dice: z.enum(['de-5x5', 'de-4x4', 'fr-5x5', 'fr-4x4', 'en-5x5', 'en-4x4', 'it-5x5', 'it-4x4']).optional(),
  /** Word forms allowed: all, or oldfashion (B@ggle Old Fashion: docs/word-forms.md). */
  words: z.enum(['all', 'oldfashion']).default('all'),
  /** Plurals are not allowed (the Java Boggle variant). */
  noPlurals: z.boolean().default(false),
  joker: z.enum(['center', 'random', 'none']).default('center'),
  scheme: z.enum(['letters', 'boggle', 'oldfashion', 'paroliere']).default('letters'),
  originality: z.enum(['submitted', 'counted', 'off']).default('submitted'),
  uniqueOnly: z.boolean().default(false),
  minLength: z.number().int().min(1).max(25).default(3),
  wordsPerEntry: z.number().int().min(0).max(100).default(7),
  substitutesPerEntry: z.number().int().min(0).max(100).default(3),
  window: z.number().int().min(1).max(100).default(7),
  /** Re-roll until the field has this many words and a best entry worth this many points. */
  quality: z.strictObject({ minWords: z.number().int().min(0).default(0), minBestPoints: z.number().int().min(0).default(0) }).optional(),
});

const playerSchema = z.strictObject({
  /** A stable id (player add gives one): results carry it, so a player whose address is edited stays one player. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'expected letters, digits, - or _ (like p7)').optional(),
  email: z.email(),
  name: z.string().min(1).max(100),
  /** Optional secret the player puts in each entry ("Code: …"), against forged senders. */
  code: z.string().min(1).max(64).optional(),
  /** A computer player (player add-computer): its level 1–4, and whether it is ranked (a benchmark). */
  computer: z.strictObject({ level: z.number().int().min(1).max(4), ranked: z.boolean().default(false) }).optional(),
  /** Further addresses of the same player (a second one, or a former one): mail from them is this player's, results under them count for this player. */
  aliases: z.array(z.email()).optional(),
  /** Away until this day, inclusive (YYYY-MM-DD, in the game's zone): no reminders or missed-round notices. */
  pausedUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2026-12-24').optional(),
});

const mailSchema = z.strictObject({
  /** The game's address, "Name <address>": receipts and newsletters come from it, entries go to it. */
  from: z.string().regex(/^[^<>]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/, 'expected "Name <address@example.org>"').default('postboggle <postboggle@localhost>'),
  transport: z.enum(['file', 'smtp']).default('file'),
  smtp: z.strictObject({
    host: z.string(),
    port: z.number().int().default(587),
    /** TLS from the first byte (465); otherwise STARTTLS is required unless tls is false. */
    secure: z.boolean().default(false),
    tls: z.boolean().default(true),
    user: z.string().optional(),
    /** At most this many messages a second (a provider's sending limit); unlimited when absent. */
    perSecond: z.number().positive().max(1000).optional(),
  }).optional(),
  imap: z.strictObject({
    host: z.string(),
    port: z.number().int().default(993),
    tls: z.boolean().default(true),
    user: z.string(),
    mailbox: z.string().default('INBOX'),
    processed: z.string().default('processed'),
    /** Mails that cannot be read are moved here (their raw copy is in rounds/quarantine/). */
    quarantine: z.string().default('quarantine'),
  }).optional(),
  /** Larger mails are stored but not read: an entry is a few lines of text. */
  maxMessageBytes: z.number().int().min(1024).default(512 * 1024),
  /** At most this many automatic replies to one address an hour (receipts past it are held and coalesced, not dropped). */
  repliesPerHour: z.number().int().min(0).default(10),
  /** At most this many replies to unregistered senders an hour in all (and one a day to each). */
  strangerRepliesPerHour: z.number().int().min(0).default(10),
});

/** Ratings beside the rolling ranking (docs/ratings.md). */
const ratingsSchema = z.strictObject({
  system: z.enum(['elo', 'openskill', 'off']).default('elo'),
  /** Elo: the most a rating moves in one round (or in one pairwise match, with perMatch). */
  k: z.number().min(1).max(400).default(32),
  perMatch: z.boolean().default(false),
  /** Elo: ratings move after every round, or once a day (rounds by the day of their deadline). */
  period: z.enum(['round', 'day']).default('round'),
  initial: z.number().min(0).max(5000).default(1500),
  provisionalRounds: z.number().int().min(0).max(100).default(5),
}).refine((r) => r.system !== 'openskill' || r.period === 'round', { message: 'day applies to elo only (openskill rates after every round)', path: ['period'] });

const newsletterSchema = z.strictObject({
  /** Rows of the round table and of the ranking in each player's mail (the player's own row is added). */
  top: z.number().int().min(1).max(100).default(10),
  /** Every entry goes into every mail while the mail stays under this many bytes. */
  maxBytes: z.number().int().min(10_000).max(10_000_000).default(30_000),
  /** tick holds each newsletter until the GM approves it (postboggle newsletter approve N). */
  approval: z.boolean().default(false),
});

const siteSchema = z.strictObject({
  /** Public address of the site (postboggle site): the newsletter links to the round's page there. */
  url: z.url({ protocol: /^https?$/ }).optional(),
});

export const settingsSchema = z.strictObject({
  name: z.string().min(1).default('postboggle'),
  language: z.enum(['de', 'en', 'fr', 'it']).default('de'),
  rules: rulesSchema.default(rulesSchema.parse({})),
  dictionary: z.strictObject({ file: z.string().min(1).optional() }).default({}),
  schedule: z.strictObject({
    timezone: z.string().refine((zone) => DateTime.now().setZone(zone).isValid, 'unknown time zone; use an IANA name like Europe/Berlin').default('Europe/Berlin'),
    duration: z.string().refine((d) => Duration.fromISO(d).isValid, 'expected an ISO 8601 duration like P7D').default('P7D'),
    grace: z.string().refine((d) => Duration.fromISO(d).isValid, 'expected an ISO 8601 duration like PT2H').default('PT0S'),
    /** tick opens and publishes the next round once the last one is scored. */
    autoNextRound: z.boolean().default(true),
    ...rhythmKeys,
  }).superRefine(checkRhythm).default({ timezone: 'Europe/Berlin', duration: 'P7D', grace: 'PT0S', autoNextRound: true, ...RHYTHM_DEFAULTS }),
  mail: mailSchema.default(mailSchema.parse({})),
  ratings: ratingsSchema.default(ratingsSchema.parse({})),
  newsletter: newsletterSchema.default(newsletterSchema.parse({})),
  site: siteSchema.default(siteSchema.parse({})),
  /** The game master: unanswered mail (the GM inbox) is forwarded to this address when forward is true. */
  gm: z.strictObject({ email: z.email().optional(), forward: z.boolean().default(false) }).default({ forward: false }),
  /** Where players read how to play (docs/players.md, published somewhere): the announcement and the HELP reply link to it. */
  playersGuide: z.url({ protocol: /^https?$/ }).optional(),
  players: z.array(playerSchema).default([]),
  /** Seasons of N rounds with final standings (docs/seasons.md); absent: no seasons. */
  season: z.strictObject({ rounds: z.number().int().min(1).max(1000), firstRound: z.number().int().min(1).default(1) }).optional(),
});

export type Settings = z.infer<typeof settingsSchema>;
export const SETTINGS_FILE = 'postboggle.yaml';

/** Validates settings text; errors name the bad key (players.2.email: …). */
export function parseSettings(text: string, file = SETTINGS_FILE): Settings {
  let raw: unknown;
  try {
    raw = parse(text) ?? {};
  } catch (e) {
    throw new UserError(`${file}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const r = settingsSchema.safeParse(applyPreset(raw, file));
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const key = issue.path.join('.') || '(top level)';
    const extra = issue.code === 'unrecognized_keys' ? ` ${issue.keys.join(', ')}` : '';
    throw new UserError(`${file}: ${key}: ${issue.message}${extra}`);
  }
  checkCombination(r.data, file);
  return r.data;
}

/**
 * rules.preset fills in the rules keys the file does not set (and the language, when the
 * file names none); an unknown preset fails here with the key named.
 */
function applyPreset(raw: unknown, file: string): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const top = raw as Record<string, unknown>;
  const rules = top.rules;
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) return raw;
  const name = (rules as Record<string, unknown>).preset;
  if (name === undefined) return raw;
  const preset = typeof name === 'string' ? findPreset(name) : undefined;
  if (!preset) throw new UserError(`${file}: rules.preset: unknown preset ${JSON.stringify(name)}; known: ${PRESET_NAMES.join(', ')}`);
  // In another language than the preset's, the game rolls its own language's dice.
  const { dice, ...rest } = preset.rules;
  const own = top.language === undefined || top.language === preset.language;
  return { ...top, language: top.language ?? preset.language, rules: { ...rest, ...(own && dice ? { dice } : {}), ...rules } };
}

/** Combinations no game can play, named by the key that breaks them. */
function checkCombination(s: Settings, file: string): void {
  const { rules } = s;
  const from = rules.preset ? ` under preset ${rules.preset}` : '';
  if (rules.dice && !rules.dice.endsWith(rules.field)) {
    throw new UserError(`${file}: rules.dice: ${rules.dice}${from} is a set for ${rules.dice.slice(3)} fields, but rules.field is ${rules.field}`);
  }
  if (rules.minLength > cellsOf(rules.field)) {
    throw new UserError(`${file}: rules.minLength: ${rules.minLength}${from} is more than the ${cellsOf(rules.field)} cells of a ${rules.field} field`);
  }
}

export function loadSettings(path: string): Settings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`no game here: ${path} is missing (run postboggle init, or pass --dir)`);
  }
  return parseSettings(text, path);
}
