import { neighbours } from './field.js';
import { type Field, QU, STAR } from './types.js';

/** How many letters of the word a face covers at position `pos`, or 0 when it does not fit. */
function faceMatch(face: string, word: string, pos: number, joker: string | null): number {
  if (face === STAR) return joker !== null && word[pos] === joker ? 1 : 0;
  if (face === QU) return word.startsWith('QU', pos) ? 2 : 0;
  return word[pos] === face ? 1 : 0;
}

/** Cheap necessary condition: every letter of the word is available often enough. */
function lettersAvailable(field: Field, word: string, withStar: boolean): boolean {
  const supply = new Map<string, number>();
  let stars = 0;
  for (const f of field.cells) {
    if (f === STAR) stars++;
    else if (f === QU) { supply.set('Q', (supply.get('Q') ?? 0) + 1); supply.set('U', (supply.get('U') ?? 0) + 1); }
    else supply.set(f, (supply.get(f) ?? 0) + 1);
  }
  let missing = 0;
  for (const ch of word) {
    const left = supply.get(ch) ?? 0;
    if (left > 0) supply.set(ch, left - 1);
    else missing++;
  }
  return missing <= (withStar ? stars : 0);
}

/**
 * A path of cell indices spelling the folded word, with the star standing for `joker`
 * (or for nothing when joker is null), or null when there is none.
 */
export function findPath(field: Field, word: string, joker: string | null): number[] | null {
  if (word.length === 0 || !lettersAvailable(field, word, joker !== null)) return null;
  const adj = neighbours(field.size);
  const used = new Array<boolean>(field.cells.length).fill(false);
  const path: number[] = [];
  const walk = (cell: number, pos: number): boolean => {
    const n = faceMatch(field.cells[cell]!, word, pos, joker);
    if (n === 0) return false;
    used[cell] = true;
    path.push(cell);
    if (pos + n === word.length) return true;
    for (const next of adj[cell]!) {
      if (!used[next] && walk(next, pos + n)) return true;
    }
    used[cell] = false;
    path.pop();
    return false;
  };
  for (let start = 0; start < field.cells.length; start++) {
    if (walk(start, 0)) return path;
  }
  return null;
}

export interface JokerOptions {
  /** The word can be traced without passing over the star: it fits any joker letter. */
  plain: boolean;
  /** Otherwise, the letters the star can stand for in some path (sorted). */
  letters: string[];
}

/** Which joker letters let the word be traced on the field. */
export function jokerOptions(field: Field, word: string): JokerOptions {
  if (findPath(field, word, null)) return { plain: true, letters: [] };
  if (!field.cells.includes(STAR)) return { plain: false, letters: [] };
  const letters = [...new Set(word)].sort().filter((c) => findPath(field, word, c) !== null);
  return { plain: false, letters };
}

/** Whether the word can be traced with the given joker letter (null: the star is unusable). */
export function onFieldWith(options: JokerOptions, joker: string | null): boolean {
  return options.plain || (joker !== null && options.letters.includes(joker));
}

export function onFieldAtAll(options: JokerOptions): boolean {
  return options.plain || options.letters.length > 0;
}
