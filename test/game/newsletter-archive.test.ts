import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveHtml, archiveText, LineBreakRuns, prepareNewsletter, writeArchive } from '../../src/game/newsletter.js';
import { writeNewsletter } from '../../src/game/publish.js';
import { readJson } from '../../src/game/json-files.js';
import type { RoundResult } from '../../src/rules/round-scoring.js';
import { syntheticGame } from '../../bench/synthetic-game.js';

// The copy of the newsletter kept beside the round is written a row at a time
// (writeArchive, renderTo): the same bytes as the whole string made at once.

const collect = (write: (sink: (s: string) => void) => void) => {
  const pieces: string[] = [];
  write((s) => pieces.push(s));
  return pieces;
};

describe('the newsletter copy written in pieces', () => {
  it('is, byte for byte, the copy made as one string (built-in templates, 70 players: every list long)', async () => {
    const { game } = await syntheticGame({ players: 70 });
    const result = readJson<RoundResult>(game.layout.results(1));
    const prep = await prepareNewsletter(game, result);
    const html = collect((sink) => writeArchive(prep, game, 'html', sink));
    const text = collect((sink) => writeArchive(prep, game, 'txt', sink));
    expect(html.length).toBeGreaterThan(70); // in pieces: the rows one by one
    expect(html.join('')).toBe(archiveHtml(prep, game));
    expect(text.join('')).toBe(archiveText(prep, game).text);
    // And the files writeNewsletter writes (through its megabyte buffer).
    const letter = await writeNewsletter(game, result);
    expect(readFileSync(letter.textFile, 'utf8')).toBe(archiveText(prep, game).text);
    expect(readFileSync(game.layout.newsletter(1, 'html'), 'utf8')).toBe(archiveHtml(prep, game));
  }, 60_000);

  it('is the same with a game\'s own templates: the shared part twice, runs of blank lines across the rows, a long list nested in another', async () => {
    const { dir, game } = await syntheticGame({ players: 70 });
    mkdirSync(join(dir, 'templates/de'), { recursive: true });
    writeFileSync(join(dir, 'templates/de/newsletter.txt.hbs'), '{{game}}\n\n\n\n{{shared}}\n\n\nnoch einmal:\n{{shared}}\n\n\n\n');
    writeFileSync(join(dir, 'templates/de/newsletter-shared.txt.hbs'),
      'Start\n\n\n{{#each players}}\n\n{{name}}\n\n\n{{/each}}\n{{#each rankingTable}}{{name}}\n{{#each ../players}}{{#if @first}}\n\n\n{{/if}}{{/each}}{{/each}}Ende\n\n');
    writeFileSync(join(dir, 'templates/de/newsletter-shared.html.hbs'), '<ol>{{#each players}}<li>{{name}} $&amp; $\'</li>{{/each}}</ol>');
    const prep = await prepareNewsletter(game, readJson<RoundResult>(game.layout.results(1)));
    expect(collect((sink) => writeArchive(prep, game, 'txt', sink)).join('')).toBe(archiveText(prep, game).text);
    expect(collect((sink) => writeArchive(prep, game, 'html', sink)).join('')).toBe(archiveHtml(prep, game));
  }, 60_000);

  it('makes runs of three or more line breaks two, however the text is cut into pieces', () => {
    fc.assert(fc.property(fc.array(fc.array(fc.constantFrom('\n', '\n', 'a', 'ü', ' ')).map((cs) => cs.join('')), { maxLength: 12 }), (pieces) => {
      const out: string[] = [];
      const runs = new LineBreakRuns((s) => out.push(s));
      for (const p of pieces) runs.push(p);
      runs.end();
      expect(out.join('')).toBe(pieces.join('').replace(/\n{3,}/g, '\n\n'));
    }));
  });
});
