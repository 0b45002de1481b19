// Dense matrix text, the one reader of its grammar: parseMatrix reads a
// string with it (any modulus, encoded once), readBitMatrix a stream of
// bytes (GF(2), packed into words as they arrive, no string made).
//
// The grammar: one row per line, LF or CRLF; blanks (space, tab) anywhere;
// blank lines and lines starting (after blanks) with `#` are skipped. Up to
// modulus 10 an entry is one digit and blanks are optional; above 10 it is
// a decimal number between blanks. Every row has the first row's entries.
//
// Every byte of a data line before an error is ASCII (anything else is the
// error), so a column there is a byte count. Where a chunk ends on a byte
// that needs the next one (a CR: is an LF next? a character cut in two, to
// name it whole) those bytes wait for it; a number is read across chunks.

import { ParseError } from "../internal/errors.js";
import { formatLimit } from "../internal/sizes.js";
import { MAX_QUOTE, decodeText, showByteChar, showChar, showToken, utf8CharLength } from "../internal/text.js";

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const HASH = 0x23;
const DIGIT_0 = 0x30;
/** The bytes of a number a message may quote (as showByteToken reads them). */
const QUOTE_BYTES = 4 * MAX_QUOTE + 4;
const NO_BYTES = new Uint8Array(0);

/** `1 entry`, `3 entries`. */
export function entries(count: number): string {
  return count === 1 ? "1 entry" : `${count} entries`;
}

/** What an entry must be, for messages. */
function expectedEntry(modulus: number): string {
  if (modulus === 2) return "a digit 0 or 1";
  return modulus <= 10 ? `a digit 0..${modulus - 1}` : `an integer 0..${modulus - 1}`;
}

/** Options of {@link DenseReader}. */
export interface DenseOptions {
  /** Name of the input for messages. */
  source: string;
  /** Entries are integers mod `modulus`, 2..2^31-1. */
  modulus: number;
  /** Largest accepted rows * cols. */
  maxEntries: number;
  /** Largest size of the entries read, in bytes (the memory limit). */
  maxBytes: number;
  /**
   * When a matrix past `maxEntries` is refused: `"row"` at the row that
   * passes it (a stream: nothing more is read), `"end"` once the whole
   * input is read and valid (every syntax error comes first), as
   * `source: a R x C matrix expected at most ...`.
   */
  limit: "row" | "end";
  /**
   * The string the bytes were encoded from (encodeText), when they were:
   * messages then name its characters, and errors carry no byte offset.
   */
  text?: string;
}

/** What {@link DenseReader.end} returns at modulus 2: rows packed as a `BitMatrix` holds them. */
export interface PackedRows {
  kind: "bits";
  rows: number;
  cols: number;
  /** 32-bit words per row (whole 128-bit lanes); bit j of a row at word j >> 5, bit j & 31. */
  stride: number;
  words: Uint32Array;
}

/** What {@link DenseReader.end} returns above modulus 2: one entry per element, row-major. */
export interface ValueRows {
  kind: "values";
  rows: number;
  cols: number;
  /** `rows * cols` entries: bytes up to modulus 256, else 32-bit words. */
  values: Uint8Array | Uint32Array;
}

/**
 * Reads dense matrix text from byte chunks. Errors are {@link ParseError}s
 * at their line and column; sizes past the limits are RangeErrors.
 */
