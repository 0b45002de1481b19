/**
 * Playing move by move: the solver proposes a guess, is told its score, and
 * keeps the codes still consistent with every score so far.
 *
 * @module
 */
import { ScoreKernel } from "./_kernel.js";
import { type Code, CodeSpace, describe } from "./codes.js";
import { impossibility, score, type Score } from "./score.js";
import { chooseGuess, type Engine, refineClasses, STRATEGIES, type Strategy, twinsOf } from "./strategies.js";

const kernels = new Map<string, ScoreKernel>();

/** The (cached) scorer of a code space: built once per [n,k]. */
export function kernelOf(space: CodeSpace): ScoreKernel {
  const key = `${space.pegs},${space.colors}`;
  let kernel = kernels.get(key);
  if (!kernel) {
    kernel = new ScoreKernel(space);
    kernels.set(key, kernel);
  }
  return kernel;
}

/**
 * Options of {@link Solver}, {@link evaluate} and {@link breakCode}.
 *
 * @example
 * ```ts
 * const options: SolverOptions = { strategy: "consistent", seed: 7, firstGuess: "1123" };
 * new Solver(new CodeSpace(4, 6), options);
 * ```
 */
export interface SolverOptions {
  /** The rule for choosing guesses (default `knuth`). */
  strategy?: Strategy;
  /** Seed of the `consistent` strategy (default 1); the others ignore it. */
  seed?: number;
  /** Overrides the strategy's first guess (e.g. "1123"). */
  firstGuess?: Code | string;
  /**
   * The engine that scores guesses: `auto` (default: the WebAssembly SIMD
   * kernel where it runs, n <= 8 and k <= 16), `wasm`, or `ts` (the
   * TypeScript twin). Both choose the same guesses.
   */
  engine?: Engine;
}

/** Checks an engine name. */
export function checkEngine(engine: unknown): Engine {
  if (engine !== "auto" && engine !== "wasm" && engine !== "ts") {
    throw new RangeError(`expected an engine (auto, wasm, ts), got ${describe(engine)}`);
  }
  return engine;
}

/**
 * One move: a guess and its score.
 *
 * @example
 * ```ts
 * const [first] = breakCode(new CodeSpace(4, 6), "1234");
 * first; // { guess: [1, 1, 2, 2], score: { black: 1, white: 1 } }
 * ```
 */
export interface Move {
  /** The code guessed. */
  readonly guess: number[];
  /** Its score against the secret. */
  readonly score: Score;
}

/**
 * The scores given so far admit no code at all: the codemaker scored a guess
 * wrongly somewhere. `moves` lists the scores given.
 *
 * @example
 * ```ts
 * const solver = new Solver(new CodeSpace(4, 6));
 * solver.record("1122", { black: 0, white: 0 });
 * try {
 *   solver.record("1111", { black: 1, white: 0 });
 * } catch (error) {
 *   if (error instanceof InconsistentScoresError) error.message; // "no code matches all the scores given: ..."
 * }
 * ```
 */
export class InconsistentScoresError extends Error {
  /** "InconsistentScoresError". */
  override readonly name = "InconsistentScoresError";
  /** The moves (the last one included) that no code satisfies together. */
  readonly moves: readonly Move[];

  /**
   * @param message - the explanation
   * @param moves - the moves that contradict each other
   */
  constructor(message: string, moves: readonly Move[]) {
    super(message);
    this.moves = moves;
  }
}

/** Checks a strategy name, naming the valid ones when it is wrong. */
export function checkStrategy(strategy: unknown): Strategy {
  if (typeof strategy !== "string" || !(STRATEGIES as readonly string[]).includes(strategy)) {
    throw new RangeError(`expected a strategy (${STRATEGIES.join(", ")}), got ${describe(strategy)}`);
  }
  return strategy as Strategy;
}

/** Checks a seed: an integer in 0..2^32-1. */
export function checkSeed(seed: unknown): number {
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`expected a seed in 0..4294967295, got ${describe(seed)}`);
  }
  return seed;
}

/**
 * A codebreaker playing [n,k]-Mastermind move by move.
 *
 * @example
 * ```ts
 * const space = new CodeSpace(4, 6);
 * const solver = new Solver(space, { strategy: "knuth" });
 * space.format(solver.nextGuess());            // "1122"
 * solver.record("1122", { black: 1, white: 0 });
 * solver.remaining;                            // 256
 * space.format(solver.nextGuess());            // Knuth's second guess, "1344"
 * ```
 */
export class Solver {
  /** The code space. */
  readonly space: CodeSpace;
  /** The strategy. */
  readonly strategy: Strategy;
  /** The seed of the `consistent` strategy. */
  readonly seed: number;
  /** The engine that scores guesses. */
  readonly engine: Engine;
  private readonly kernel: ScoreKernel;
  private readonly first: number | undefined;
  private candidates: Uint32Array;
  private readonly moves: Move[] = [];
  /** Bit j set when colour j + 1 occurs in a scored guess (all ones when k > 31). */
  private usedColors = 0;
  /** Positions every scored guess colours alike share a class (see refineClasses). */
  private classes: Int32Array;

