import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, type Stats, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PartOfSpeech } from '../rules/lemma.js';
import { ArrayForms, compareCodeUnits, type DictionaryIdentity, Lexicon, PackedForms, packedLemmas, type SenseIndex } from '../rules/lexicon.js';
import { type FormGraph, FormTrie, indexOfIn } from '../rules/trie.js';
import { FILE_HEADER, graphFileBuffer } from '../rules/walk-memory.js';

// The compact dictionary format, files per language in dict/:
//   <lang>.forms    the folded forms, sorted, one a line
//   <lang>.lemmas   the lemmas, one a line: printable key <TAB> part of speech (id = line number)
//   <lang>.lemma-starts  little-endian uint32: where each line of .lemmas starts, and one
//                   more (its length + 1), so a lemma is read without scanning the file
//   <lang>.index    little-endian uint32: form count N, then N+1 offsets into the sense list
//                   that follows; a sense is two numbers: lemma id, and tag bits | source bits << 8
//                   (form i has senses offsets[i] .. offsets[i+1])
//   <lang>.trie     the forms as a graph for the solver and for look-ups (src/rules/trie.ts),
//                   a uint32 view
//   <lang>.meta.json  the dictionary's identity (sources with versions, build, content hash
//                   of forms, lemmas and index) and the names of its sources by bit
// Loading opens the graph (read a page at a time for look-ups, whole for the solver: GraphFile);
// the index, the lemma lines and the forms are read only when something asks for them.

const require = createRequire(import.meta.url);

export const dictFiles = (dir: string, lang: string) => ({
  forms: join(dir, `${lang}.forms`),
  lemmas: join(dir, `${lang}.lemmas`),
  lemmaStarts: join(dir, `${lang}.lemma-starts`),
  index: join(dir, `${lang}.index`),
  meta: join(dir, `${lang}.meta.json`),
  trie: join(dir, `${lang}.trie`),
});

export interface CompactInput {
  /**
   * Folded form → lemma id → tag bits | source bits << 8 (a Map, or FormTable.compactInput()).
   * `release`, if given, lets go of the senses once they are written (a build's table).
   */
  map: { keys(): IterableIterator<string>; get(form: string): ReadonlyMap<number, number> | undefined; sensesList?(form: string): [number, number][]; sensesCount?(form: string): number; release?(): void };
  /** Called between the files' steps: a build collects its garbage there. */
  between?: () => void;
  lemmaKeys: readonly string[];
  lemmaPos: readonly PartOfSpeech[];
  sourceNames: readonly string[];
  identity: Omit<DictionaryIdentity, 'hash'>;
}

export function writeCompact(dir: string, lang: string, input: CompactInput): { forms: number; lemmas: number; hash: string } {
  const writeFileAtomic = require('write-file-atomic') as typeof import('write-file-atomic'); // only a build writes
  const files = dictFiles(dir, lang);
  const forms = [...input.map.keys()].sort(compareCodeUnits);
  const hash = (require('node:crypto') as typeof import('node:crypto')).createHash('sha256'); // only a build writes
  // Each file is made and written in a step of its own, so that its text or numbers are let
  // go before the next (a German build peaks here).
  {
    const formsText = forms.join('\n');
    hash.update(formsText).update('\0');
    writeFileAtomic.sync(files.forms, formsText);
  }
  input.between?.();
  const { digest, lemmas } = writeSenses(forms, input, hash, files);
  // The trie needs only the sorted forms: the senses are written, let them go first.
  input.map.release?.();
  input.between?.();
  writeFileAtomic.sync(files.trie, FormTrie.build(new ArrayForms(forms)).toBytes());
  writeFileAtomic.sync(files.meta, JSON.stringify({ identity: { ...input.identity, hash: digest }, sourceNames: input.sourceNames }, null, 2) + '\n');
  return { forms: forms.length, lemmas, hash: digest };
}

