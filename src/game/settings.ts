import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { UserError } from '../cli/errors.js';

const rulesSchema = z.strictObject({
  field: z.enum(['5x5', '4x4']).default('5x5'),
  dice: z.enum(['de-5x5', 'fr-5x5', 'en-5x5', 'fr-4x4', 'en-4x4']).optional(),
  joker: z.enum(['center', 'random', 'none']).default('center'),
  scheme: z.enum(['letters', 'boggle', 'oldfashion', 'paroliere']).default('letters'),
  originality: z.enum(['submitted', 'counted', 'off']).default('submitted'),
  uniqueOnly: z.boolean().default(false),
  minLength: z.number().int().min(1).max(25).default(3),
  wordsPerEntry: z.number().int().min(0).max(100).default(7),
  substitutesPerEntry: z.number().int().min(0).max(100).default(3),
  window: z.number().int().min(1).max(100).default(7),
});

const playerSchema = z.strictObject({
  email: z.email(),
  name: z.string().min(1).max(100),
});

export const settingsSchema = z.strictObject({
  name: z.string().min(1).default('postboggle'),
  language: z.enum(['de', 'en', 'fr', 'it']).default('de'),
  rules: rulesSchema.default(rulesSchema.parse({})),
  dictionary: z.strictObject({ file: z.string().min(1).optional() }).default({}),
  schedule: z.strictObject({
    timezone: z.string().default('Europe/Berlin'),
    duration: z.string().default('P7D'),
    grace: z.string().default('PT0S'),
  }).default({ timezone: 'Europe/Berlin', duration: 'P7D', grace: 'PT0S' }),
  players: z.array(playerSchema).default([]),
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
  const r = settingsSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const key = issue.path.join('.') || '(top level)';
    const extra = issue.code === 'unrecognized_keys' ? ` ${issue.keys.join(', ')}` : '';
    throw new UserError(`${file}: ${key}: ${issue.message}${extra}`);
  }
  return r.data;
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
