// The WebAssembly kernel against its TypeScript twin: the same part sizes
// and the same choice (position and value, to the bit) on random code
// spaces, sets of codes left, guess lists, strategies and bounds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScoreKernel } from "../src/_kernel.js";
import { TwinScorer, type ValueMode } from "../src/_twin.js";
import { WasmScorer, wasmAvailable } from "../src/_wasm.js";
import { CodeSpace, evaluate, STRATEGIES } from "../src/index.js";

const spaces = new Map<string, { kernel: ScoreKernel; wasm: WasmScorer; twin: TwinScorer }>();
function enginesOf(pegs: number, colors: number) {
  const key = `${pegs},${colors}`;
  let e = spaces.get(key);
  if (!e) {
    const kernel = new ScoreKernel(new CodeSpace(pegs, colors));
    e = { kernel, wasm: new WasmScorer(kernel), twin: new TwinScorer(kernel) };
    spaces.set(key, e);
  }
  return e;
}

/** c ln c for c = 0..size+1, as the strategies make it. */
function termsFor(size: number): Float64Array {
  const t = new Float64Array(size + 2);
  for (let c = 1; c < t.length; c++) t[c] = c * Math.log(c);
  return t;
}

/** A code space within the kernel's reach (n <= 8, k <= 16, at most 4096 codes), codes left and guesses. */
const caseArb = fc
  .record({ pegs: fc.integer({ min: 1, max: 8 }), colors: fc.integer({ min: 1, max: 16 }) })
  .filter(({ pegs, colors }) => colors ** pegs <= 4096)
  .chain(({ pegs, colors }) => {
    const size = colors ** pegs;
    return fc.record({
      pegs: fc.constant(pegs),
      colors: fc.constant(colors),
      left: fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: Math.min(size, 300) }),
      guesses: fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: 40 }),
      mode: fc.constantFrom<ValueMode>(0, 1, 2, 3),
      perfectShift: fc.integer({ min: -2, max: 3 }),
      bound: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
    });
  });

describe("the Mastermind kernel and its TypeScript twin", () => {
  it("runs here (WebAssembly SIMD)", () => {
    expect(wasmAvailable(new ScoreKernel(new CodeSpace(4, 6)))).toBe(true);
  });

  it("give the same partitions", () => {
    fc.assert(
      fc.property(caseArb, ({ pegs, colors, left, guesses }) => {
        const { kernel, wasm, twin } = enginesOf(pegs, colors);
        const set = Uint32Array.from(left.sort((a, b) => a - b));
        const list = Uint32Array.from(guesses);
        const a = new Uint32Array(list.length * kernel.scoreCount);
        const b = new Uint32Array(list.length * kernel.scoreCount);
        wasm.setLeft(set, set.length);
        twin.setLeft(set, set.length);
        wasm.partitions(list, list.length, a);
        twin.partitions(list, list.length, b);
        expect([...a]).toEqual([...b]);
        // and the sizes add up to the codes left
        for (let q = 0; q < list.length; q++) {
          let sum = 0;
          for (let t = 0; t < kernel.scoreCount; t++) sum += a[q * kernel.scoreCount + t]!;
          expect(sum).toBe(set.length);
        }
      }),
      { seed: 27, numRuns: 300 },
    );
  });

  it("give the same bounds (guess lists longer than the codes too)", () => {
    // before, a list longer than the kernel's buffer (a guess per code) ran over into the next buffer
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 6 }), ({ pegs, colors, left, guesses }, step) => {
        const { wasm, twin } = enginesOf(pegs, colors);
        const set = Uint32Array.from(left.sort((a, b) => a - b));
        const list = Uint32Array.from(guesses);
        // bounds of parts by size, some out of reach
        const lower = Uint32Array.from({ length: set.length + 1 }, (_, c) => (c > 40 ? 0xffffffff : c * step));
        const out = () => ({ bounds: new Uint32Array(list.length), squares: new Uint32Array(list.length) });
        const [got, expected] = [out(), out()];
        wasm.setLeft(set, set.length);
        twin.setLeft(set, set.length);
        twin.bounds(list, list.length, lower, expected.bounds, expected.squares);
        wasm.bounds(list, list.length, lower, got.bounds, got.squares);
        expect(got).toEqual(expected);
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it("choose the same guess with the same value, to the bit", () => {
    fc.assert(
      fc.property(caseArb, ({ pegs, colors, left, guesses, mode, perfectShift, bound }) => {
        const { wasm, twin } = enginesOf(pegs, colors);
        const set = Uint32Array.from(left.sort((a, b) => a - b));
        const list = Uint32Array.from(guesses);
        const terms = termsFor(set.length);
        const perfect = (mode === 0 ? 1 : mode === 1 ? set.length : mode === 2 ? 0 : -set.length) + perfectShift;
        const limit = bound === undefined ? Infinity : mode === 3 ? -bound / 100 : bound / (mode === 2 ? 10 : 1);
        wasm.setLeft(set, set.length);
        twin.setLeft(set, set.length);
        const a = wasm.best(list, list.length, mode, terms, perfect, limit);
        const b = twin.best(list, list.length, mode, terms, perfect, limit);
        expect(a.chosen).toBe(b.chosen);
        expect(Object.is(a.value, b.value)).toBe(true);
      }),
      { seed: 2727, numRuns: 400 },
    );
  });

  it("play every strategy alike on [3,5] and [4,4]", () => {
    for (const [pegs, colors] of [
      [3, 5],
      [4, 4],
    ] as const) {
      for (const strategy of STRATEGIES) {
        const space = new CodeSpace(pegs, colors);
        const a = evaluate(space, { strategy, engine: "wasm" });
        const b = evaluate(space, { strategy, engine: "ts" });
        expect(a.histogram).toEqual(b.histogram);
        expect(a.firstGuess).toEqual(b.firstGuess);
      }
    }
  });

  it("refuses the wasm engine beyond 8 pegs or 16 colours, and names the engines", () => {
    expect(() => evaluate(new CodeSpace(9, 2), { engine: "wasm" })).toThrow(
      /at most 8 pegs and 16 colours; got \[9,2\]/,
    );
    expect(() => evaluate(new CodeSpace(3, 3), { engine: "gpu" as never })).toThrow(
      "expected an engine (auto, wasm, ts), got 'gpu'",
    );
  });
});