/** Writes the .lemmas and .index files; returns the content hash and the lemma count. */
function writeSenses(forms: readonly string[], input: CompactInput, hash: import('node:crypto').Hash, files: ReturnType<typeof dictFiles>): { digest: string; lemmas: number } {
  const writeFileAtomic = require('write-file-atomic') as typeof import('write-file-atomic');
  const { index, lemmaLines } = senseIndex(forms, input);
  const lemmasText = lemmaLines.join('\n');
  const indexBytes = Buffer.from(index.buffer, index.byteOffset, index.byteLength);
  const digest = hash.update(lemmasText).update('\0').update(indexBytes).digest('hex').slice(0, 16);
  writeFileAtomic.sync(files.lemmas, lemmasText);
  writeFileAtomic.sync(files.lemmaStarts, lineStarts(lemmaLines));
  writeFileAtomic.sync(files.index, indexBytes);
  return { digest, lemmas: lemmaLines.length };
}

/** Where each line of the lines joined by newlines starts (in UTF-8 bytes), and one past the last line's newline. */
function lineStarts(lines: readonly string[]): Buffer {
  const starts = new Uint32Array(lines.length + 1);
  let p = 0;
  lines.forEach((l, i) => { starts[i] = p; p += Buffer.byteLength(l) + 1; });
  starts[lines.length] = p;
  return Buffer.from(starts.buffer);
}

/**
 * The .index numbers (form count, offsets, senses) in one typed array, and the lemma lines.
 * Lemma ids are renumbered in order of first use, so only lemmas some form has are written.
 */
function senseIndex(forms: readonly string[], input: CompactInput): { index: Uint32Array; lemmaLines: string[] } {
  const entriesOf = (f: string): [number, number][] => input.map.sensesList?.(f) ?? [...input.map.get(f)!.entries()];
  let total = 0;
  for (const f of forms) total += input.map.sensesCount?.(f) ?? input.map.get(f)!.size;
  const index = new Uint32Array(1 + forms.length + 1 + 2 * total);
  index[0] = forms.length;
  const offsets = index.subarray(1, forms.length + 2);
  const senses = index.subarray(forms.length + 2);
  const renumber = new Map<number, number>();
  let n = 0;
  forms.forEach((f, i) => {
    offsets[i] = n;
    const entries = entriesOf(f).sort((a, b) => compareCodeUnits(input.lemmaKeys[a[0]]!, input.lemmaKeys[b[0]]!));
    for (const [id, bits] of entries) {
      if (!renumber.has(id)) renumber.set(id, renumber.size);
      senses[2 * n] = renumber.get(id)!;
      senses[2 * n + 1] = bits;
      n++;
    }
  });
  offsets[forms.length] = n;
  const lemmaLines = [...renumber.keys()].map((id) => `${input.lemmaKeys[id]}\t${input.lemmaPos[id]}`);
  return { index, lemmaLines };
}

export function readCompact(dir: string, lang: string): Lexicon {
  const files = dictFiles(dir, lang);
  const damaged = (why: string) => new Error(`dictionary ${lang} in ${dir} is damaged (${why}); rebuild it with npm run build:dict`);
  if (!existsSync(files.meta) || !existsSync(files.trie) || !existsSync(files.lemmaStarts)) throw damaged('no meta.json, trie or lemma starts');
  const meta = JSON.parse(readFileSync(files.meta, 'utf8')) as { identity: DictionaryIdentity; sourceNames: string[] };
  let trie: GraphFile;
  try {
    trie = new GraphFile(files.trie, damaged);
  } catch (e) {
    throw damaged((e as Error).message);
  }
  // The sense index (9 MB for German) and the lemma lines (2 MB) are read a piece at a time
  // while up to 1,024 pieces are asked for (a few hundred words: the lemmas of `solve`'s best
  // entry), whole from then on (`solve --json` asks for some 2,000 words' lemmas).
  const index = new PieceFile(files.index, 1024, damaged);
  const n = uint32View(index.bytes(0, 4))[0]!;
  let whole: { offsets: Uint32Array; list: Uint32Array } | null = null;
  const wholeIndex = () => {
    if (!whole) {
      const all = uint32View(index.all());
      const offsets = all.subarray(1, n + 2), list = all.subarray(n + 2);
      if (offsets.length !== n + 1 || list.length !== 2 * offsets[n]!) throw damaged('index length');
      whole = { offsets, list };
    }
    return whole;
  };
  const senses: SenseIndex = {
    get whole() { return whole ?? (index.isWhole() ? wholeIndex() : null); },
    of(i) {
      if (i < 0 || i >= n) return [];
      if (!index.isWhole()) {
        const range = uint32View(index.bytes(4 * (1 + i), 4 * (3 + i)));
        if (range[1]! < range[0]!) throw damaged('index offsets');
        if (!index.isWhole()) return uint32View(index.bytes(4 * (n + 2 + 2 * range[0]!), 4 * (n + 2 + 2 * range[1]!)));
      }
      const { offsets, list } = wholeIndex();
      return list.subarray(2 * offsets[i]!, 2 * offsets[i + 1]!);
    },
  };
  const lemmaLines = new PieceFile(files.lemmas, 1024, damaged);
  return new Lexicon({
    store: new PackedForms(n, () => readFileSync(files.forms)),
    lemmas: packedLemmas((from, to) => lemmaLines.text(from, to), uint32View(readFileSync(files.lemmaStarts))),
    senses,
    sourceNames: meta.sourceNames,
    identity: meta.identity,
    trie,
  });
}

