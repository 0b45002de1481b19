/**
 * Failures the CLI reports to the user, and how they map to exit codes.
 *
 * Exit codes: 0 for every answered question, 1 for bad input (a malformed
 * file, a file that cannot be read, a matrix too large), 2 for usage errors
 * (unknown option, bad option value, feature not available yet).
 *
 * @module
 */

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
 * A non-zero exit whose explanation was already printed (e.g. by the
 * benchmark runner); nothing more is written.
 */
export class SilentExit extends Error {
  override readonly name = "SilentExit";
  /** The process exit code. */
  readonly exitCode: number;

  /** @param exitCode - the code to exit with */
  constructor(exitCode: number) {
    super(`exit ${exitCode}`);
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

/**
 * The one-line message and exit code for anything thrown while running a
 * command. Errors not meant for the user (bugs, WebAssembly traps) become an
 * "unexpected error" line; their stack is shown only with `LIGHTSOUT_DEBUG=1`.
 *
 * @param error - whatever was thrown
 * @returns the line to print (without `lightsout: `) and the exit code
 */
export function describeFailure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: oneLine(error.message), exitCode: error.exitCode };
  const hint = "(set LIGHTSOUT_DEBUG=1 for details)";
  if (isWasmTrap(error)) {
    return {
      message: `unexpected error: the WebAssembly kernel stopped (${oneLine(error.message)}) ${hint}`,
      exitCode: EXIT_INPUT,
    };
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { message: `unexpected error: ${oneLine(text)} ${hint}`, exitCode: EXIT_INPUT };
}

/** A `WebAssembly.RuntimeError` (a trap), checked without the DOM typings. */
function isWasmTrap(error: unknown): error is Error {
  const wasm = (globalThis as { WebAssembly?: { RuntimeError?: abstract new () => Error } }).WebAssembly;
  return wasm?.RuntimeError !== undefined && error instanceof wasm.RuntimeError;
}
