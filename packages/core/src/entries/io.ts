/**
 * `@lightsout/core/io`: text and binary formats: matrices as dense text,
 * MatrixMarket and PBM, and boards as text or JSON. Syntax errors are
 * ParseErrors with a line and column.
 *
 * @module
 */
export { ParseError } from "../internal/errors.js";
export { parseMatrix } from "../io/matrix-text.js";
export type { ParsedMatrix, ParseMatrixOptions } from "../io/matrix-text.js";
export { formatPbm } from "../io/pbm.js";
export type { FormatPbmOptions } from "../io/pbm.js";
export { largestBitMatrixRows, largestBitMatrixSide, readBitMatrix } from "../io/read-matrix.js";
export type { BitMatrixFormat, ReadBitMatrix, ReadBitMatrixOptions } from "../io/read-matrix.js";
export { largestSparseNonzeros, readSparseMatrix } from "../io/read-sparse.js";
export type { ReadSparseMatrix, ReadSparseMatrixOptions } from "../io/read-sparse.js";
export { formatBoard, formatBoardBytes, parseBoard, readBoard } from "../io/board-text.js";
export { decodeText, showToken } from "../internal/text.js";
export type { BoardInput, FormatBoardOptions, ParseBoardOptions } from "../io/board-text.js";
