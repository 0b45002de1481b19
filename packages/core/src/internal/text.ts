// Text from files, as every reader sees it, and one way to show a piece of
// it in a message.
//
// Bytes that are not UTF-8 are kept, not replaced: `decodeText` turns each
// one into the lone surrogate U+DC80 + byte (the "surrogateescape" of PEP 383),
// so a reader that works on strings still sees one character per bad byte,
// at its own column, and a message can name the byte (`byte 0x9B`) instead
// of a replacement character that hides it. UTF-8 never encodes a surrogate,
// so these characters come from nothing else in decoded text.
//
// In messages: one character is `'x'`, `U+001B` when it is invisible (a
// control, format or separator character), `byte 0x9B` when it was not
// UTF-8; a longer token is `'...'`, with invisible characters and bad bytes
// written `<U+001B>` and `<byte 0x9B>` inside the quotes.

/** Longest token quoted in a message, in characters; longer ones end in `...`. */
export const MAX_QUOTE = 24;

const ESCAPE_BASE = 0xdc00;
const ESCAPE_FIRST = 0xdc80;
const ESCAPE_LAST = 0xdcff;

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Length of the well-formed UTF-8 character at `bytes[at]`, or 0 when the
 * bytes there are not one (a stray continuation byte, an overlong or
 * surrogate encoding, a sequence cut short by `end`). ASCII is 1.
 */
export function utf8CharLength(bytes: Uint8Array, at: number, end: number = bytes.length): number {
  const b = bytes[at]!;
  if (b < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) length = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    length = 3;
    if (b === 0xe0) low = 0xa0;
    else if (b === 0xed) high = 0x9f; // U+D800..U+DFFF are not characters
  } else if (b >= 0xf0 && b <= 0xf4) {
    length = 4;
    if (b === 0xf0) low = 0x90;
    else if (b === 0xf4) high = 0x8f; // nothing above U+10FFFF
  } else return 0;
  if (at + length > end) return 0;
  const second = bytes[at + 1]!;
  if (second < low || second > high) return 0;
  for (let k = 2; k < length; k++) if ((bytes[at + k]! & 0xc0) !== 0x80) return 0;
  return length;
}

/**
 * UTF-8 bytes as a string in which every byte that is not part of a
 * well-formed character becomes the lone surrogate U+DC80 + byte. A byte
 * order mark is kept (readers drop it themselves).
 *
 * @param bytes - The input.
 * @returns The text, one character per bad byte.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    // not UTF-8 somewhere: decode the good runs, escape the bad bytes one by one
  }
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i]! < 0x80) {
      i++;
      continue;
    }
    const length = utf8CharLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    if (from < i) parts.push(lenient.decode(bytes.subarray(from, i)));
    parts.push(String.fromCharCode(ESCAPE_BASE + bytes[i]!));
    from = ++i;
  }
  if (from < bytes.length) parts.push(lenient.decode(bytes.subarray(from)));
  return parts.join("");
}

/** The byte a character of {@link decodeText} stands for, or -1 for a real character. */
function escapedByte(code: number): number {
  return code >= ESCAPE_FIRST && code <= ESCAPE_LAST ? code - ESCAPE_BASE : -1;
}

function hex(value: number, digits: number): string {
  return value.toString(16).toUpperCase().padStart(digits, "0");
}

/** True for characters a terminal would not show: controls, formats, separators (the blank too), unpaired surrogates. */
function isInvisible(char: string): boolean {
  return /^[\p{C}\p{Z}]$/u.test(char);
}

/** One character for a message: `'x'`, `U+001B`, or `byte 0x9B`. */
function showOne(code: number): string {
  const byte = escapedByte(code);
  if (byte >= 0) return `byte 0x${hex(byte, 2)}`;
  const char = String.fromCodePoint(code);
  if (isInvisible(char)) return `U+${hex(code, 4)}`;
  return char === "'" ? `"'"` : `'${char}'`;
}

/**
 * The character starting at UTF-16 `index` of `text`, for a message.
 *
 * @param text - Text from {@link decodeText} or any string.
 * @param index - UTF-16 index of the character.
 * @returns `'x'`, `U+001B` (invisible) or `byte 0x9B` (not UTF-8).
 */
export function showChar(text: string, index: number): string {
  return showOne(text.codePointAt(index) ?? 0);
}

/**
 * The character starting at byte `at` of UTF-8 `bytes`, for a message.
 *
 * @param bytes - The input.
 * @param at - Offset of the character's first byte.
 * @param end - End of the bytes that may belong to it (default: all).
 * @returns `'x'`, `U+001B` (invisible) or `byte 0x9B` (not UTF-8 there).
 */
