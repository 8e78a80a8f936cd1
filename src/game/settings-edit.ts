import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { writeFileVerified } from '../store/verified-write.js';
import { parseSettings } from './settings.js';

/** Sets one key of postboggle.yaml (e.g. ['schedule', 'paused']), keeping the GM's comments and layout. */
export function setSetting(path: string, key: string[], value: unknown): void {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  doc.setIn(key, value);
  const text = doc.toString();
  parseSettings(text, path); // never write settings that would not load
  writeFileVerified(path, text);
}
