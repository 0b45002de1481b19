// What Explore reads and says, without a page: fields, the sweep's estimate,
// progress, captions and errors.

import { afterEach, describe, expect, test, vi } from "vitest";
import {
  chaseCaption,
  errorMessage,
  estimateFor,
  kindEstimate,
  exportDone,
  FILE_METHODS,
  fileAnswer,
  loadFileMethod,
  saveFileMethod,
  phaseText,
  progressText,
  readInteger,
  seconds,
  singleAnswer,
  singleEstimateMs,
  singleProgress,
  singleStart,
  duration,
  solveCaption,
  sweepEstimate,
  sweepLabels,
  sweepOf,
  sweepText,
  sweepWorkers,
} from "./state.js";
import { WorkerError } from "./worker-client.js";

describe("fields", () => {
  test("integers with the separators people type; anything else says what was expected and got", () => {
    expect(readInteger("1,000,000", "n", 1, 10_000_000)).toBe(1_000_000);
    expect(readInteger(" 1_000 ", "n", 1, 4096)).toBe(1000);
    expect(() => readInteger("5000", "n", 1, 4096)).toThrow('n expected an integer in 1..4,096, got "5000"');
    expect(() => readInteger("1.5", "To n", 2, 10)).toThrow('To n expected an integer in 2..10, got "1.5"');
    expect(() => readInteger("", "n", 1, 10)).toThrow(RangeError);
  });

  test("the sweep's estimate grows as n^2.8, and is blank until the range reads", () => {
    expect(sweepEstimate(1, 10_000)).toMatch(/^Estimated time: about 3 seconds on a 2-core machine/);
    expect(sweepEstimate(1, 100_000)).toMatch(/^Estimated time: about 32 minutes/);
    expect(sweepEstimate(1, 1_000_000)).toMatch(/^Estimated time: about \d+ (days|years)/);
    expect(sweepEstimate(1, 10)).toMatch(/^Estimated time: about 1 second /);
    expect(estimateFor("1", "10,000")).toBe(sweepEstimate(1, 10_000));
    expect(estimateFor("10", "5")).toBe("");
    expect(estimateFor("x", "5")).toBe("");
  });

  test("one core is left to the page, at most 8 workers", () => {
    expect(sweepWorkers(2)).toBe(1);
    expect(sweepWorkers(1)).toBe(1);
    expect(sweepWorkers(0)).toBe(1);
    expect(sweepWorkers(64)).toBe(8);
  });
});