export class DenseReader {
  readonly #source: string;
  readonly #modulus: number;
  /** bits: 0/1 packed 32 to a word; digits: one digit an entry; numbers: numbers between blanks. */
  readonly #mode: "bits" | "digits" | "numbers";
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #limitAtEnd: boolean;
  readonly #text: string | undefined;
  /** The entries, packed (bits); a field of one type, for the hot loop. */
  #words: Uint32Array = new Uint32Array(0);
  /** The entries, one element each (digits, numbers). */
  #values: Uint8Array | Uint32Array = new Uint8Array(0);
  /** Elements per row (words, or entries); 0 until the first row ends. */
  #stride = 0;
  #cols = 0;
  #rows = 0;
  #firstDataLine = 0;
  /** Where the row being read goes (in elements): past the limit of an "end" reader, over row 0 (nothing is kept). */
  #rowBase = 0;
  #overLimit = false;
  /** Global offset of the first byte of the chunk being read. */
  #chunkStart = 0;
  #line = 1;
  #lineStart = 0;
  #state: "start" | "row" | "comment" = "start";
  #count = 0;
  /** The partial word of the row being read (bits). */
  #word = 0;
  /** Global offset just past the last entry of the row. */
  #contentEnd = 0;
  /** Global offset of entry number `cols` of an overlong row, or -1. */
  #overflowAt = -1;
  #sawComment = false;
  /** Bytes at the end of the last chunk that need the next one. */
  #carry: Uint8Array = NO_BYTES;
  /** The number being read (numbers): its global offset (-1: none), value, validity and first bytes. */
  #tokenStart = -1;
  #tokenValue = 0;
  #tokenValid = true;
  readonly #tokenHead = new Uint8Array(QUOTE_BYTES);
  #tokenLength = 0;
  /** Columns of the current line while no row has been read, for the column of "no rows". */
  #lineColumns = 0;
  /** Bytes ending the current line's counted part that may begin a character (counted once it is whole). */
  #pending: Uint8Array = NO_BYTES;
  #lastByte = -1;

