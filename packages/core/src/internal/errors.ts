// Errors shared by every layer: readers in io/ and the judge formats in
// lightsout/ both report malformed text as a ParseError.

/**
 * A syntax error in matrix text, located at a 1-based line and column.
 *
 * The message reads `source:line:column: expected <what>, got <what>`, the
 * form editors and terminals turn into links. In the binary raster of a PBM
 * file, where lines mean nothing, `line` and `column` are 0 and the message
 * reads `source: byte <offset>: expected <what>, got <what>`.
 *
 * @example
 * ```ts
 * try {
 *   parseMatrix("01\n0x\n", { source: "a.txt" });
 * } catch (e) {
 *   if (e instanceof ParseError) console.log(e.line, e.column); // 2 2
 * }
 * ```
 */
export class ParseError extends Error {
  /** Always "ParseError". */
  override readonly name = "ParseError";
  /** Name of the input, e.g. a file path; `"<input>"` when none was given. */
  readonly source: string;
  /** 1-based line of the error. */
  readonly line: number;
  /** 1-based column of the error, counted in Unicode code points. */
  readonly column: number;
  /** The message without its `source:line:column: ` prefix. */
  readonly reason: string;
  /**
   * 0-based byte offset of the error, set by the byte readers
   * (`readBitMatrix`); `undefined` for errors found in a string.
   */
  readonly offset: number | undefined;

  /**
   * @param source - name of the input
   * @param line - 1-based line, or 0 in binary data (then `offset` locates the error)
   * @param column - 1-based column, or 0 in binary data
   * @param reason - `expected <what>, got <what>`
   * @param offset - 0-based byte offset, when the input was read as bytes
   */
  constructor(source: string, line: number, column: number, reason: string, offset?: number) {
    super(line > 0 ? `${source}:${line}:${column}: ${reason}` : `${source}: byte ${offset ?? 0}: ${reason}`);
    this.source = source;
    this.line = line;
    this.column = column;
    this.reason = reason;
    this.offset = offset;
  }
}
