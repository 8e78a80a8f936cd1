/** postboggle.yaml as `postboggle init` writes it: every setting, commented, at its default. */
export const SETTINGS_TEMPLATE = `# postboggle game settings. docs/settings.md of postboggle explains each key.
name: {{name}}
# Dictionary and letter folding: de (default), en, fr, it.
language: {{language}}

rules:
  field: 5x5              # 5x5 or 4x4
  # dice: de-5x5          # de-5x5, fr-5x5, en-5x5, fr-4x4, en-4x4 (default: by language and field)
  joker: center           # center, random or none
  scheme: letters         # letters, boggle, oldfashion, paroliere
  originality: submitted  # submitted, counted or off
  uniqueOnly: false       # a word counted by two players scores 0 for both
  minLength: 3
  wordsPerEntry: 7        # 0 = unlimited
  substitutesPerEntry: 3
  # quality:              # re-roll until the field is rich enough
  #   minWords: 150
  #   minBestPoints: 45
  window: 7               # rounds in the rolling ranking

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
