/**
 * Reading the text of a FILE argument, where `-` means standard input, and
 * writing the files a command is asked to write.
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { decodeText } from "@lightsout/core/io";
import { type CliError, inputError, writeFailure } from "./errors.js";
import { io } from "./io.js";

/** Name used for standard input in messages. */
export const STDIN_SOURCE = "<stdin>";

/** Text read from a file or stdin, with the name to use in messages. */
export interface Input {
  /** The file path as given, or `<stdin>`. */
  source: string;
  /**
   * The whole content, decoded as UTF-8, without a leading byte order mark;
   * a byte that is not UTF-8 is kept as one character that messages name
   * (`byte 0x9B`), never replaced (see `decodeText`).
   */
  text: string;
}

const REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a component of the path is not a directory",
  ENAMETOOLONG: "the name is too long",
  ERR_STRING_TOO_LONG: "the file is too large to read as text",
};

/**
 * Reads a whole file, or all of stdin when `file` is `-`. A UTF-8 byte order
 * mark at the start is dropped (editors on Windows write one), so every
 * command reads such files alike.
 *
 * @param file - a path, or `-` for standard input
 * @returns the text and its name for messages
 * @throws {@link CliError} (exit 1) `cannot read 'x': no such file or directory` and the like
 * @example
 * ```ts
 * const { source, text } = await readInput("-");
 * ```
 */
export async function readInput(file: string): Promise<Input> {
  if (file === "-") {
    try {
      return { source: STDIN_SOURCE, text: withoutBom(decodeText(await readStream(io.stdin))) };
    } catch (error) {
      throw inputError(`cannot read standard input: ${reasonOf(error)}`, error);
    }
  }
  try {
    return { source: file, text: withoutBom(decodeText(await readFile(resolve(io.cwd, file)))) };
  } catch (error) {
    throw inputError(`cannot read '${file}': ${reasonOf(error)}`, error);
  }
}

/** Bytes of a file or stdin as they arrive, with the name to use in messages. */
export interface ByteInput {
  /** The file path as given, or `<stdin>`. */
  source: string;
  /**
   * The content in chunks of up to 1 MiB, each valid until the next is asked
   * for (a file's are read into one buffer); a failed read throws a
   * {@link CliError} (exit 1).
   */
  chunks: AsyncIterable<Uint8Array>;
}

/** Chunk size of file streams: large reads, few calls into the parser. */
const CHUNK_BYTES = 2 ** 20;

/**
 * Opens a file, or stdin when `file` is `-`, to be read as a stream of
 * bytes: nothing is read until the chunks are iterated, and no string of
 * the whole content is made (a 32768 x 32768 matrix is 1 GiB of text).
 *
 * @param file - a path, or `-` for standard input
 * @returns the chunks and the name for messages
 * @example
 * ```ts
 * const { source, chunks } = inputBytes("matrix.pbm");
 * const { matrix } = await readBitMatrix(chunks, { source });
 * ```
 */
export function inputBytes(file: string): ByteInput {
  const stdin = file === "-";
  const what = stdin ? "standard input" : `'${file}'`;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      if (stdin) {
        for await (const chunk of io.stdin)
          yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
      } else {
        yield* fileChunks(resolve(io.cwd, file));
      }
    } catch (error) {
      throw inputError(`cannot read ${what}: ${reasonOf(error)}`, error);
    }
  }
  return { source: stdin ? STDIN_SOURCE : file, chunks: chunks() };
}

/**
 * The first chunks of a stream, at least `bytes` of them (fewer at its end),
 * and the whole stream again (those chunks first), to tell a format apart.
 * A chunk held over a read is copied, since the read may go into the same
 * buffer (see {@link inputBytes}).
 *
 * @param chunks - the stream
 * @param bytes - how many bytes to see (`head` has up to 3 more)
 * @returns the first bytes, and the stream from its start
 * @example
 * ```ts
 * const { head, rest } = await peekBytes(inputBytes("a.mtx").chunks, 14);
 * ```
 */
export async function peekBytes(
  chunks: AsyncIterable<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < bytes + 3) {
    const last = seen.length - 1;
    if (last >= 0) seen[last] = seen[last]!.slice();
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(seen, Math.min(length, bytes + 3));
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield* seen;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, rest: rest() };
}

/**
 * A file's bytes through one buffer, read into again for each chunk (the
 * core's readers copy what they keep of a chunk). A fresh buffer a chunk,
 * as a read stream makes, costs the first touch of its pages: 170 ms of a
 * 128 MiB file's 220 ms here.
 */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Writes a whole file (relative to the working folder) that a command was
 * asked for, e.g. `--svg out.svg`.
 *
 * @param file - the path as given on the command line
 * @param data - the content
 * @throws {@link CliError} (exit 1) `cannot write 'x': no space left on device` and the like
 * @example
 * ```ts
 * writeOutputFile("board.svg", svgText);
 * ```
 */
export function writeOutputFile(file: string, data: string | Uint8Array): void {
  try {
    writeFileSync(resolve(io.cwd, file), data);
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

/** Why a file cannot be written, in words, for the errors of opening it. */
const WRITE_OPEN_REASONS: Record<string, string> = {
  // ENOENT when opening for writing: a folder of the path is missing
  ENOENT: "no such directory",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a component of the path is not a directory",
  ENAMETOOLONG: "the name is too long",
  EROFS: "read-only file system",
};

/**
 * The error for a file that cannot be written (opened, written or closed),
 * with the reason in words: `cannot write 'out/x.png': no such directory`.
 *
 * @param file - the path as the user typed it
 * @param error - what opening or writing threw
 * @returns an input error (exit 1), to be thrown
 * @example
 * ```ts
 * try { writeFileSync(path, data); } catch (error) { throw cannotWrite("x.png", error); }
 * ```
 */
export function cannotWrite(file: string, error: unknown): CliError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason =
    writeFailure(error) ??
    (typeof code === "string" && Object.hasOwn(WRITE_OPEN_REASONS, code) ? WRITE_OPEN_REASONS[code] : reasonOf(error));
  return inputError(`cannot write '${file}': ${reason}`, error);
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && REASONS[code] !== undefined) return REASONS[code];
  return error instanceof Error ? error.message : String(error);
}