describe("what the panels say", () => {
  test("progress, durations and the sweep's lines", () => {
    expect(seconds(2345)).toBe("2.35 s");
    expect(seconds(12_345)).toBe("12.3 s");
    expect(progressText("chasing rows", 1024, 4096)).toBe("Chasing rows: 1,024 of 4,096");
    expect(phaseText("reading", 1_500_000, 30_000_000)).toBe("Reading: 1.5 of 30 MB");
    expect(phaseText("eliminating", 3, 8)).toBe("Eliminating: 3 of 8");
    expect(phaseText("structured", 50_000, 200_000, 12)).toBe(
      "Structured elimination: 50,000 of 200,000 rows, about 12.0 s left",
    );
    expect(phaseText("dense", 10, 4096)).toBe("Dense elimination of the rest: 10 of 4,096 columns");
    expect(sweepText.progress(1, 300, 310, 10_000, 1500)).toBe("n = 1..300 in order, 310 of 10,000 done (1.50 s)");
    expect(sweepText.done(1, 10_000, 3000)).toBe("Done: n = 1..10,000 in 3.00 s.");
    expect(sweepText.cancelled(1, 500)).toBe("Cancelled after n = 500 (500 in order).");
  });

  test("answers and captions", () => {
    expect(singleAnswer(5, 2)).toBe("The 5 x 5 board has nullity 2: 2^2 solutions per solvable configuration.");
    expect(singleAnswer(1_000_000, 0)).toBe(
      "The 1,000,000 x 1,000,000 board has nullity 0: every configuration is solvable, in one way.",
    );
    expect(chaseCaption(5, { kind: "chase", n: 5, rank: 3, ones: 11, ms: 1 })).toBe(
      "Chase matrix of the 5 x 5 board: 5 x 5, rank 3 (nullity 2), 11 ones.",
    );
    const solve = { kind: "solve" as const, n: 2048, solvable: true, rank: 0, nullity: 0, presses: 7, scale: 4, ms: 1 };
    expect(solveCaption(2048, solve)).toBe(
      "All-on 2,048 x 2,048: solved with 7 presses (the board's rank 4,194,304 of 4,194,304, nullity 0, one pixel per 4 x 4 cells).",
    );
    expect(solveCaption(4, { ...solve, solvable: false, nullity: 4, scale: 1 })).toBe(
      "All-on 4 x 4: not solvable (the board's rank 12 of 16, nullity 4).",
    );
    const file = {
      kind: "rank-file" as const,
      rows: 8,
      cols: 9,
      rank: 7,
      format: "pbm",
      ms: 20,
      readMs: 5,
      eliminateMs: 15,
      threads: 2,
    };
    expect(fileAnswer("m.pbm", file)).toEqual({
      answer: "m.pbm: 8 x 9 (pbm), rank 7 over GF(2).",
      done: "Done in 0.02 s: read in 0.01 s, eliminated in 0.01 s on 2 threads.",
    });
    // an elimination that does not say how many threads ran it: nothing is claimed
    expect(fileAnswer("m.pbm", { ...file, threads: null }).done).toBe(
      "Done in 0.02 s: read in 0.01 s, eliminated in 0.01 s.",
    );
    expect(
      fileAnswer("g.mtx", { ...file, format: "matrix-market", sparse: { nonzeros: 1234, method: "structured" } })
        .answer,
    ).toBe("g.mtx: 8 x 9 (matrix-market, read sparse: 1,234 nonzeros, structured elimination), rank 7 over GF(2).");
    const pbm = new Uint8Array(20);
    expect(exportDone({ kind: "export", what: "kernel", rows: 2, cols: 9, pbm, ms: 3 })).toBe(
      "Kernel basis: 2 vectors of 9 entries (one a row), 20 bytes of PBM, made in 0.00 s.",
    );
    expect(exportDone({ kind: "export", what: "echelon", rows: 8, cols: 9, pbm, ms: 3 })).toMatch(
      /^Echelon form: 8 x 9, /,
    );
  });

  test("every error in one format: file:line:column, file: byte N, or the message", () => {
    expect(errorMessage(new WorkerError("expected 0 or 1, got '2'", 3, 5), "m.txt")).toBe(
      "m.txt:3:5: expected 0 or 1, got '2'",
    );
    expect(errorMessage(new WorkerError("expected more bytes", undefined, undefined, 40))).toBe(
      "file: byte 40: expected more bytes",
    );
    expect(errorMessage(new RangeError("n expected ..."))).toBe("n expected ...");
    expect(errorMessage("plain")).toBe("plain");
  });
});

describe("block Wiedemann on a MatrixMarket file", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("its phases in words, with the estimate of the time left", () => {
    expect(phaseText("sequence", 3000, 6300, 12)).toBe(
      "Block Wiedemann, the sequence: 3,000 of 6,300 terms, about 12.0 s left",
    );
    expect(phaseText("berlekamp-massey", 100, 6300, 95.2)).toBe(
      "Block Wiedemann, Berlekamp-Massey: 100 of 6,300 steps, about 95.2 s left",
    );
    expect(phaseText("solution", 10, 3200, 1.5)).toBe(
      "Block Wiedemann, the kernel vectors: 10 of 3,200 products, about 1.50 s left",
    );
    // no estimate yet: none claimed
    expect(phaseText("sequence", 0, 6300)).toBe("Block Wiedemann, the sequence: 0 of 6,300 terms");
    // a phase name that is also an Object property reads as any other phase
    expect(phaseText("constructor", 1, 2)).toBe("Constructor: 1 of 2");
  });

  test("the answer says Monte Carlo and gives the guarantee; the times give each phase", () => {
    const guarantee =
      "rank <= 2999 proven (1 independent kernel vector, each checked); rank = 2999 with probability >= 1 - 2^-40 (Monte Carlo: a 64-wide start block, projection assumed generic)";
    const timings = { sequenceMs: 1200, berlekampMasseyMs: 800, solutionMs: 300 };
    const file = {
      kind: "rank-file" as const,
      rows: 3000,
      cols: 3000,
      rank: 2999,
      format: "matrix-market",
      ms: 2500,
      readMs: 150,
      eliminateMs: 2320,
      threads: 2,
      sparse: {
        nonzeros: 29_990,
        method: "wiedemann",
        wiedemann: { exact: false, guarantee, errorBound: 2 ** -40, timings },
      },
    };
    expect(fileAnswer("g.mtx", file)).toEqual({
      answer: `g.mtx: 3,000 x 3,000 (matrix-market, read sparse: 29,990 nonzeros, block Wiedemann), rank 2,999 over GF(2). Monte Carlo: ${guarantee}.`,
      done: "Done in 2.50 s: read in 0.15 s, ranked by block Wiedemann in 2.32 s (sequence 1.20 s, Berlekamp-Massey 0.80 s, kernel vectors 0.30 s) on 2 threads.",
    });
    // a matrix without nonzeros: block Wiedemann's answer is exact, and says so
    const zero = { ...file, rank: 0, sparse: { ...file.sparse, wiedemann: { ...file.sparse.wiedemann, exact: true } } };
    expect(fileAnswer("z.mtx", { ...zero, sparse: { ...zero.sparse, nonzeros: 0 } }).answer).toMatch(
      /^z\.mtx: 3,000 x 3,000 \(matrix-market, read sparse: 0 nonzeros, block Wiedemann\), rank 0 over GF\(2\)\. Exact: /,
    );
  });

  test("the Method choice: exact first, kept and read back; anything else, or no storage, is exact", () => {
    expect(FILE_METHODS.map(([method]) => method)).toEqual(["auto", "wiedemann"]);
    expect(FILE_METHODS.map(([, label]) => label)).toEqual([
      "exact (structured elimination)",
      "block Wiedemann (Monte Carlo)",
    ]);
    const stored = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
    expect(loadFileMethod()).toBe("auto");
    saveFileMethod("wiedemann");
    expect(loadFileMethod()).toBe("wiedemann");
    stored.set("lightsout-explore-method", "lanczos");
    expect(loadFileMethod()).toBe("auto");
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("storage disabled");
      },
      setItem: () => {
        throw new Error("storage disabled");
      },
    });
    expect(loadFileMethod()).toBe("auto");
    expect(() => saveFileMethod("wiedemann")).not.toThrow();
  });
});

