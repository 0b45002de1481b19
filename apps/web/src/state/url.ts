// A board and its lights in the URL hash, compactly: short keys, the mask
// and two-state lights packed six cells per character (base64url), up to 36
// states one base-36 digit per cell, more states two. Everything else in the app shares
// boards through these parameters.

import {
  type Board,
  checkBoard,
  formatCount,
  formatLimit,
  type GridBoard,
  parseRule,
  type Rule,
} from "@lightsout/core";
import { showToken } from "@lightsout/core/io";
import { boardTopology } from "@lightsout/core/lightsout";
import { targetsOf } from "./targets.js";
import { checkSize, MAX_EDGES, MAX_LINK_CHARS, MAX_SEED, MAX_SIDE, MAX_STATES, MAX_VERTICES } from "./limits.js";

/** A board with its lights, as a URL carries it. */
export interface SharedBoard {
  board: Board;
  /** Number of light states, 2..255. */
  states: number;
  /** One state per cell. */
  lights: number[];
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Packs bits six to a character of base64url (first bit = highest of the six).
 *
 * @param bits - 0/1 values.
 * @returns ceil(bits / 6) characters.
 * @example
 * ```ts
 * packBits([1, 0, 0, 0, 0, 0, 1]); // "gg"
 * ```
 */
export function packBits(bits: ArrayLike<number>): string {
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) v = (v << 1) | (i + b < bits.length ? bits[i + b]! & 1 : 0);
    out += ALPHABET[v];
  }
  return out;
}

/**
 * Unpacks {@link packBits}.
 *
 * @param text - base64url characters.
 * @param count - Number of bits expected.
 * @param name - Parameter name for the error message.
 * @returns The bits.
 * @throws {RangeError} for the wrong length or a character outside base64url.
 * @example
 * ```ts
 * unpackBits("gg", 7, "l"); // [1, 0, 0, 0, 0, 0, 1]
 * ```
 */
export function unpackBits(text: string, count: number, name: string): number[] {
  const need = Math.ceil(count / 6);
  if (text.length !== need)
    throw new RangeError(`"${name}" expected ${need} characters for ${count} cells, got ${text.length}`);
  const bits: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const v = ALPHABET.indexOf(text[i]!);
    if (v < 0)
      throw new RangeError(
        `"${name}" expected base64url characters (A-Z a-z 0-9 - _), got ${JSON.stringify(text[i])} at ${i + 1}`,
      );
    for (let b = 5; b >= 0; b--) if (bits.length < count) bits.push((v >> b) & 1);
  }
  return bits;
}

function formatRule(rule: Rule): string {
  return typeof rule === "string" ? rule : rule.offsets.map(([dr, dc]) => `${dr},${dc}`).join(";");
}

/**
 * Writes a board and its lights as URL parameters: `g=ROWSxCOLS` (or `n`
 * vertices and `e` edges `u-v.u-v`), `t=1` torus or `t=p` projective
 * plane, `r` rule, `s=0` no self toggle, `m` mask bits, `k` states, `l`
 * lights (base-36 digits, two a cell past 36 states).
 *
 * @param shared - Board, states, lights.
 * @returns The parameters (append them to `#/play?`).
 * @example
 * ```ts
 * encodeBoard({ board: gridBoard(2, 3), states: 2, lights: [1, 0, 0, 0, 0, 1] }).toString(); // "g=2x3&l=h"
 * ```
 */
export function encodeBoard(shared: SharedBoard): URLSearchParams {
  const { board, states, lights } = shared;
  const p = new URLSearchParams();
  if (board.kind === "grid") {
    p.set("g", `${board.rows}x${board.cols}`);
    const topology = boardTopology(board);
    if (topology !== "plane") p.set("t", topology === "torus" ? "1" : "p");
    if (board.rule !== undefined && board.rule !== "plus") p.set("r", formatRule(board.rule));
    if (board.mask) p.set("m", packBits([...board.mask.join("")].map((ch) => (ch === "#" ? 1 : 0))));
  } else {
    p.set("n", String(board.vertices));
    p.set("e", board.edges.map(([u, v]) => `${u}-${v}`).join("."));
  }
  if (board.selfToggle === false) p.set("s", "0");
  if (states !== 2) p.set("k", String(states));
  const width = digitsPerCell(states);
  p.set("l", states === 2 ? packBits(lights) : lights.map((v) => v.toString(36).padStart(width, "0")).join(""));
  return p;
}

/** Base-36 digits a cell takes in `l`: one up to 36 states, two up to 1,296. */
function digitsPerCell(states: number): number {
  return states <= 36 ? 1 : 2;
}

/**
 * A whole number of a link, said in the link's own terms: the parameter as
 * written (`g=300x5`) and what the number counts, never an internal name.
 */
function integer(param: string, text: string, min: number, max: number, unit: readonly [string, string]): number {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(value))
    throw new RangeError(`${param} expected a whole number of ${unit[1]}, got ${showToken(text)}`);
  if (value < min)
    throw new RangeError(`${param} expected at least ${formatCount(min, unit[0], unit[1])}, got ${value}`);
  if (value > max) throw new RangeError(formatLimit({ subject: param, max, got: value, unit }));
  return value;
}

/**
 * Reads a board written by {@link encodeBoard}.
 *
 * @param p - URL parameters.
 * @returns The board, states and lights, or null when the parameters carry no board (no `g` and no `n`).
 * @throws {RangeError | TypeError} naming the parameter that is wrong, what was expected and what was got.
 * @example
 * ```ts
 * decodeBoard(new URLSearchParams("g=2x3&l=h")); // { board: 2 x 3 grid, states: 2, lights: [1, 0, 0, 0, 0, 1] }
 * ```
 */