export function showByteChar(bytes: Uint8Array, at: number, end: number = bytes.length): string {
  const length = utf8CharLength(bytes, at, end);
  if (length === 0) return `byte 0x${hex(bytes[at]!, 2)}`;
  return showOne(lenient.decode(bytes.subarray(at, at + length)).codePointAt(0)!);
}

/**
 * A token of the input for a message: `'...'`, shortened past
 * {@link MAX_QUOTE} characters, invisible characters and bad bytes written
 * `<U+001B>` and `<byte 0x9B>`. A token of one character is shown as
 * {@link showChar} shows it.
 *
 * @param token - Text from {@link decodeText} or any string.
 * @returns The quoted token.
 */
export function showToken(token: string): string {
  const chars = Array.from(token.length > 4 * MAX_QUOTE ? token.slice(0, 4 * MAX_QUOTE) : token);
  if (chars.length === 1) return showChar(token, 0);
  const shown = chars.slice(0, MAX_QUOTE).map((char) => {
    const code = char.codePointAt(0)!;
    // a blank between other characters is seen; alone it is named
    const one = code === 0x20 ? "' '" : showOne(code);
    return one.startsWith("'") || one === `"'"` ? char : `<${one}>`;
  });
  const quote = shown.includes("'") ? '"' : "'";
  return `${quote}${shown.join("")}${chars.length > MAX_QUOTE ? "..." : ""}${quote}`;
}

/**
 * A token of UTF-8 bytes for a message, as {@link showToken} shows it.
 *
 * @param bytes - The input.
 * @param start - First byte of the token.
 * @param end - End of the token.
 * @returns The quoted token.
 */
export function showByteToken(bytes: Uint8Array, start: number, end: number): string {
  // enough bytes for MAX_QUOTE characters and the "..." decision
  return showToken(decodeText(bytes.subarray(start, Math.min(end, start + 4 * MAX_QUOTE + 4))));
}

/**
 * 1-based column of byte `at` in the line starting at byte `lineStart`: one
 * column per character, and per byte that is not UTF-8.
 *
 * @param bytes - The input.
 * @param lineStart - Offset of the line's first byte.
 * @param at - Offset of the byte whose column is wanted.
 * @returns The column.
 */
export function byteColumn(bytes: Uint8Array, lineStart: number, at: number): number {
  let column = 1;
  for (let i = lineStart; i < at; column++) {
    i += bytes[i]! < 0x80 ? 1 : Math.max(1, utf8CharLength(bytes, i));
  }
  return column;
}

/**
 * 1-based column of UTF-16 `index` in `line`: one column per code point (a
 * surrogate pair is one character, an escaped byte one column).
 *
 * @param line - One line of text.
 * @param index - UTF-16 index in it.
 * @returns The column.
 */
export function textColumn(line: string, index: number): number {
  let column = 1;
  for (let i = 0; i < index; i++, column++) {
    const code = line.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < index) {
      const next = line.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return column;
}

/** A character of {@link decodeText} that stands for a byte: a low surrogate with no high one before it. */
const ESCAPED = /(?<![\ud800-\udbff])[\udc80-\udcff]/;

/**
 * The UTF-8 bytes of `text`, the inverse of {@link decodeText}: a character
 * that stands for a byte that was not UTF-8 becomes that byte again.
 *
 * @param text - Any string.
 * @returns Its bytes.
 */
export function encodeText(text: string): Uint8Array {
  if (!ESCAPED.test(text)) return encoder.encode(text);
  const parts: Uint8Array[] = [];
  let length = 0;
  let from = 0;
  const flush = (to: number) => {
    if (to > from) {
      const part = encoder.encode(text.slice(from, to));
      parts.push(part);
      length += part.length;
    }
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < ESCAPE_FIRST || code > ESCAPE_LAST) continue;
    const before = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (before >= 0xd800 && before <= 0xdbff) continue;
    flush(i);
    parts.push(Uint8Array.of(code - ESCAPE_BASE));
    length++;
    from = i + 1;
  }
  flush(text.length);
  return concatBytes(parts, length);
}

/**
 * Chunks of bytes as one array (the chunk itself when there is one).
 *
 * @param chunks - The parts, in order.
 * @param length - Their total length.
 * @returns The bytes.
 */
export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const encoder = new TextEncoder();

/**
 * Checks the input of a streamed reader: an iterable (sync or async) of byte chunks.
 *
 * @param input - What the caller passed.
 * @throws TypeError naming what was got.
 */
export function checkChunkInput(input: unknown): asserts input is AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  if (input === null || typeof input !== "object" || !(Symbol.asyncIterator in input || Symbol.iterator in input)) {
    throw new TypeError(`"input" expected an iterable of byte chunks, got ${input === null ? "null" : typeof input}`);
  }
}
