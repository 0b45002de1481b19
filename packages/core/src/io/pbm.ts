/**
 * The portable bitmap format (PBM) of Netpbm for 0/1 matrices: entry 1 is a
 * black pixel, row i of the matrix is row i of the image.
 *
 * - **P4** (raw): the header `P4`, whitespace, the width and the height in
 *   ASCII decimal separated by whitespace, then exactly one whitespace
 *   character, then the raster: each row is `ceil(width / 8)` bytes, the
 *   first pixel in the most significant bit, the bits after the last pixel
 *   of a row ignored ("don't care").
 * - **P1** (plain): the same header with `P1`, then the pixels as ASCII
 *   `0`/`1`, whitespace between them ignored; only whitespace may follow
 *   the last pixel.
 *
 * Whitespace is blank, TAB, CR and LF. In the header (up to the whitespace
 * character that delimits the raster) a comment runs from `#` through the
 * next CR or LF and is ignored as if absent: it may sit inside a number, and
 * the line end closing a comment does not delimit the raster. These are the
 * rules of the Netpbm format description (netpbm.sourceforge.net/doc/pbm.html).
 * A file holds one image here (Netpbm allows several): bytes after a P4
 * raster, and anything but whitespace after the pixels of a P1 image, are
 * an error, never silently dropped.
 *
 * @module
 */
import { BitMatrix, liveWords, reverseByteBits } from "../gf2/bitmatrix.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import { reverseBitsInBytes } from "../internal/layout.js";
import { formatLimit } from "../internal/sizes.js";
import { ParseError } from "../internal/errors.js";
import { showByteChar } from "../internal/text.js";

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const HASH = 0x23;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** Largest width or height: the largest dimension of a BitMatrix. */
const MAX_SIDE = 2 ** 30;

function isWhitespace(b: number): boolean {
  return b === SPACE || b === LF || b === CR || b === TAB;
}

/**
 * Options of {@link formatPbm}.
 *
 * @example
 * ```ts
 * const options: FormatPbmOptions = { plain: true };
 * formatPbm(BitMatrix.identity(2), options); // P1, text
 * ```
 */
export interface FormatPbmOptions {
  /** Write plain P1 text (at most 70 characters a line) instead of raw P4; default false. */
  plain?: boolean;
  /** A comment line for the header (no line breaks), e.g. what the matrix is. */
  comment?: string;
}

/**
 * Writes a 0/1 matrix as a PBM image: P4 (raw, 1 bit per entry) by default,
 * P1 (plain text) with `plain`.
 *
 * @param matrix - the matrix, at least 1 x 1
 * @param options - `plain` for P1, `comment` for a `#` line in the header
 * @returns the bytes of the file
 * @throws RangeError when the matrix has no rows or no columns (PBM has no empty image)
 * @throws TypeError when `comment` holds a line break
 * @example
 * ```ts
 * const bytes = formatPbm(BitMatrix.fromRows(["110", "011"]));
 * new TextDecoder().decode(bytes.subarray(0, 7)); // "P4\n3 2\n"
 * formatPbm(BitMatrix.identity(2), { plain: true }); // "P1\n2 2\n10\n01\n" as bytes
 * ```
 */
export function formatPbm(matrix: BitMatrix, options: FormatPbmOptions = {}): Uint8Array {
  const { rows, cols } = matrix;
  if (rows < 1 || cols < 1) {
    throw new RangeError(`a PBM image expected at least 1 x 1 entries, got ${rows} x ${cols}`);
  }
  const comment = options.comment;
  if (comment !== undefined && (typeof comment !== "string" || /[\r\n]/.test(comment))) {
    throw new TypeError(`"comment" expected one line of text, got ${JSON.stringify(comment)}`);
  }
  const magic = options.plain ? "P1" : "P4";
  const header = new TextEncoder().encode(
    `${magic}\n${comment === undefined ? "" : `# ${comment}\n`}${cols} ${rows}\n`,
  );
  const words = liveWords(matrix);
  const stride = matrix.strideWords * 2;
  if (options.plain) return plainRaster(header, words, stride, rows, cols);
  const rowBytes = Math.ceil(cols / 8);
  const out = new Uint8Array(header.length + rows * rowBytes);
  out.set(header);
  // the rows' bytes as they are, then each byte's bits reversed (the first pixel is PBM's high bit)
  const source = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  const strideBytes = stride * 4;
  for (let i = 0; i < rows; i++) {
    out.set(source.subarray(i * strideBytes, i * strideBytes + rowBytes), header.length + i * rowBytes);
  }
  reverseBitsInBytes(out, header.length, out.length);
  return out;
}

