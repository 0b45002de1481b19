/**
 * Reading a GF(2) matrix from bytes as they arrive (a file stream, a
 * browser `File.stream()`, stdin), never holding the whole input as a
 * string: dense 0/1 text and PBM are packed as they are read; a
 * MatrixMarket file is read sparse line by line (it lists only the ones),
 * then made dense.
 *
 * @module
 */
import { BitMatrix, type EngineName, liveWords } from "../gf2/bitmatrix.js";
import { matrixBytes } from "../internal/layout.js";
import { MAX_DIMENSION } from "../internal/check.js";
import { getMemoryLimit, matrixRoom } from "../internal/memory.js";
import { checkChunkInput, concatBytes } from "../internal/text.js";
import { DenseReader, type PackedRows } from "./_dense-text.js";
import { formatLimit } from "../internal/sizes.js";
import { sparseToBitMatrix } from "../sparse/build.js";
import { largestSparseNonzeros, SparseSink } from "./read-sparse.js";
import { PbmReader } from "./pbm.js";

/** Bytes looked at to tell the formats apart (the length of `%%MatrixMarket`). */
const SNIFF_BYTES = 14;

/**
 * The formats {@link readBitMatrix} reads.
 *
 * @example
 * ```ts
 * const format: BitMatrixFormat = (await readBitMatrix([new TextEncoder().encode("P4 8 1\n\x01")])).format; // "pbm"
 * ```
 */
export type BitMatrixFormat = "dense" | "matrix-market" | "pbm" | "plain-pbm";

/**
 * Options of {@link readBitMatrix}.
 *
 * @example
 * ```ts
 * const options: ReadBitMatrixOptions = { source: "a.pbm", format: "pbm", onProgress: (bytes) => {} };
 * ```
 */
export interface ReadBitMatrixOptions {
  /** Name of the input used in error messages; default `"<input>"`. */
  source?: string;
  /**
   * Largest accepted `rows * cols`, a positive integer; by default only the
   * memory limit bounds every format (a MatrixMarket file's ones first, then its bits).
   */
  maxEntries?: number;
  /**
   * `"auto"` (default): PBM when the input starts with `P` and a digit,
   * MatrixMarket when it starts with `%%MatrixMarket`, else dense text.
   * `"pbm"`: the input must be PBM (say, a file named `*.pbm`), so anything
   * else is reported as a bad magic number.
   */
  format?: "auto" | "pbm";
  /** Engine of the returned matrix; default `"wasm"`. */
  engine?: EngineName;
  /** Called after each chunk with the bytes read so far. */
  onProgress?: (bytes: number) => void;
}

/**
 * A matrix read by {@link readBitMatrix}.
 *
 * @example
 * ```ts
 * const data = new TextEncoder().encode("P1\n2 2\n1 0\n0 1\n");
 * const { matrix, format, bytes }: ReadBitMatrix = await readBitMatrix([data]); // "plain-pbm", 15 bytes
 * ```
 */
export interface ReadBitMatrix {
  /** The matrix; the caller owns it (dispose it when done). */
  matrix: BitMatrix;
  /** Which format the input was in. */
  format: BitMatrixFormat;
  /** Bytes read. */
  bytes: number;
}

/** What reads one format from chunks. */
interface Sink {
  push(chunk: Uint8Array): void;
  end(): BitMatrix;
  dispose(): void;
}

/**
 * Reads a matrix over GF(2) from chunks of bytes: PBM (P4 raw or P1 plain),
 * dense 0/1 text or a MatrixMarket coordinate file, told apart by their
 * first bytes. Dense text and PBM are packed into bits as the chunks
 * arrive; PBM goes straight into the matrix, allocated once its header is
 * read. A UTF-8 byte order mark before text is skipped.
 *
 * @param input - the bytes, in order: an async iterable (a Node stream, a
 *   web `ReadableStream` where it is iterable) or an iterable of chunks; a
 *   chunk is read before the next is asked for, so a producer may read
 *   each into the same buffer
 * @param options - `source`, `maxEntries`, `format`, `engine`, `onProgress`
 * @returns the matrix (owned by the caller), its format and the bytes read
 * @throws {@link ParseError} for malformed input: line and column in text,
 *   the byte offset (`offset`) in a PBM raster
 * @throws RangeError when the matrix passes `maxEntries` or the memory
 *   limit (see `setMemoryLimit` in `@lightsout/core/gf2`), checked before allocating it
 * @throws TypeError when an argument has the wrong type
 * @example
 * ```ts
 * // in Node, a file: readBitMatrix(createReadStream("a.pbm"), { source: "a.pbm" })
 * const { matrix } = await readBitMatrix([new TextEncoder().encode("110\n011\n101\n")], { source: "m.txt" });
 * matrix.rank(); // 2
 * matrix.dispose();
 * ```
 */
