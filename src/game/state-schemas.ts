import { createRequire } from 'node:module';
import { relative } from 'node:path';
import type { z } from 'zod';
import { UserError } from '../user-error.js';
import type { GameLayout } from './layout.js';
import { luxon } from './luxon-sync.js';

// Every state file is checked as it is loaded: a hand edit gone wrong is one line naming the
// file and the key (rounds/002/round.json: deadline: …), never "Invalid DateTime" or a crash
// deep inside. Unknown keys are kept (a newer postboggle may have written them).
//
// zod (about a hundred modules, more than Node's own start) is loaded, and the schemas
// built, the first time a file is checked: a file found good before is not checked again
// (state-files.ts), so most commands never load it.

const require = createRequire(import.meta.url);

function build() {
  const { z } = require('zod') as typeof import('zod');
  const { DateTime } = luxon();
  const isoTime = z.string().refine((s) => /T\d\d:\d\d/.test(s) && DateTime.fromISO(s, { setZone: true }).isValid,
    'expected an ISO 8601 time with its offset, like 2026-12-06T20:00:00.000+01:00');
  const isoTimeOrNull = isoTime.nullable().optional();

  const roundRecordSchema = z.looseObject({
    round: z.number().int().min(1),
    field: z.string().regex(/^[A-Z*]+(\/[A-Z*]+){3,4}$/, 'expected the field in text notation, like FERNC/BSREO/EM*RU/NLIGK/ZALEW'),
    seed: z.string().nullable(),
    dice: z.string().nullable(),
    opens: isoTime,
    deadline: isoTime,
    state: z.enum(['open', 'closed', 'scored', 'void'], { message: 'expected open, closed, scored or void' }),
    publishedAt: isoTimeOrNull,
    scoredAt: isoTimeOrNull,
    newsletterSentAt: isoTimeOrNull,
    newsletterApprovedAt: isoTimeOrNull,
    announcedDeadlines: z.array(isoTime).optional(),
    voided: z.object({ at: isoTime, reason: z.string() }).nullable().optional(),
  });

  const words = z.array(z.string());
  const storedEntry = z.looseObject({
    email: z.string().min(1),
    name: z.string(),
    main: words,
    substitutes: words,
    joker: z.string().nullable().optional(),
    receivedAt: isoTime,
    messageId: z.string(),
    source: z.string(),
  });

  const entriesFileSchema = z.looseObject({
    round: z.number().int().min(1),
    entries: z.array(storedEntry.extend({ replaced: z.array(storedEntry) })),
  });

  const resultsSchema = z.looseObject({
    round: z.number().int().min(1),
    field: z.string(),
    players: z.array(z.looseObject({
      email: z.string(), name: z.string(), total: z.number(),
      // word is null for a token that is not a word (digits, hyphens…)
      words: z.array(z.looseObject({ input: z.string(), word: z.string().nullable(), status: z.enum(['counted', 'rejected', 'unused']) })),
    })),
  });
  return { roundRecordSchema, entriesFileSchema, resultsSchema };
}

let built: ReturnType<typeof build> | undefined;
/** The schemas of the state files (zod loaded on first use). */
export const stateSchemas = (): ReturnType<typeof build> => (built ??= build());

/** The first problem of a file's content as one line: "file: key.path: message". */
export function problemOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  return `${issue.path.join('.') || '(top level)'}: ${issue.message}`;
}

/** The value checked against its schema; else a UserError naming the file (relative to the game) and the key. */
export function validated<T>(schema: z.ZodType<T>, value: unknown, layout: GameLayout, file: string): T {
  const problem = problemOf(schema, value);
  if (problem) throw new UserError(`${relative(layout.dir, file) || file}: ${problem}`);
  return schema.parse(value);
}
