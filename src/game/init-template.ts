import { findPreset, type Preset } from '../rules/presets.js';

/** postboggle.yaml with a {{rules}} place for rulesBlock(); settingsText() fills it in. */
const TEMPLATE = `# postboggle game settings. docs/settings.md of postboggle explains each key.
name: {{name}}
# Dictionary and letter folding: de (default), en, fr, it.
language: {{language}}

{{rules}}
# Your own word list instead of the built-in dictionary (one form a line, or
# form<TAB>lemma[,lemma...]):   dictionary: { file: words.txt }
dictionary: {}

schedule:
  timezone: Europe/Berlin # deadlines are shown in this zone
  duration: P7D           # default round length (ISO 8601)
  grace: PT0S             # entries this long after the deadline still count
  autoNextRound: true     # postboggle tick opens and publishes the next round after scoring
  # every: sunday         # a rhythm (docs/schedule.md): deadlines every sunday (or every: 3 days)
  # at: "20:00"           #   at this time in the zone, however late tick runs
  reminders: []           # e.g. [P2D, PT6H]: remind players without an entry before the deadline
  missedNotice: false     # tell players without an entry that they missed the round
  autoPublish: false      # tick publishes a round you opened but did not publish
  paused: false           # postboggle pause / resume

mail:
  from: "{{name}} <postboggle@localhost>"
  transport: file         # file (.eml in rounds/NNN/outbox, no server) or smtp
  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD
  #   host: mail.example.org
  #   port: 587
  #   secure: false       # true for TLS from the first byte (port 465)
  #   tls: true           # require STARTTLS
  #   user: boggle@example.org
  # imap:                 # password: environment variable POSTBOGGLE_IMAP_PASSWORD
  #   host: mail.example.org
  #   port: 993
  #   tls: true
  #   user: boggle@example.org
  #   mailbox: INBOX
  #   processed: processed
  #   quarantine: quarantine  # where unreadable mails go on the server (kept locally in rounds/quarantine)
  maxMessageBytes: 524288 # larger mails are stored but not read
  repliesPerHour: 10      # automatic replies to one address (receipts past it are held, not dropped)
  strangerRepliesPerHour: 10  # replies to unregistered senders, in all (one a day each)

# Ratings beside the rolling ranking (docs/ratings.md): Elo over the pairwise matches
# of each round (the higher round score wins a match, equal scores draw), or openskill.
ratings:
  system: elo             # elo, openskill or off
  k: 32                   # Elo: the most a rating moves in one round
  perMatch: false         # true: K for each pairwise match, summed (ratings swing more in big rounds)
  period: round           # round, or day: ratings move once a day (rounds by their deadline's day)
  initial: 1500           # Elo rating of a newcomer
  provisionalRounds: 5    # fewer rated rounds than this: provisional (shown with ?)

newsletter:
  top: 10                 # rows of the round table and of the ranking in each mail
  maxBytes: 30000         # every entry goes into every mail while a mail stays this small;
                          # else the mail has the top of the tables and a link to the site
  approval: false         # true: tick holds each newsletter until postboggle newsletter approve N

# The tournament site: postboggle site writes it, postboggle serve shows it locally. Where
# you upload it, so that mails link to the round's page:
#   site: { url: "https://boggle.example.org/" }
site: {}

# The game master (docs/settings.md): with forward: true, every mail for the GM inbox
# (refused, unreadable, not an entry, join requests) is also forwarded to this address.
#   gm: { email: you@example.org, forward: true }
gm: { forward: false }

# Where players read how to play (publish docs/players.md, or your own page): the
# announcement and the answer to HILFE/HELP link to it.
#   playersGuide: "https://boggle.example.org/players.html"

# Players: add them with postboggle player add EMAIL NAME [--code C]. A player may have
# a code, further addresses, and a pause (docs/commands.md, player):
#   - { email: a@example.org, name: Anna, code: "tulpe" }   # entries must say "Code: tulpe"
#   - { email: b@example.org, name: Ben, aliases: [ben@old.example], pausedUntil: 2026-12-24 }
players: []
`;