export async function readBitMatrix(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadBitMatrixOptions = {},
): Promise<ReadBitMatrix> {
  checkChunkInput(input);
  // no limit on entries by default: the memory limit bounds dense text and PBM
  const { source = "<input>", maxEntries = Number.POSITIVE_INFINITY, format = "auto", engine, onProgress } = options;
  if (typeof source !== "string") throw new TypeError(`"source" expected a string, got ${typeof source}`);
  if (
    typeof maxEntries !== "number" ||
    maxEntries < 1 ||
    !(Number.isSafeInteger(maxEntries) || maxEntries === Infinity)
  ) {
    throw new RangeError(`"maxEntries" expected a positive integer, got ${String(maxEntries)}`);
  }
  if (format !== "auto" && format !== "pbm") {
    throw new TypeError(`"format" expected "auto" or "pbm", got ${JSON.stringify(format)}`);
  }
  let sink: Sink | undefined;
  let kind = "dense" as BitMatrixFormat;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  const start = (head: Uint8Array): void => {
    kind = sniff(head, format);
    sink = sinkFor(kind, source, maxEntries, engine);
  };
  try {
    for await (const chunk of input as AsyncIterable<Uint8Array>) {
      if (!(chunk instanceof Uint8Array)) {
        throw new TypeError(`"input" expected chunks of bytes (Uint8Array), got ${typeof chunk}`);
      }
      bytes += chunk.length;
      if (sink === undefined) {
        // Chunks may be tiny (a pipe): gather enough to tell the format.
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < SNIFF_BYTES) {
          // held over the next read, which may go into the same buffer: a copy
          pending[pending.length - 1] = chunk.slice();
          continue;
        }
        const head = concatBytes(pending, pendingBytes);
        pending = [];
        start(head);
        sink!.push(withoutBom(head, kind));
      } else {
        sink.push(chunk);
      }
      onProgress?.(bytes);
    }
    if (sink === undefined) {
      const head = concatBytes(pending, pendingBytes);
      start(head);
      sink!.push(withoutBom(head, kind));
      onProgress?.(bytes);
    }
    const matrix = sink!.end();
    return { matrix, format: sink instanceof PbmReader && sink.plain ? "plain-pbm" : kind, bytes };
  } catch (error) {
    sink?.dispose();
    throw error;
  }
}

function sniff(head: Uint8Array, format: "auto" | "pbm"): BitMatrixFormat {
  if (format === "pbm") return "pbm";
  if (head[0] === 0x50 && head.length > 1 && head[1]! >= 0x30 && head[1]! <= 0x39) return "pbm";
  const text = new TextDecoder().decode(withoutBom(head, "dense").subarray(0, SNIFF_BYTES));
  return /^%%matrixmarket/i.test(text) ? "matrix-market" : "dense";
}

function withoutBom(head: Uint8Array, kind: BitMatrixFormat): Uint8Array {
  const bom = kind !== "pbm" && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  return bom ? head.subarray(3) : head;
}

function sinkFor(kind: BitMatrixFormat, source: string, maxEntries: number, engine?: EngineName): Sink {
  const matrixOptions = engine === undefined ? undefined : { engine };
  if (kind === "pbm") return new PbmReader(source, maxEntries, engine);
  if (kind === "dense") {
    const rows = new DenseReader({ source, modulus: 2, maxEntries, maxBytes: getMemoryLimit(), limit: "row" });
    return {
      push: (chunk) => rows.push(chunk),
      end() {
        const packed = rows.end() as PackedRows;
        const matrix = BitMatrix.zeros(packed.rows, packed.cols, matrixOptions);
        // The packed words are a live view: one copy fills the matrix.
        liveWords(matrix).set(packed.words.subarray(0, packed.rows * packed.stride));
        return matrix;
      },
      dispose() {},
    };
  }
  // MatrixMarket lists only the ones: read sparse as the chunks arrive (never one string of the
  // whole file), then made dense, checked against the memory limit before the bits are allocated.
  const sparse = new SparseSink({
    source,
    format: "matrix-market",
    graph: "incidence",
    base: 1,
    vertices: undefined,
    maxNonzeros: largestSparseNonzeros(),
  });
  return {
    push: (chunk) => sparse.push(chunk),
    end() {
      const m = sparse.end();
      const entries = m.rows * m.cols;
      if (entries > maxEntries) {
        throw new RangeError(
          formatLimit({
            subject: `a ${m.rows} x ${m.cols} matrix`,
            max: maxEntries,
            got: entries,
            unit: ["entry", "entries"],
          }),
        );
      }
      return sparseToBitMatrix(m, matrixOptions);
    },
    dispose() {},
  };
}

/**
 * The side of the largest n x n GF(2) matrix that fits the memory limit
 * (see `setMemoryLimit` in `@lightsout/core/gf2`) with room for its
 * elimination in place: the largest file {@link readBitMatrix} can take and
 * eliminate, when nothing else is held. (WebAssembly addresses 4 GiB: about
 * 181,000 x 181,000 bits by default. The PLE route needs about as much again
 * for its products, so it takes up to about 130,000; `rank()` keeps the
 * matrix and eliminates a copy: `echelonize()` works in place.)
 *
 * @returns n, e.g. 180942 under the default limits
 * @example
 * ```ts
 * `files up to ${largestBitMatrixSide()} x ${largestBitMatrixSide()}`;
 * ```
 */
export function largestBitMatrixSide(): number {
  const bytes = matrixRoom();
  // Rows of whole 128-bit lanes: n * ceil(n / 128) * 16 <= bytes.
  let n = Math.floor(Math.sqrt(bytes * 8));
  while (n > 0 && matrixBytes(n, n) > bytes) n--;
  return n;
}

/**
 * The most rows of a GF(2) matrix with `cols` columns that fit the memory
 * limit with room for its elimination, when nothing else is held: what
 * `BitMatrix.zeros(rows, cols)` takes and eliminates (at most 2^30 rows).
 *
 * @param cols - Columns, 1..2^30.
 * @returns The rows; 0 when not even one row fits.
 * @example
 * ```ts
 * largestBitMatrixRows(1000); // 31981568: rows of 1000 bits take 128 bytes (whole 128-bit lanes)
 * ```
 */
export function largestBitMatrixRows(cols: number): number {
  const bytes = matrixRoom();
  const row = matrixBytes(1, cols);
  return Math.min(MAX_DIMENSION, Math.floor(bytes / row));
}
