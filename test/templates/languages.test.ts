// Every message exists in every game language: a French or Italian game must never fail,
// or fall back to another language, because one template was written only in English.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const files = (lang: string) => readdirSync(join(PACKAGE_ROOT, 'templates', lang)).sort();

describe('templates in every language', () => {
  for (const lang of ['de', 'fr', 'it']) {
    it(`${lang} has every template and part that en has`, () => {
      expect(files(lang)).toEqual(files('en'));
    });
  }
});
