// What `postboggle --help` lists (src/cli/main.ts), so that the list loads no command
// module at all. Each line is the command's own `command` and `describe` (a test keeps
// them equal); a command missing here is loaded for the list instead.
export const SUMMARIES: Record<string, [command: string, describe: string]> = {
  init: ['init', 'create postboggle.yaml with commented defaults in the game directory'],
  player: ['player <action> [email] [name..]', 'add, list or remove players'],
  round: ['round <action> [round]', 'open a new round, show one, or publish it (mail the announcement to every player)'],
  ingest: ['ingest', 'read entries (from .eml files, a Maildir, standard input or IMAP) and answer each'],
  entries: ['entries [round]', 'the entries of record of a round (as read from the mails), with replaced ones counted'],
  review: ['review [round]', 'list the words of a round awaiting your decision, with who sent them'],
  judge: ['judge <decision> <word..>', 'decide words for this game, for every round scored from now on: accept, reject, same, different, lemma'],
  score: ['score [round]', 'judge and score a round, writing rounds/NNN/results.json (again after judge decisions)'],
  ranking: ['ranking', 'the rolling ranking over the last scored rounds'],
  ratings: ['ratings', 'every player\'s rating (Elo over the pairwise matches of each round, or openskill), recomputed from the results'],
  newsletter: ['newsletter [round]', 'render a scored round\'s newsletter (saved as newsletter.txt/.html), and --send it to every player'],
  site: ['site', 'write the tournament site (ranking, ratings, a page per round and per player, CSV and JSON) as plain files to upload anywhere'],
  serve: ['serve', 'write the tournament site and show it on a local web server (Ctrl-C stops it)'],
  tick: ['tick', 'do whatever is due now: read mail, close, score, open the next round, send newsletters (for cron; safe to repeat)'],
  watch: ['watch', 'stay connected to the IMAP mailbox (IDLE) and tick whenever mail arrives, and every --interval seconds'],
  solve: ['solve <field>', 'all words of a field, the best joker letter and the best possible entry'],
  check: ['check <field> <word..>', 'how each word would be judged on a field (taken together as one entry, in order)'],
  dict: ['dict show <word..>', 'explain words: folded form, known or not, lemmas with part of speech, tags and sources (with the game\'s house lists in a game directory)'],
  demo: ['demo', 'play a whole round on the built-in defaults: four computer players mail entries, postboggle judges them and writes the newsletter (no mail server)'],
  rebuild: ['rebuild', 'read every stored raw mail again and rebuild the round journals, the ingest log and entries.json (after a full disk, a crash or a hand edit); sends nothing'],
};