  constructor(options: DenseOptions) {
    this.#source = options.source;
    this.#modulus = options.modulus;
    this.#mode = options.modulus === 2 ? "bits" : options.modulus <= 10 ? "digits" : "numbers";
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes;
    this.#limitAtEnd = options.limit === "end";
    this.#text = options.text;
    if (this.#mode === "bits") this.#words = new Uint32Array(1024);
    else this.#values = options.modulus > 256 ? new Uint32Array(1024) : new Uint8Array(1024);
  }

  /**
   * Reads the next chunk.
   *
   * @param chunk - bytes that follow those already pushed
   * @throws {@link ParseError} at the first malformed line
   * @throws RangeError when the matrix passes `maxEntries` ("row" limit) or `maxBytes`
   */
  push(chunk: Uint8Array): void {
    this.#read(chunk, false);
  }

  /**
   * Ends the input.
   *
   * @returns the rows read: packed at modulus 2, else one element per entry
   * @throws {@link ParseError} for a malformed last line or an input without rows
   * @throws RangeError when the matrix passes `maxEntries` ("end" limit)
   */
  end(): PackedRows | ValueRows {
    this.#read(this.#carry, true);
    if (this.#tokenStart >= 0) this.#endToken(this.#chunkStart);
    if (this.#state === "row") this.#newline(this.#chunkStart);
    if (this.#rows === 0) {
      const what = this.#sawComment ? "only blank lines and # comments" : "an empty file";
      const entry = this.#modulus === 2 ? "0/1" : `entries 0..${this.#modulus - 1}`;
      throw new ParseError(
        this.#source,
        this.#line,
        this.#lastColumn(),
        `expected at least one row of ${entry}, got ${what}`,
      );
    }
    const rows = this.#rows;
    const cols = this.#cols;
    if (this.#overLimit) {
      const subject = `a ${rows} x ${cols} matrix`;
      const limit = formatLimit({ subject, max: this.#maxEntries, got: rows * cols, unit: ["entry", "entries"] });
      throw new RangeError(`${this.#source}: ${limit}`);
    }
    if (this.#mode === "bits") return { kind: "bits", rows, cols, stride: this.#stride, words: this.#words };
    const values = this.#values.length === rows * cols ? this.#values : this.#values.slice(0, rows * cols);
    return { kind: "values", rows, cols, values };
  }

  /** Reads `input` (after the carried bytes); `final`: nothing follows it. */
  #read(input: Uint8Array, final: boolean): void {
    // #chunkStart is the global offset of the carried bytes, if any, else of `input`
    const chunk = this.#carry.length > 0 && input !== this.#carry ? joinBytes(this.#carry, input) : input;
    const start = this.#chunkStart;
    this.#carry = NO_BYTES;
    const n = chunk.length;
    const view = new DataView(chunk.buffer, chunk.byteOffset, n);
    let i = 0;
    while (i < n) {
      if (this.#state === "comment") {
        const newline = chunk.indexOf(LF, i);
        if (newline < 0) {
          i = n;
          break;
        }
        this.#newline(start + newline);
        i = newline + 1;
        continue;
      }
      if (this.#state === "row") {
        if (this.#mode === "bits") {
          // The hot loop of a stream: 0/1 entries packed 32 to a word (inline: a call per row cost 10%).
          const limit = this.#stride === 0 ? 0x7fffffff : this.#cols;
          let words = this.#words;
          const base = this.#rowBase;
          const before = this.#count;
          let count = before;
          let word = this.#word;
          let end = i;
          // Eight entries at a time while eight 0/1 bytes follow (the bulk of a file without spaces):
          // the low bits of the eight bytes, gathered by one multiply per four, make one byte of the row.
          if ((count & 7) === 0) {
            while (i + 8 <= n && count + 8 <= limit) {
              const lo = view.getUint32(i, true);
              const hi = view.getUint32(i + 4, true);
              // Each half on its own: or-ing them would let a blank (0x20) pass beside a '0' (0x30).
              if ((lo & 0xfefefefe) !== 0x30303030 || (hi & 0xfefefefe) !== 0x30303030) break;
              const bits =
                (Math.imul(lo & 0x01010101, 0x01020408) >>> 24) |
                ((Math.imul(hi & 0x01010101, 0x01020408) >>> 20) & 0xf0);
              word |= bits << (count & 31);
              count += 8;
              i += 8;
              end = i;
              if ((count & 31) === 0) {
                const at = base + (count >>> 5) - 1;
                if (at >= words.length) words = this.#grow(at + 1);
                words[at] = word;
                word = 0;
              }
            }
          }
          // Four entries at a time in rows written "0 1 1 0 ...": digit, space, digit, space.
          if ((count & 3) === 0) {
            while (i + 8 <= n && count + 4 <= limit) {
              const lo = view.getUint32(i, true);
              const hi = view.getUint32(i + 4, true);
              if ((lo & 0xfffefffe) !== 0x20302030 || (hi & 0xfffefffe) !== 0x20302030) break;
              const bits = (lo & 1) | ((lo >>> 15) & 2) | ((hi & 1) << 2) | ((hi >>> 13) & 8);
              word |= bits << (count & 31);
              count += 4;
              i += 8;
              end = i - 1;
              if ((count & 31) === 0) {
                const at = base + (count >>> 5) - 1;
                if (at >= words.length) words = this.#grow(at + 1);
                words[at] = word;
                word = 0;
              }
            }
          }
          while (i < n && count < limit) {
            const digit = chunk[i]! - DIGIT_0;
            if (digit >>> 0 > 1) break;
            word |= digit << (count & 31);
            count++;
            i++;
            end = i;
            if ((count & 31) === 0) {
              const at = base + (count >>> 5) - 1;
              // Only the first row, of unknown length, outgrows the buffer.
              if (at >= words.length) words = this.#grow(at + 1);
              words[at] = word;
              word = 0;
            }
          }
          if (count !== before) this.#contentEnd = this.#chunkStart + end;
          this.#count = count;
          this.#word = word;
        } else i = this.#mode === "digits" ? this.#digitsRow(chunk, i) : this.#numbersRow(chunk, i, final);
        if (i === n) break;
      }
      const b = chunk[i]!;
      if (b === SPACE || b === TAB) {
        i++;
      } else if (b === LF) {
        this.#newline(start + i);
        i++;
      } else if (b === CR && i + 1 === n && !final) {
        break; // is an LF next? the next chunk says
      } else if (b === CR && (i + 1 === n || chunk[i + 1] === LF)) {
        i++; // a CR ends a line before its LF or at the end of the input
      } else if (b === HASH && this.#state === "start") {
        this.#state = "comment";
        this.#sawComment = true;
        i++;
      } else if (this.#isEntry(b) && this.#state === "start") {
        this.#beginRow(start + i); // the row loop reads on from this byte
      } else if (this.#isEntry(b)) {
        // past the first row's length (numbers count theirs as they end): counted, reported at the end of the line
        this.#overflow(start + i);
        i++;
      } else if (!final && i + utf8Lead(b) > n) {
        break; // a character cut by the end of the chunk: named once the next chunk completes it
      } else {
        this.#error(start + i, `expected ${expectedEntry(this.#modulus)}, got ${this.#char(chunk, i)}`);
      }
    }
    this.#chunkStart = start + n;
    if (i < n) {
      this.#carry = chunk.slice(i);
      this.#chunkStart = start + i;
    }
    if (this.#rows === 0 && this.#state !== "row") this.#countColumns(chunk, Math.max(0, this.#lineStart - start), i);
    if (i > 0) this.#lastByte = chunk[i - 1]!;
  }

  /** Whether byte `b` begins (or is) an entry outside the row loops: any other byte than those above in numbers. */
  #isEntry(b: number): boolean {
    if (this.#mode === "numbers") return true;
    return (b - DIGIT_0) >>> 0 < this.#modulus;
  }

  /** Entries of a row of digits below the modulus (3..10), one element each. */
  #digitsRow(chunk: Uint8Array, from: number): number {
    const n = chunk.length;
    let i = from;
    const limit = this.#stride === 0 ? 0x7fffffff : this.#cols;
    const before = this.#count;
    let count = before;
    while (i < n && count < limit) {
      const digit = chunk[i]! - DIGIT_0;
      if (digit >>> 0 >= this.#modulus) break;
      this.#store(count, digit);
      count++;
      i++;
    }
    if (count !== before) this.#contentEnd = this.#chunkStart + i;
    this.#count = count;
    return i;
  }

  /**
   * Numbers of a row, each ending at a blank, an LF, or a CR before an LF
   * or the end of the input; a number cut by the chunk's end goes on in the
   * next. Returns where it stopped: a blank or a line end between numbers,
   * or the chunk's end.
   */
  #numbersRow(chunk: Uint8Array, from: number, final: boolean): number {
    const n = chunk.length;
    let i = from;
    while (i < n) {
      if (this.#tokenStart < 0) {
        if (numberEnds(chunk, i, final) || (chunk[i] === CR && i + 1 === n)) return i;
        this.#tokenStart = this.#chunkStart + i;
        this.#tokenValue = 0;
        this.#tokenValid = true;
        this.#tokenLength = 0;
      }
      for (; i < n && !numberEnds(chunk, i, final); i++) {
        if (chunk[i] === CR && i + 1 === n) return i; // the CR waits for the next chunk
        this.#tokenByte(chunk[i]!);
      }
      if (i === n) return n;
      this.#endToken(this.#chunkStart + i);
    }
    return i;
  }

  #tokenByte(b: number): void {
    if (this.#tokenLength < QUOTE_BYTES) this.#tokenHead[this.#tokenLength] = b;
    this.#tokenLength++;
    const digit = b - DIGIT_0;
    if (digit >>> 0 > 9) this.#tokenValid = false;
    else if (this.#tokenValid && this.#tokenValue < this.#modulus) this.#tokenValue = this.#tokenValue * 10 + digit;
  }

  /** The number ending at global offset `end`: checked, then stored or counted past the first row's length. */
  #endToken(end: number): void {
    const at = this.#tokenStart;
    if (!this.#tokenValid || this.#tokenValue >= this.#modulus) {
      const head = this.#tokenHead.subarray(0, Math.min(this.#tokenLength, QUOTE_BYTES));
      const shown =
        this.#text === undefined ? showToken(decodeText(head)) : showToken(this.#text.slice(...this.#indices(at, end)));
      this.#error(at, `expected ${expectedEntry(this.#modulus)}, got ${shown}`);
    }
    this.#tokenStart = -1;
    if (this.#stride === 0 || this.#count < this.#cols) this.#store(this.#count, this.#tokenValue);
    else if (this.#overflowAt < 0) this.#overflowAt = at;
    this.#count++;
    this.#contentEnd = end;
  }

  /** Writes entry `index` of the row being read (digits, numbers). */
  #store(index: number, value: number): void {
    const at = this.#rowBase + index;
    // Only the first row, of unknown length, outgrows the buffer.
    if (at >= this.#values.length) this.#grow(at + 1);
    this.#values[at] = value;
  }

  /** An entry past the first row's length (bits, digits). */
  #overflow(at: number): void {
    if (this.#overflowAt < 0) this.#overflowAt = at;
    this.#count++;
    this.#contentEnd = at + 1;
  }

  /** The first entry of a row: checks the size guard, then reads on in the row loop. */
  #beginRow(at: number): void {
    if (this.#stride !== 0) {
      const rows = this.#rows + 1;
      if (rows * this.#cols > this.#maxEntries) {
        if (!this.#limitAtEnd) {
          const subject = `a matrix of ${this.#cols} columns (${rows} rows so far)`;
          const limit = formatLimit({
            subject,
            max: this.#maxEntries,
            got: rows * this.#cols,
            unit: ["entry", "entries"],
          });
          throw new RangeError(`${this.#source}:${this.#line}: ${limit}`);
        }
        this.#overLimit = true;
      }
      this.#rowBase = this.#overLimit ? 0 : this.#rows * this.#stride;
      if (!this.#overLimit) this.#grow(this.#rowBase + this.#stride);
    }
    this.#state = "row";
    this.#count = 0;
    this.#word = 0;
    this.#overflowAt = -1;
    this.#contentEnd = at;
  }

  /** A line ends at global offset `at` (its LF, or the end of the input). */
  #newline(at: number): void {
    if (this.#state === "row") {
      const count = this.#count;
      if (this.#stride === 0) {
        this.#cols = count;
        this.#stride = this.#mode === "bits" ? Math.ceil(count / 128) * 4 : count;
        this.#firstDataLine = this.#line;
        if (count > this.#maxEntries) {
          if (!this.#limitAtEnd) {
            const limit = formatLimit({
              subject: "a row",
              max: this.#maxEntries,
              got: count,
              unit: ["entry", "entries"],
            });
            throw new RangeError(`${this.#source}:${this.#line}: ${limit}`);
          }
          this.#overLimit = true;
        }
        this.#grow(this.#stride);
      } else if (count !== this.#cols) {
        const where = count < this.#cols ? this.#contentEnd : this.#overflowAt;
        this.#error(where, `expected ${entries(this.#cols)} (like line ${this.#firstDataLine}), got ${count}`);
      }
      if (this.#mode === "bits" && count & 31) this.#words[this.#rowBase + (count >>> 5)] = this.#word;
      this.#rows++;
    }
    this.#state = "start";
    this.#line++;
    this.#lineStart = at + 1;
    this.#lineColumns = 0;
    this.#pending = NO_BYTES;
  }

  /** Makes room for `size` elements of the buffer in use, checking the byte limit first; returns the words. */
  #grow(size: number): Uint32Array {
    const data = this.#mode === "bits" ? this.#words : this.#values;
    if (size > data.length) {
      const bytes = size * data.BYTES_PER_ELEMENT;
      if (bytes > this.#maxBytes) {
        const rows = Math.max(1, this.#rows + 1);
        const subject = this.#stride === 0 ? "the first row" : `the matrix (${rows} rows so far)`;
        const limit = formatLimit({ subject, max: this.#maxBytes, got: bytes, unit: "bytes", why: "the memory limit" });
        throw new RangeError(`${this.#source}:${this.#line}: ${limit}`);
      }
      const length = Math.min(Math.max(size, data.length * 2), Math.floor(this.#maxBytes / data.BYTES_PER_ELEMENT));
      const grown = data instanceof Uint32Array ? new Uint32Array(length) : new Uint8Array(length);
      grown.set(data);
      if (this.#mode === "bits") this.#words = grown as Uint32Array;
      else this.#values = grown;
    }
    return this.#words;
  }

  /** The character at `chunk[i]` for a message: as the string has it, or as the bytes are. */
  #char(chunk: Uint8Array, i: number): string {
    if (this.#text === undefined) return showByteChar(chunk, i);
    return showChar(this.#text, this.#indices(this.#chunkStart + i, this.#chunkStart + i)[0]);
  }

  /** The UTF-16 indices in the string of the global byte offsets `from` <= `to` (encodeText's bytes). */
  #indices(from: number, to: number): [number, number] {
    const text = this.#text!;
    let bytes = 0;
    let i = 0;
    let start = -1;
    for (;;) {
      if (start < 0 && bytes >= from) start = i;
      if (bytes >= to || i >= text.length) return [start < 0 ? i : start, i];
      const code = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      if (code < 0x80) bytes += 1;
      else if (code < 0x800) bytes += 2;
      else if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else if (code >= 0xdc80 && code <= 0xdcff)
        bytes += 1; // a byte that was not UTF-8 (decodeText)
      else bytes += 3; // the rest of the BMP, a lone surrogate as U+FFFD
      i++;
    }
  }

  #error(at: number, reason: string): never {
    const offset = this.#text === undefined ? at : undefined;
    throw new ParseError(this.#source, this.#line, at - this.#lineStart + 1, reason, offset);
  }

  /**
   * Counts the columns of the current line in `chunk[from..to)` (a
   * character, or a byte that is not UTF-8, each), keeping bytes at the end
   * that a later chunk may complete into one character.
   */
  #countColumns(chunk: Uint8Array, from: number, to: number): void {
    const part = chunk.subarray(from, to);
    const bytes = this.#pending.length > 0 ? joinBytes(this.#pending, part) : part;
    let i = 0;
    let columns = 0;
    while (i < bytes.length) {
      const length = bytes[i]! < 0x80 ? 1 : utf8CharLength(bytes, i);
      if (length === 0 && beginsCharacter(bytes, i)) break;
      i += Math.max(1, length);
      columns++;
    }
    this.#lineColumns += columns;
    this.#pending = bytes.slice(i);
  }

  /** Column just past the last line's text, whose final CR is dropped as from any line. */
  #lastColumn(): number {
    if (this.#lineStart === this.#chunkStart) return 1;
    return this.#lineColumns + this.#pending.length + (this.#lastByte === CR ? 0 : 1);
  }
}

/** Whether a number ends at `chunk[at]`: a blank, an LF, or a CR before an LF (or ending the input, when `final`). */
function numberEnds(chunk: Uint8Array, at: number, final: boolean): boolean {
  const b = chunk[at]!;
  if (b === SPACE || b === TAB || b === LF) return true;
  return b === CR && (at + 1 < chunk.length ? chunk[at + 1] === LF : final);
}

function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Bytes of the UTF-8 sequence that `lead` starts (1 for ASCII and for bytes that start none). */
function utf8Lead(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf7) return 4;
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1;
  return lead >= 0xc0 ? 2 : 1;
}

/** Whether `bytes[at..]`, cut short by the end, may still become one well-formed character. */
function beginsCharacter(bytes: Uint8Array, at: number): boolean {
  const have = bytes.length - at;
  if (have >= 4) return false;
  // Complete the bytes with each kind of continuation byte a second byte may need; the rest are 0x80.
  return [0x80, 0x90, 0xa0].some((second) => {
    const trial = new Uint8Array(4).fill(0x80);
    trial.set(bytes.subarray(at));
    if (have === 1) trial[1] = second;
    return utf8CharLength(trial, 0) > have;
  });
}