/** Lines of P1 digits, at most 70 to a line as the format asks, each matrix row on new lines. */
function plainRaster(header: Uint8Array, words: Uint32Array, stride: number, rows: number, cols: number): Uint8Array {
  const perLine = 70;
  const linesPerRow = Math.ceil(cols / perLine);
  const out = new Uint8Array(header.length + rows * (cols + linesPerRow));
  out.set(header);
  let at = header.length;
  for (let i = 0; i < rows; i++) {
    const base = i * stride;
    for (let j = 0; j < cols; j++) {
      out[at++] = DIGIT_0 + ((words[base + (j >>> 5)]! >>> (j & 31)) & 1);
      if ((j + 1) % perLine === 0 || j + 1 === cols) out[at++] = LF;
    }
  }
  return out;
}

/** Where the header reader is. */
type HeaderStep = "magic" | "width" | "height" | "delimiter";

/**
 * Reads a PBM file pushed in chunks into a BitMatrix, allocated as soon as
 * the header is read (after the size guards) and filled row by row.
 * Internal to the core's readers: see {@link readBitMatrix}.
 */
export class PbmReader {
  readonly #source: string;
  readonly #maxEntries: number;
  readonly #engine: EngineName | undefined;
  #matrix: BitMatrix | undefined;
  #plain = false;
  #step: HeaderStep = "magic";
  #inComment = false;
  /** Digits of the number being read, and whether a number has started. */
  #value = 0;
  #digits = 0;
  #width = 0;
  #height = 0;
  /** Bytes read so far, and the line and its first byte (for header and P1 messages). */
  #offset = 0;
  #line = 1;
  #lineStart = 0;
  /** Raster position: P4 row and byte in the row; P1 pixels read. */
  #row = 0;
  #rowByte = 0;
  #pixels = 0;
  /** The magic number was read and no whitespace has followed yet. */
  #needSpace = false;
  /** Offset of the first digit of the number being read. */
  #numberStart = 0;

  /**
   * @param source - name of the input for messages
   * @param maxEntries - largest accepted width * height
   * @param engine - where the matrix lives (default: the BitMatrix default)
   */
  constructor(source: string, maxEntries: number, engine?: EngineName) {
    this.#source = source;
    this.#maxEntries = maxEntries;
    this.#engine = engine;
  }

  /** The plain format (P1) was read; known once the magic number is. */
  get plain(): boolean {
    return this.#plain;
  }

  /**
   * Reads the next chunk.
   *
   * @param chunk - bytes that follow those already pushed
   * @throws {@link ParseError} for a malformed header or raster
   * @throws RangeError when the image passes `maxEntries` or the memory limit (before allocating)
   */
  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n && this.#step !== "delimiter") i = this.#header(chunk, i);
    if (i < n && this.#step === "delimiter" && this.#matrix === undefined) i = this.#delimiter(i);
    if (i < n) i = this.#plain ? this.#plainRaster(chunk, i) : this.#rawRaster(chunk, i);
    this.#offset += n;
  }

  /**
   * Ends the input.
   *
   * @returns the matrix, which the caller owns (and disposes)
   * @throws {@link ParseError} when the header or the raster is cut short
   */
  end(): BitMatrix {
    const at = this.#offset;
    const matrix = this.#matrix;
    if (matrix === undefined) {
      const started = this.#digits > 0;
      const what = {
        magic: "the magic number P1 or P4",
        width: started ? "whitespace and the height after the width" : "the width",
        height: started ? "a whitespace character after the height" : "the height",
        delimiter: "a whitespace character after the height",
      }[this.#step];
      throw this.#error(at, `expected ${what}, got the end of the file`);
    }
    const { rows, cols } = matrix;
    if (this.#plain) {
      if (this.#pixels < rows * cols) {
        throw this.#error(
          at,
          `expected ${cols} x ${rows} = ${rows * cols} pixels (0 or 1), got ${this.#pixels} before the end of the file`,
        );
      }
    } else if (this.#row < rows) {
      const rowBytes = Math.ceil(cols / 8);
      const got = this.#row * rowBytes + this.#rowByte;
      throw new ParseError(
        this.#source,
        0,
        0,
        `expected ${rows} rows of ${rowBytes} bytes (${rows * rowBytes} bytes of raster), got ${got} bytes before the end of the file`,
        at,
      );
    }
    this.#matrix = undefined;
    return matrix;
  }

