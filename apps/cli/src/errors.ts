/**
 * Failures the CLI reports to the user, and how they map to exit codes.
 *
 * Exit codes: 0 for every answered question, 1 for bad input (a malformed
 * file, a file that cannot be read, a matrix too large), 2 for usage errors
 * (unknown option, bad option value, feature not available yet).
 *
 * @module
 */
import { addressSpaceLimit, ulimitText, WASM_MAX_PAGES, WASM_PAGE, wasmMemoryCap } from "./address-space.js";
import { formatBytes } from "@lightsout/core/format";

/** Exit code of an answered question. */
export const EXIT_OK = 0;
/** Exit code of bad input: malformed or unreadable data. */
export const EXIT_INPUT = 1;
/** Exit code of a usage error: unknown option, bad option value. */
export const EXIT_USAGE = 2;

/**
 * An error meant for the user: printed as `lightsout: <message>` on one line,
 * without a stack trace, and the process exits with `exitCode`.
 */
export class CliError extends Error {
  override readonly name = "CliError";
  /** The process exit code (1 for bad input, 2 for usage errors). */
  readonly exitCode: number;

  /**
   * @param message - one line, without the `lightsout: ` prefix
   * @param exitCode - {@link EXIT_INPUT} or {@link EXIT_USAGE}
   * @param cause - the error this one explains, shown with `LIGHTSOUT_DEBUG=1`
   */
  constructor(message: string, exitCode: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.exitCode = exitCode;
  }
}

/**
 * A usage error (exit code 2).
 *
 * @param message - what was expected and what was got
 * @param cause - the underlying error, if any
 * @returns the error, to be thrown
 * @example
 * ```ts
 * throw usageError(`--random expected an integer >= 1, got '0'`);
 * ```
 */
export function usageError(message: string, cause?: unknown): CliError {
  return new CliError(message, EXIT_USAGE, cause);
}

/**
 * A bad-input error (exit code 1).
 *
 * @param message - e.g. `a.txt:2:3: expected a digit 0 or 1, got 'x'`
 * @param cause - the underlying error, if any
 * @returns the error, to be thrown
 */
export function inputError(message: string, cause?: unknown): CliError {
  return new CliError(message, EXIT_INPUT, cause);
}

/**
 * Squeezes a message onto one line.
 *
 * @param message - any text
 * @returns the text with line breaks and the blanks around them replaced by one space
 */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

// Control characters (C0 but tab, DEL, C1) and the line and bidirectional
// controls: input could move the cursor, recolour or rewrite the terminal.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Longest message printed; longer ones (a huge input line quoted) are cut. */
const MAX_MESSAGE = 1000;

/**
 * Text from the input made safe to print: control characters written
 * `<U+001B>` (as the readers show them), and at most `max` characters (then `...`).
 *
 * @param text - any text, e.g. a line the user typed or a token of a file
 * @param max - characters kept (whole code points)
 * @returns the shown text, without quotes
 * @example
 * ```ts
 * printable("\u001b[31mEVIL\u0007"); // "<U+001B>[31mEVIL<U+0007>"
 * printable("x".repeat(1e7), 40);   // 40 x's and "..."
 * ```
 */
export function printable(text: string, max = MAX_MESSAGE): string {
  // slice first: a 10 MB line is not split into 10 million code points
  const head = Array.from(text.slice(0, 2 * max + 2));
  const kept = head.length > max ? `${head.slice(0, max).join("")}...` : text;
  return kept.replace(UNSAFE, (ch) => `<U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}>`);
}

/**
 * The one-line message and exit code for anything thrown while running a
 * command. Errors not meant for the user (bugs, WebAssembly traps) become an
 * "unexpected error" line; their stack is shown only with `LIGHTSOUT_DEBUG=1`.
 * The machine running out of memory and a failed write to stdout are said as
 * such, whatever the command wrapped them in. Every message is one line of
 * printable text: control characters from the input are escaped.
 *
 * @param error - whatever was thrown
 * @returns the line to print (without `lightsout: `) and the exit code
 */