const GRAPH_PAGE = 4096;

/**
 * The dictionary's graph file (.trie). Look-ups read it a 4 KB page at a time, each page when
 * it is first needed, while they have needed fewer than half of its pages (`check` and `dict
 * show` a few dozen, `review` of a round of 1,000 players 298 of German's 918); it is read
 * whole once the solver's walk asks for the records, or the look-ups have needed half of it,
 * straight into the memory the walk uses (src/rules/walk-memory.ts), so a solve walks it where
 * it lies instead of copying 4 MB first. Why pages: the first write to fresh memory is what
 * reading costs on some machines (about 14 µs a page on the one measured), and pages nobody
 * looked at were 12 ms of every word command's start. The file is kept open from the load,
 * so a dictionary rebuilt meanwhile is never mixed into this one.
 */
class GraphFile implements FormGraph {
  private whole: FormTrie | null = null;
  private readonly pages = new Map<number, Uint32Array>();
  private fd: number | null;
  private readonly bytes: number;
  private readonly budget: number;

  constructor(private readonly file: string, private readonly damaged: (why: string) => Error) {
    const fd = openSync(file, 'r');
    try {
      this.bytes = fstatSync(fd).size;
      const header = new Uint32Array(2);
      readFully(fd, new Uint8Array(header.buffer, 0, Math.min(8, this.bytes)), 0);
      FormTrie.checkHeader(this.bytes, header[0], header[1]);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    this.fd = fd;
    this.budget = Math.ceil(this.bytes / GRAPH_PAGE / 2);
    openPieceFiles.register(this, fd, this);
  }

  get records(): Uint32Array {
    return this.load().records;
  }

  indexOf(word: string): number {
    return this.whole || this.pages.size >= this.budget ? this.load().indexOf(word) : indexOfIn(word, this.at);
  }

  /** records[i] (0 beyond the end, as a view gives nothing there), from its page. */
  private readonly at = (i: number): number => {
    const byte = FILE_HEADER + 4 * i;
    if (!(byte >= FILE_HEADER && byte + 4 <= this.bytes)) return 0;
    const n = Math.floor(byte / GRAPH_PAGE);
    const page = this.pages.get(n) ?? this.readPage(n);
    return page[(byte % GRAPH_PAGE) >>> 2]!;
  };

  private readPage(n: number): Uint32Array {
    const from = n * GRAPH_PAGE;
    const page = new Uint32Array(Math.min(GRAPH_PAGE, this.bytes - from) >>> 2);
    const out = new Uint8Array(page.buffer);
    if (!readFully(this.fd!, out, from)) throw this.damaged(`${this.file} is shorter than it was`);
    this.pages.set(n, page);
    return page;
  }

  private load(): FormTrie {
    if (!this.whole) {
      // (A read that failed has closed the file: what failed is said again.)
      if (this.fd === null) throw this.damaged(`${this.file} could not be read`);
      const fd = this.fd;
      try {
        const out = graphFileBuffer(this.bytes);
        if (!readFully(fd, out, 0)) throw new Error('trie file has the wrong length');
        this.whole = FormTrie.fromBytes(out);
      } catch (e) {
        throw this.damaged((e as Error).message);
      } finally {
        openPieceFiles.unregister(this);
        this.fd = null;
        closeSync(fd);
        this.pages.clear();
      }
    }
    return this.whole;
  }
}

/**
 * A file read in pieces (a positional read each, through one descriptor kept open) until
 * `budget` pieces have been asked for, then whole: a few hundred look-ups (the lemmas of
 * `solve`'s best entry) cost a few hundred small reads, many cost one read of the file.
 * Pieces come in buffers of their own, aligned for a Uint32Array view. The file must be the
 * one there was when the dictionary was loaded (a build replaces the files while a command
 * may still run): a file replaced before its first piece is read is an error, never a piece
 * of another dictionary; once open, the descriptor reads the file it opened to the end,
 * whatever a build puts in its place. The descriptor is closed when the file has been read
 * whole, or when the dictionary is let go (a watch that loads a rebuilt dictionary).
 */
class PieceFile {
  private whole: Buffer | null = null;
  private pieces = 0;
  private fd: number | null = null;
  private readonly identity: string;
  constructor(private readonly file: string, private readonly budget: number, private readonly damaged: (why: string) => Error) {
    this.identity = identityOf(statSync(file));
  }