const RULE_LINES: [key: string, value: (p: Preset | undefined, lang: string) => string, comment: string][] = [
  ['field', (p) => p?.rules.field ?? '5x5', '5x5 or 4x4'],
  ['dice', (p, lang) => (p && (!lang || lang === p.language) ? p.rules.dice : undefined) ?? `${lang || 'de'}-${p?.rules.field ?? '5x5'}`, 'de-5x5, de-4x4, fr-5x5, fr-4x4, en-5x5, en-4x4, it-5x5, it-4x4 (default: by language and field)'],
  ['joker', (p) => p?.rules.joker ?? 'center', 'center, random or none'],
  ['scheme', (p) => p?.rules.scheme ?? 'letters', 'letters, boggle, oldfashion, paroliere'],
  ['originality', (p) => p?.rules.originality ?? 'submitted', 'submitted, counted or off'],
  ['uniqueOnly', (p) => String(p?.rules.uniqueOnly ?? false), 'a word counted by two players scores 0 for both'],
  ['minLength', (p) => String(p?.rules.minLength ?? 3), 'shortest word that counts'],
  ['wordsPerEntry', (p) => String(p?.rules.wordsPerEntry ?? 7), '0 = unlimited'],
  ['substitutesPerEntry', (p) => String(p?.rules.substitutesPerEntry ?? 3), ''],
  ['words', (p) => p?.rules.words ?? 'all', 'all, or oldfashion: no conjugations, plurals, feminines (docs/word-forms.md)'],
  ['noPlurals', (p) => String(p?.rules.noPlurals ?? false), 'plurals do not count'],
];

/** The quality floor of new German games: the de dice meet it in 95 % of rolls (docs/dice.md), re-rolls catch the rest. */
export const GERMAN_QUALITY = { '5x5': { minWords: 400, minBestPoints: 45 }, '4x4': { minWords: 120, minBestPoints: 30 } } as const;

/**
 * The rules block of a new postboggle.yaml. Without a preset every key at its default;
 * with one, `preset:` and the preset's values commented out (uncomment a line to override).
 */
export function rulesBlock(presetName: string | undefined, lang: string): string {
  const preset = presetName ? findPreset(presetName) : undefined;
  const pad = (t: string, n: number) => t + ' '.repeat(Math.max(1, n - t.length));
  const lines = ['rules:'];
  if (preset) lines.push(`  preset: ${preset.name}${' '.repeat(Math.max(1, 22 - preset.name.length - 8))}# ${preset.title}; the lines commented out below are its values`);
  for (const [key, value, comment] of RULE_LINES) {
    const text = `${key}: ${value(preset, lang)}`;
    const commentOut = key === 'dice' || (preset !== undefined && key in preset.rules);
    lines.push(`  ${commentOut ? '# ' : ''}${comment ? pad(text, commentOut ? 22 : 24) + '# ' + comment : text}`);
  }
  const field = preset?.rules.field ?? '5x5';
  const q = GERMAN_QUALITY[field];
  if (lang === 'de') {
    lines.push('  quality:                # re-roll (from the seed) until the field is rich enough', `    minWords: ${q.minWords}`, `    minBestPoints: ${q.minBestPoints}`);
  } else {
    lines.push('  # quality:              # re-roll until the field is rich enough', `  #   minWords: ${q.minWords}`, `  #   minBestPoints: ${q.minBestPoints}`);
  }
  lines.push('  window: 7               # rounds in the rolling ranking');
  return lines.join('\n') + '\n\n';
}

/** postboggle.yaml as `postboggle init` writes it: every setting, commented, at its default (the rules of the preset, if any). */
export function settingsText(name: string, lang: string, preset?: string): string {
  return TEMPLATE.replace(/\{\{name\}\}/g, name).replace('{{language}}', lang).replace('{{rules}}\n', rulesBlock(preset, lang));
}

/** The template with the default rules (quality floor commented out), {{name}} and {{language}} still to fill in. */
export const SETTINGS_TEMPLATE = TEMPLATE.replace('{{rules}}\n', rulesBlock(undefined, ''));