  /** Frees the matrix of a read that failed or was abandoned. */
  dispose(): void {
    this.#matrix?.dispose();
    this.#matrix = undefined;
  }

  /** One header byte (or a run of comment bytes) from `i`; returns where to go on. */
  #header(chunk: Uint8Array, i: number): number {
    const b = chunk[i]!;
    const at = this.#offset + i;
    if (this.#inComment) {
      if (b === LF || b === CR) this.#inComment = false;
      this.#countLine(b, at);
      return i + 1;
    }
    if (this.#step === "magic") {
      // "P" then "1" or "4", read one byte at a time as chunks may split them.
      if (this.#digits === 0) {
        if (b !== 0x50)
          throw this.#error(at, `expected the magic number P1 or P4 of a PBM file, got ${showByteChar(chunk, i)}`);
        this.#digits = 1;
        return i + 1;
      }
      if (b !== 0x31 && b !== 0x34) {
        const got =
          b >= DIGIT_0 && b <= DIGIT_9
            ? `'P${b - DIGIT_0}' (P${b - DIGIT_0} is another Netpbm format)`
            : `'P' then ${showByteChar(chunk, i)}`;
        throw this.#error(at - 1, `expected the magic number P1 or P4 of a PBM file, got ${got}`);
      }
      this.#plain = b === 0x31;
      this.#step = "width";
      this.#digits = 0;
      this.#value = 0;
      // The magic number must be followed by whitespace (or a comment).
      this.#needSpace = true;
      return i + 1;
    }
    if (b === HASH) {
      this.#inComment = true;
      return i + 1;
    }
    const name = this.#step === "width" ? "width" : "height";
    if (b >= DIGIT_0 && b <= DIGIT_9) {
      if (this.#needSpace)
        throw this.#error(at, `expected whitespace after the magic number, got ${showByteChar(chunk, i)}`);
      if (this.#digits === 0) this.#numberStart = at;
      this.#digits++;
      this.#value = Math.min(this.#value * 10 + (b - DIGIT_0), MAX_SIDE + 1);
      return i + 1;
    }
    if (!isWhitespace(b)) {
      const what = this.#digits > 0 ? `a digit or whitespace after the ${name}` : `the ${name} (a decimal number)`;
      throw this.#error(at, `expected ${what}, got ${showByteChar(chunk, i)}`);
    }
    this.#needSpace = false;
    if (this.#digits > 0) {
      this.#number(name);
      // The whitespace that ends the height is the raster's delimiter.
      if (name === "height") {
        this.#step = "delimiter";
        this.#countLine(b, at);
        return i;
      }
      this.#step = "height";
    }
    this.#countLine(b, at);
    return i + 1;
  }

  /** Checks the number just read as the width or height. */
  #number(name: "width" | "height"): void {
    const value = this.#value;
    if (value < 1 || value > MAX_SIDE) {
      const got = value > MAX_SIDE ? `more than ${MAX_SIDE}` : "0";
      throw this.#error(this.#numberStart, `expected a ${name} in 1..${MAX_SIDE}, got ${got}`);
    }
    if (name === "width") this.#width = value;
    else this.#height = value;
    this.#digits = 0;
    this.#value = 0;
  }

  /** The whitespace after the height: allocates the matrix, after the size guards. */
  #delimiter(i: number): number {
    const rows = this.#height;
    const cols = this.#width;
    // width x height in the file, rows x columns as a matrix: both said, so neither reads as the other
    const image = `${this.#source}: an image ${cols} pixels wide and ${rows} high`;
    if (rows * cols > this.#maxEntries) {
      const subject = `${image} (a ${rows} x ${cols} matrix)`;
      throw new RangeError(
        formatLimit({ subject, max: this.#maxEntries, got: rows * cols, unit: ["entry", "entries"] }),
      );
    }
    try {
      this.#matrix = BitMatrix.zeros(rows, cols, this.#engine === undefined ? undefined : { engine: this.#engine });
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`${image}: ${error.message}`, { cause: error });
      throw error;
    }
    return i + 1;
  }