export function decodeBoard(p: URLSearchParams): SharedBoard | null {
  const grid = p.get("g");
  const vertices = p.get("n");
  if (grid === null && vertices === null) return null;
  let length = 0;
  for (const [key, value] of p) length += key.length + value.length + 2;
  if (length > MAX_LINK_CHARS)
    throw new RangeError(
      formatLimit({ subject: "the link", max: MAX_LINK_CHARS, got: length, unit: ["character", "characters"] }),
    );
  const selfToggle = p.get("s") === "0" ? { selfToggle: false } : {};
  let board: Board;
  if (grid !== null) {
    const m = grid.match(/^(\d+)x(\d+)$/);
    if (!m) throw new RangeError(`"g" expected ROWSxCOLS like 5x5, got ${JSON.stringify(grid)}`);
    // Sizes are checked before any array of cells exists: a link is untrusted.
    const rows = integer(`g=${grid}`, m[1]!, 1, MAX_SIDE, ["row", "rows"]);
    const cols = integer(`g=${grid}`, m[2]!, 1, MAX_SIDE, ["column", "columns"]);
    const spec: { -readonly [K in keyof GridBoard]: GridBoard[K] } = { kind: "grid", rows, cols, ...selfToggle };
    const wrap = p.get("t");
    if (wrap === "1") spec.topology = "torus";
    else if (wrap === "p") spec.topology = "projective";
    else if (wrap !== null)
      throw new RangeError(`"t" expected 1 (torus) or p (projective plane), got ${JSON.stringify(wrap)}`);
    const rule = p.get("r");
    if (rule !== null) spec.rule = parseRule(rule);
    const mask = p.get("m");
    if (mask !== null) {
      const bits = unpackBits(mask, rows * cols, "m");
      spec.mask = Array.from({ length: rows }, (_, r) =>
        bits
          .slice(r * cols, (r + 1) * cols)
          .map((b) => (b ? "#" : "."))
          .join(""),
      );
    }
    board = checkBoard(spec);
  } else {
    const n = integer(`n=${vertices}`, vertices!, 1, MAX_VERTICES, ["vertex", "vertices"]);
    const text = p.get("e") ?? "";
    checkSize({ vertices: n, edges: text === "" ? 0 : text.split(".", MAX_EDGES + 1).length });
    const edges =
      text === ""
        ? []
        : text.split(".").map((pair) => {
            const e = pair.match(/^(\d+)-(\d+)$/);
            if (!e) throw new RangeError(`"e" expected edges like 0-1.1-2, got ${JSON.stringify(pair)}`);
            return [Number(e[1]), Number(e[2])] as [number, number];
          });
    board = checkBoard({ kind: "graph", vertices: n, edges, ...selfToggle });
  }
  const states = p.has("k") ? integer(`k=${p.get("k")}`, p.get("k")!, 2, MAX_STATES, ["state", "states"]) : 2;
  const cells = targetsOf(board).length;
  const l = p.get("l");
  let lights: number[];
  if (l === null) lights = new Array<number>(cells).fill(0);
  else if (states === 2) lights = unpackBits(l, cells, "l");
  else {
    const width = digitsPerCell(states);
    if (l.length !== cells * width)
      throw new RangeError(
        `"l" expected ${cells * width} digits (${width === 1 ? "one" : "two"} per cell), got ${l.length}`,
      );
    const last = (states - 1).toString(36).padStart(width, "0");
    lights = Array.from({ length: cells }, (_, i) => {
      const digits = l.slice(i * width, (i + 1) * width);
      const v = /^[0-9a-z]+$/.test(digits) ? Number.parseInt(digits, 36) : -1;
      if (v < 0 || v >= states)
        throw new RangeError(
          `"l" expected base-36 digits 0..${last} (${states} states), got ${JSON.stringify(digits)} at ${i * width + 1}`,
        );
      return v;
    });
  }
  return { board, states, lights };
}

/** A link's seed: the number, or why it is not one (a sentence), or neither when the link has none. */
export interface LinkSeed {
  readonly seed: number | null;
  readonly error: string | null;
}

/**
 * Reads the `seed` of a link: a whole number from 0 to {@link MAX_SEED}. A bad one is not dropped
 * silently: the answer says why it is not a seed, in words.
 *
 * @param p - URL parameters.
 * @returns The seed, or the reason it was refused.
 * @example
 * ```ts
 * readSeed(new URLSearchParams("seed=3")); // { seed: 3, error: null }
 * readSeed(new URLSearchParams("seed=-1")).error; // "The link's seed -1 is not a seed: ..."
 * ```
 */
export function readSeed(p: URLSearchParams): LinkSeed {
  const text = p.get("seed");
  if (text === null) return { seed: null, error: null };
  const range = `a seed is a whole number from 0 to ${MAX_SEED.toLocaleString("en-US")}`;
  if (!/^\d+$/.test(text)) return { seed: null, error: `The link's seed ${showToken(text)} is not a seed: ${range}.` };
  const value = Number(text);
  if (value > MAX_SEED) {
    const digits = text.replace(/^0+(?=\d)/, "");
    const shown = digits.length > 24 ? `a number of ${formatCount(digits.length, "digit")}` : digits;
    return { seed: null, error: `The link's seed ${shown} is too large: ${range}.` };
  }
  return { seed: value, error: null };
}