  /**
   * @param space - the code space (or [pegs, colors])
   * @param options - strategy, seed, first guess
   * @throws RangeError for an unknown strategy, a bad seed or first guess
   */
  constructor(space: CodeSpace, options: SolverOptions = {}) {
    if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
    this.space = space;
    this.strategy = checkStrategy(options.strategy ?? "knuth");
    this.seed = checkSeed(options.seed ?? 1);
    this.engine = checkEngine(options.engine ?? "auto");
    this.kernel = kernelOf(space);
    this.first = options.firstGuess === undefined ? undefined : space.indexOf(options.firstGuess);
    this.classes = new Int32Array(space.pegs);
    this.candidates = new Uint32Array(space.size);
    for (let i = 0; i < space.size; i++) this.candidates[i] = i;
  }

  /** How many codes are still consistent with every score so far. */
  get remaining(): number {
    return this.candidates.length;
  }

  /** True once a guess was scored (n, 0). */
  get solved(): boolean {
    const last = this.moves[this.moves.length - 1];
    return last !== undefined && last.score.black === this.space.pegs;
  }

  /** The moves so far. */
  get history(): readonly Move[] {
    return this.moves;
  }

  /**
   * The codes still possible, lowest first.
   *
   * @param limit - at most this many (default all)
   * @returns the codes
   * @example
   * ```ts
   * new Solver(new CodeSpace(2, 2)).possibleCodes(); // [[1,1],[1,2],[2,1],[2,2]]
   * ```
   */
  possibleCodes(limit = Infinity): number[][] {
    const out: number[][] = [];
    for (const i of this.candidates) {
      if (out.length >= limit) break;
      out.push(this.space.codeAt(i));
    }
    return out;
  }

  /**
   * The strategy's next guess (the found code once solved).
   *
   * @returns a code
   * @example
   * ```ts
   * new Solver(new CodeSpace(4, 6)).nextGuess(); // [1, 1, 2, 2]
   * ```
   */
  nextGuess(): number[] {
    if (this.solved) return this.moves[this.moves.length - 1]!.guess.slice();
    if (this.moves.length === 0 && this.first !== undefined) return this.space.codeAt(this.first);
    const index = chooseGuess(
      this.kernel,
      this.candidates,
      this.candidates.length,
      this.strategy,
      this.seed,
      this.usedColors,
      twinsOf(this.classes),
      this.engine,
    );
    return this.space.codeAt(index);
  }

  /**
   * Records the score of a guess (any code, not only the solver's own).
   *
   * @param guess - the code guessed
   * @param given - its score against the secret
   * @returns the number of codes still possible
   * @throws RangeError for a wrong code or an impossible score;
   *   {@link InconsistentScoresError} when no code fits all scores (the solver is then unchanged)
   * @example
   * ```ts
   * const solver = new Solver(new CodeSpace(4, 6));
   * solver.record("1122", { black: 0, white: 0 }); // 256
   * ```
   */
  record(guess: Code | string, given: Score): number {
    const score = given;
    const { space } = this;
    const g = space.indexOf(guess);
    if (typeof score !== "object" || score === null)
      throw new TypeError(`expected a score {black, white}, got ${describe(score)}`);
    const why = impossibility(space.pegs, space.colors, score);
    if (why !== undefined) {
      throw new RangeError(
        `score (${score.black}, ${score.white}) is impossible in [${space.pegs},${space.colors}]-Mastermind: ${why}`,
      );
    }
    if (this.solved)
      throw new RangeError(`the code ${space.format(this.moves[this.moves.length - 1]!.guess)} is already found`);
    const move: Move = { guess: space.codeAt(g), score: { black: score.black, white: score.white } };
    const code = score.black * (space.pegs + 1) + score.white;
    const kept = this.candidates.filter((s) => this.kernel.score(g, s) === code);
    if (kept.length === 0) {
      const moves = [...this.moves, move];
      const list = moves.map((m) => `${space.format(m.guess)} (${m.score.black},${m.score.white})`).join(", ");
      throw new InconsistentScoresError(`no code matches all the scores given: ${list}`, moves);
    }
    this.candidates = kept;
    this.moves.push(move);
    this.classes = refineClasses(this.classes, move.guess);
    for (const color of move.guess)
      this.usedColors = (this.usedColors | (space.colors > 31 ? 0xffffffff : 1 << (color - 1))) >>> 0;
    return kept.length;
  }
}

/**
 * The codebreaker's game against a known secret: guesses and scores until
 * the secret is found.
 *
 * @param space - the code space
 * @param secret - the code to break
 * @param options - strategy, seed, first guess
 * @returns the moves, the last one scored (n, 0)
 * @example
 * ```ts
 * const space = new CodeSpace(4, 6);
 * breakCode(space, "3632").map((m) => space.format(m.guess)); // ["1122", ..., "3632"]
 * ```
 */
export function breakCode(space: CodeSpace, secret: Code | string, options: SolverOptions = {}): Move[] {
  const solver = new Solver(space, options);
  const s = space.check(secret);
  while (!solver.solved) {
    const guess = solver.nextGuess();
    solver.record(guess, score(guess, s));
  }
  return solver.history.slice();
}