  /** P4 raster bytes from `i`: each row's bytes bit-reversed into the matrix's words. */
  #rawRaster(chunk: Uint8Array, i: number): number {
    const matrix = this.#matrix!;
    const { rows, cols } = matrix;
    const n = chunk.length;
    if (this.#row === rows) {
      throw new ParseError(
        this.#source,
        0,
        0,
        `expected the end of the file after the ${rows} rows of the image, got more bytes (one image per file is read)`,
        this.#offset + i,
      );
    }
    // The raster's bytes go into the rows as they are (a live view of the packed words: no copy of the
    // matrix), then the engine reverses each byte's bits at once: PBM's first pixel is a byte's high bit.
    const words = liveWords(matrix);
    const out = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
    const strideBytes = matrix.strideWords * 8;
    const rowBytes = Math.ceil(cols / 8);
    const firstRow = this.#row;
    const from = firstRow * strideBytes + this.#rowByte;
    let row = firstRow;
    let rowByte = this.#rowByte;
    while (i < n && row < rows) {
      const take = Math.min(rowBytes - rowByte, n - i);
      out.set(chunk.subarray(i, i + take), row * strideBytes + rowByte);
      i += take;
      rowByte += take;
      if (rowByte === rowBytes) {
        row++;
        rowByte = 0;
      }
    }
    // the bytes between rows (the padding to whole lanes) are zero, and stay zero
    reverseByteBits(matrix, from, row * strideBytes + rowByte);
    // the bits after a row's last pixel are "don't care": cleared in the rows completed here
    if (cols & 7) {
      const lastMask = (1 << (cols & 7)) - 1;
      for (let r = firstRow; r < row; r++) out[r * strideBytes + rowBytes - 1]! &= lastMask;
    }
    this.#row = row;
    this.#rowByte = rowByte;
    if (i < n) {
      throw new ParseError(
        this.#source,
        0,
        0,
        `expected the end of the file after the ${rows} rows of the image, got more bytes (one image per file is read)`,
        this.#offset + i,
      );
    }
    return i;
  }

  /** P1 pixels from `i`: `0`/`1` with whitespace ignored, then whitespace-led junk. */
  #plainRaster(chunk: Uint8Array, i: number): number {
    const matrix = this.#matrix!;
    const { rows, cols } = matrix;
    const total = rows * cols;
    const words = liveWords(matrix);
    const stride = matrix.strideWords * 2;
    const n = chunk.length;
    let pixels = this.#pixels;
    let row = Math.floor(pixels / cols);
    let col = pixels - row * cols;
    for (; i < n; i++) {
      const b = chunk[i]!;
      if (b === DIGIT_0 || b === DIGIT_0 + 1) {
        if (pixels === total) {
          throw this.#error(
            this.#offset + i,
            `expected only whitespace after the ${total} pixels of the image (one image per file is read), got ${showByteChar(chunk, i)}`,
          );
        }
        if (b !== DIGIT_0) words[row * stride + (col >>> 5)]! |= 1 << (col & 31);
        pixels++;
        if (++col === cols) {
          col = 0;
          row++;
        }
        continue;
      }
      if (!isWhitespace(b)) {
        const what =
          pixels === total
            ? `only whitespace after the ${total} pixels of the image (one image per file is read)`
            : "a pixel 0 or 1";
        throw this.#error(this.#offset + i, `expected ${what}, got ${showByteChar(chunk, i)}`);
      }
      this.#countLine(b, this.#offset + i);
    }
    this.#pixels = pixels;
    return i;
  }

  #countLine(b: number, at: number): void {
    if (b === LF) {
      this.#line++;
      this.#lineStart = at + 1;
    }
  }

  /** A ParseError at byte `at` of the header or of a P1 raster, with its line and column. */
  #error(at: number, reason: string): ParseError {
    return new ParseError(this.#source, this.#line, at - this.#lineStart + 1, reason, at);
  }
}