  isWhole(): boolean {
    return this.whole !== null;
  }

  private descriptor(): number {
    if (this.fd === null) {
      const fd = openSync(this.file, 'r');
      if (identityOf(fstatSync(fd)) !== this.identity) {
        closeSync(fd);
        throw new Error(`dictionary file ${this.file} was replaced (rebuilt?) while this command ran; run it again`);
      }
      this.fd = fd;
      openPieceFiles.register(this, fd, this);
    }
    return this.fd;
  }

  all(): Buffer {
    if (!this.whole) {
      const fd = this.descriptor();
      try {
        this.whole = readFileSync(fd); // from the start: the pieces were read by position
      } finally {
        openPieceFiles.unregister(this);
        this.fd = null;
        closeSync(fd);
      }
    }
    return this.whole;
  }

  /** The text (UTF-8) between two byte offsets. */
  text(from: number, to: number): string {
    const whole = this.whole;
    return whole && to <= whole.length ? whole.toString('utf8', from, to) : this.bytes(from, to).toString('utf8');
  }

  bytes(from: number, to: number): Buffer {
    if (this.whole || ++this.pieces > this.budget) {
      const all = this.all();
      if (to > all.length) throw this.damaged(`${this.file} is shorter than its index says`);
      return Buffer.from(all.buffer, all.byteOffset + from, to - from);
    }
    const out = Buffer.from(new ArrayBuffer(to - from));
    const fd = this.descriptor();
    if (!readFully(fd, out, from)) throw this.damaged(`${this.file} is shorter than its index says`);
    return out;
  }
}

/** Fills `out` from the file at `position`; false if the file ends first. */
function readFully(fd: number, out: Uint8Array, position: number): boolean {
  for (let got = 0; got < out.length;) {
    const read = readSync(fd, out, got, out.length - got, position + got);
    if (read === 0) return false;
    got += read;
  }
  return true;
}

/** Closes the descriptor of a piece file (or graph file) that is let go before it was read whole. */
const openPieceFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch { /* already closed */ }
});

const identityOf = (st: Stats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;

/** A little-endian uint32 view of a file's bytes (copied if they are not 4-byte aligned). */
function uint32View(buf: Buffer): Uint32Array {
  const b = buf.byteOffset % 4 === 0 ? buf : new Uint8Array(buf);
  return new Uint32Array(b.buffer, b.byteOffset, b.byteLength >>> 2);
}