describe("one large n", () => {
  test("its estimate grows from the degree; its progress is the time against it, never the end before the answer", () => {
    expect(singleEstimateMs(1_000_000)).toBeCloseTo(3000);
    expect(singleEstimateMs(10_000_000) / 1000).toBeGreaterThan(100);
    expect(singleEstimateMs(10_000_000) / 1000).toBeLessThan(130);
    expect(singleStart(10_000_000)).toBe(
      "Computing the nullity of n = 10,000,000: one gcd of degree 10,000,000, estimated 2 min on a 2-core machine…",
    );
    expect(singleProgress(1500, 1_000_000)).toEqual({
      fraction: 0.5,
      text: "1.50 s of about 3 s (estimated from the degree)",
    });
    const late = singleProgress(9000, 1_000_000);
    expect(late.fraction).toBe(0.95);
    expect(late.text).toContain("taking longer than estimated");
    expect([duration(400), duration(45_000), duration(112_000), duration(2 * 3_600_000)]).toEqual([
      "under 1 s",
      "45 s",
      "2 min",
      "2 h",
    ]);
  });
});

describe("sweeps beyond n x n grids", () => {
  test("m x n with m fixed, and tori: the library's sweep, the chart's words and the CSV's name", () => {
    expect(sweepOf("rows", 5, 1, 100)).toEqual({ kind: "grid", rows: { from: 5, to: 5 }, cols: { from: 1, to: 100 } });
    expect(sweepOf("torus", 0, 3, 9)).toEqual({ kind: "square", from: 3, to: 9, torus: true });
    expect(sweepOf("square", 0, 3, 9)).toEqual({ kind: "square", from: 3, to: 9, torus: false });
    expect(sweepLabels("rows", 5)).toEqual({
      caption: "Nullity of the 5 x n board (dimension of its quiet patterns) against n",
      axis: "n (board is 5 x n)",
      file: "nullity-5xn.csv",
    });
    expect(sweepLabels("torus", 0).axis).toBe("n (torus is n x n)");
    expect(kindEstimate("square", "1", "10000")).toBe(estimateFor("1", "10000"));
    expect(kindEstimate("rows", "1", "10000")).toMatch(/^No time estimate for m x n boards/);
    expect(sweepLabels("zk", 3)).toEqual({
      caption: "Nullity over Z_3 of the n x n board (fewest generators of its quiet patterns) against n",
      axis: "n (board is n x n, 3 states)",
      file: "nullity-z3.csv",
    });
    expect(kindEstimate("zk", "1", "100")).toMatch(/^No time estimate over Z_k/);
  });
});
