import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeFileVerified } from '../store/verified-write.js';
import { UserError } from '../user-error.js';

/** Writes JSON atomically (temp file, fsync, rename): a crash leaves the old or the new file, never half. */
export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileVerified(path, jsonPieces(value));
}

/** Elements of a top-level array written by one JSON.stringify call (some 100 KB to 1 MB of text). */
const SLICE = 256;
const WRAP_HEAD = '{\n  "x": [\n';
const WRAP_TAIL = '\n  ]\n}';

/**
 * JSON.stringify(value, null, 2) + '\n', in pieces: the arrays at the top level (a round's
 * players: 250 MB of JSON at 100,000) SLICE elements at a time, so that no file is built as one
 * string. The bytes are those of JSON.stringify (a property test compares them). Every
 * line break inside a piece is one of JSON.stringify's own (a string's is escaped), so
 * indenting a piece is putting spaces after its line breaks.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  const plain = (v: unknown) => v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
  if (!plain(value) || Array.isArray(value)) {
    yield `${JSON.stringify(value, null, 2)}\n`;
    return;
  }
  const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);
  const entries = Object.entries(value as object).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
  if (entries.length === 0) {
    yield '{}\n';
    return;
  }
  yield '{\n';
  for (let e = 0; e < entries.length; e++) {
    const [k, v] = entries[e]!;
    const key = `  ${JSON.stringify(k)}: `;
    const end = e < entries.length - 1 ? ',\n' : '\n';
    if (Array.isArray(v) && plain(v) && v.length > 0) {
      yield `${key}[\n`;
      // A slice of elements at a time, indented by JSON.stringify itself: as the element of
      // an array inside an object, each is written at the depth it has in the file, one
      // ",\n" between them, so only the wrapper's first and last lines are cut off.
      for (let i = 0; i < v.length; i += SLICE) {
        const text = JSON.stringify({ x: v.slice(i, i + SLICE) }, null, 2);
        yield `${text.slice(WRAP_HEAD.length, text.length - WRAP_TAIL.length)}${i + SLICE < v.length ? ',\n' : '\n'}`;
      }
      yield `  ]${end}`;
    } else yield `${key}${indent(JSON.stringify(v, null, 2), '  ')}${end}`;
  }
  yield '}\n';
}

export function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
}

export function readJsonIfExists<T>(path: string): T | undefined {
  return existsSync(path) ? readJson<T>(path) : undefined;
}