export function describeFailure(error: unknown): { message: string; exitCode: number } {
  const { message, exitCode } = explain(error);
  return { message: printable(oneLine(message)), exitCode };
}

function explain(error: unknown): { message: string; exitCode: number } {
  const memory = outOfMemory(error);
  const limit = memory || wasmCannotGrow(error) ? addressSpaceLimit() : undefined;
  if (memory) {
    return {
      message:
        limit === undefined
          ? `out of memory: the machine (or a limit such as ulimit -v) refused the memory needed (${memory.message})`
          : `out of memory: the address-space limit (${ulimitText(limit)}) refused the memory needed ` +
            `(${memory.message}); raise the limit (ulimit -v with more KiB, or unlimited) or give a smaller job`,
      exitCode: EXIT_INPUT,
    };
  }
  if (error instanceof CliError) {
    if (limit === undefined) return { message: error.message, exitCode: error.exitCode };
    const cap = wasmMemoryCap();
    const capped = cap < WASM_MAX_PAGES * WASM_PAGE ? ` caps each WebAssembly memory at ${formatBytes(cap)}` : "";
    return {
      message: `${error.message}; the address-space limit (${ulimitText(limit)})${capped}: raise it (ulimit -v) for larger jobs`,
      exitCode: error.exitCode,
    };
  }
  const failedWrite = writeFailure(error);
  if (failedWrite) return { message: `cannot write stdout: ${failedWrite}`, exitCode: EXIT_INPUT };
  const hint = "(set LIGHTSOUT_DEBUG=1 for details)";
  if (isWasmTrap(error)) {
    return {
      message: `unexpected error: the WebAssembly kernel stopped (${oneLine(error.message)}) ${hint}`,
      exitCode: EXIT_INPUT,
    };
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { message: `unexpected error: ${text} ${hint}`, exitCode: EXIT_INPUT };
}

/** Why writing failed, in words, for the errors of a full or read-only disk. */
const WRITE_REASONS: Record<string, string> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EFBIG: "the file is too large for the file system",
  EROFS: "read-only file system",
  EIO: "input/output error",
};

/**
 * Why a write failed, for a system error from writing (`ENOSPC` and the
 * like); undefined for anything else.
 *
 * @param error - whatever was thrown
 * @returns e.g. `no space left on device`
 */
export function writeFailure(error: unknown): string | undefined {
  const e = error as { code?: unknown; syscall?: unknown } | null;
  if (!(error instanceof Error) || typeof e?.code !== "string" || e.syscall !== "write") return undefined;
  return Object.hasOwn(WRITE_REASONS, e.code) ? WRITE_REASONS[e.code] : e.code;
}

/**
 * The allocation failure behind `error` (itself or a cause, the innermost:
 * the engine's own words rather than a library's advice), when the machine
 * ran out of memory.
 */
function outOfMemory(error: unknown): Error | undefined {
  let found: Error | undefined;
  for (let e = error; e instanceof Error; e = e.cause) {
    if (
      e instanceof RangeError &&
      /Out of memory|Cannot allocate Wasm memory|could not allocate memory|Array buffer allocation failed/.test(
        e.message,
      )
    )
      found = e;
  }
  return found;
}

/** Whether `error` (itself or a cause) is a WebAssembly memory that could not grow to hold a block. */
function wasmCannotGrow(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof RangeError && /WebAssembly memory could not grow/.test(e.message)) return true;
  }
  return false;
}

/** A `WebAssembly.RuntimeError` (a trap), checked without the DOM typings. */
function isWasmTrap(error: unknown): error is Error {
  const wasm = (globalThis as { WebAssembly?: { RuntimeError?: abstract new () => Error } }).WebAssembly;
  return wasm?.RuntimeError !== undefined && error instanceof wasm.RuntimeError;
}
