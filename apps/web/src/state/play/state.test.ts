// Play's state without a page: what moves, the timer, par, marks, links, the
// form and the keyboard do to it.

import { gridBoard, maskBoard, randomPuzzle } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { type Analysis, analyse } from "../solver.js";
import { decodeBoard } from "../url.js";
import { isDark, newGame, press, redo, replay, reset, undo } from "./game.js";
import { decodeMoves } from "./progress.js";
import {
  AnalysisCache,
  afterMove,
  boardMarks,
  boardParams,
  dailyGame,
  elapsed,
  formFor,
  gameParams,
  lightsChanged,
  linkShape,
  NO_ORIGIN,
  played,
  nextSeed,
  resumed,
  won,
  puzzleBoard,
  puzzleParams,
  readLink,
  shortcut,
  started,
  wantsPar,
} from "./state.js";

// 1 x 3: pressing cell 0 toggles cells 0 and 1.
const game = newGame(gridBoard(1, 3), [1, 1, 0], 2);
const solvable: Analysis = { solvable: true, presses: [1, 0, 0], count: 1, optimal: true };
const unsolvable: Analysis = { solvable: false, proof: [1, 0, 1] };

describe("moves and the timer", () => {
  test("a new puzzle has no marks, no par, the timer at 0", () => {
    const s = started(game, { seed: 4, daily: null }, { moves: 3, ms: null });
    expect(s).toMatchObject({ showSolution: false, hint: null, proof: null, fewest: null, startedAt: null });
    expect(s.best).toEqual({ moves: 3, ms: null });
    expect(elapsed(s, 1e6)).toBe(0);
  });

  test("the first press starts the clock; clearing the board stops it and gives the result to keep", () => {
    const s0 = started(game, NO_ORIGIN, null);
    const first = played(s0, press(game, 2), 1000, true);
    expect(first.state.startedAt).toBe(1000);
    expect(first.result).toBeNull();
    expect(elapsed(first.state, 3400)).toBe(2400);
    // back to the start, then the winning press: 1 move, timed from that press
    const back = played(first.state, undo(first.state.game), 2000, true);
    expect(back.state.startedAt).toBeNull();
    const won = played(back.state, press(back.state.game, 0), 5000, true);
    expect(won.state.game.lights).toEqual([0, 0, 0]);
    expect(won.state.finishedMs).toBe(0);
    expect(won.result).toEqual({ moves: 1, ms: 0 });
    // the finished time stays; a hidden timer keeps no time
    expect(elapsed(won.state, 99_000)).toBe(0);
    expect(played(back.state, press(back.state.game, 0), 5000, false).result).toEqual({ moves: 1, ms: null });
  });

  test("the result is kept once: redrawing a dark board records nothing", () => {
    const won = played(started(game, NO_ORIGIN, null), press(game, 0), 10, true).state;
    expect(played(won, won.game, 20, true).result).toBeNull();
  });

  test("a hint lasts until the lights change", () => {
    const hinted = { ...started(game, NO_ORIGIN, null), hint: 0 };
    expect(played(hinted, hinted.game, 0, true).state.hint).toBe(0);
    expect(played(hinted, press(game, 2), 0, true).state.hint).toBeNull();
    expect(lightsChanged(undefined, game)).toBe(true);
    expect(lightsChanged(game, game)).toBe(false);
    expect(lightsChanged(press(game, 2), reset(press(game, 2)))).toBe(true);
    const undone = undo(press(game, 2));
    expect(lightsChanged(undone, redo(undone))).toBe(true);
  });

  test("par is asked for at the first move and at the end, until it is known", () => {
    const s0 = started(game, NO_ORIGIN, null);
    expect(wantsPar(s0)).toBe(false);
    const one = played(s0, press(game, 2), 0, true).state;
    expect(wantsPar(one)).toBe(true);
    const two = played(one, press(one.game, 2), 0, true).state;
    expect(wantsPar(two)).toBe(false);
    const won = played(s0, press(game, 0), 0, true).state;
    expect(wantsPar(won)).toBe(true);
    expect(wantsPar({ ...one, fewest: solvable })).toBe(false);
  });
});

describe("marks", () => {
  // Regression: the overlay went blank after each press until the worker answered, and a player (or a
  // test) following the marks then saw none and stopped short of the win.
  test("pressing a marked cell leaves the rest of the solution, still fewest, without the solver", () => {
    for (const [rows, cols, k] of [
      [4, 4, 2],
      [5, 5, 2],
      [3, 4, 3],
      [4, 3, 5],
    ] as const) {
      const board = gridBoard(rows, cols);
      let g = newGame(board, randomPuzzle(board, { seed: rows * 31 + cols * 7 + k, states: k }), k);
      let a: Analysis | undefined = analyse(board, g.lights, k);
      while (!isDark(g)) {
        if (!a?.solvable) throw new Error("a puzzle from randomPuzzle is solvable");
        const cell = a.presses.findIndex((x) => x > 0);
        const next = press(g, cell);
        a = afterMove(g, next, a);
        g = next;
        // independent checks: the rest clears the new lights, and it is as short as the solver's fewest
        expect(a?.solvable).toBe(true);
        if (!a?.solvable) break;
        expect(
          isDark(
            replay(
              g,
              a.presses.flatMap((x, c) => new Array<number>(x).fill(c)),
            ),
          ),
        ).toBe(true);
        const fresh = analyse(board, g.lights, k);
        expect(fresh.solvable && fresh.optimal && a.optimal).toBe(true);
        if (fresh.solvable) expect(a.count).toBe(fresh.count);
      }
    }
  });

  test("after a move the solver is asked again unless the answer is exact: a proof of no solution carries over", () => {
    const unsolvableFrom: Analysis = { solvable: false, proof: [1, 0, 1] };
    const pressed = press(game, 1);
    expect(afterMove(game, pressed, unsolvableFrom)).toBe(unsolvableFrom);
    expect(afterMove(pressed, undo(pressed), unsolvableFrom)).toBe(unsolvableFrom);
    // an unmarked press, an undo, a reset of two moves, a new game, nothing known: undefined
    expect(afterMove(game, press(game, 1), solvable)).toBeUndefined();
    expect(afterMove(pressed, undo(pressed), solvable)).toBeUndefined();
    const two = press(pressed, 2);
    expect(afterMove(two, reset(two), unsolvableFrom)).toBeUndefined();
    expect(afterMove(game, newGame(game.board, [0, 1, 1], 2), unsolvableFrom)).toBeUndefined();
    expect(afterMove(game, press(game, 0), undefined)).toBeUndefined();
    expect(afterMove(game, press(game, 0), solvable)).toEqual({
      solvable: true,
      presses: [0, 0, 0],
      count: 0,
      optimal: true,
    });
  });

  test("the overlay shows the solution of the lights now, when known", () => {
    const s = { ...started(game, NO_ORIGIN, null), showSolution: true, hint: 2 };
    expect(boardMarks(s, solvable).marks).toEqual({ solution: [1, 0, 0], hint: 2, proof: null });
    expect(boardMarks(s, undefined).marks).toEqual({ solution: null, hint: 2, proof: null });
    expect(boardMarks({ ...s, showSolution: false }, solvable).marks.solution).toBeNull();
  });

  test("an unsolvable board's overlay outlines its proof, which then stays", () => {
    const s = { ...started(game, NO_ORIGIN, null), showSolution: true };
    const marked = boardMarks(s, unsolvable);
    expect(marked.marks.proof).toEqual([1, 0, 1]);
    expect(marked.state.proof).toEqual([1, 0, 1]);
    expect(boardMarks({ ...marked.state, showSolution: false }, undefined).marks.proof).toEqual([1, 0, 1]);
    // a proof already shown is kept
    expect(boardMarks({ ...s, proof: [0, 1, 0] }, unsolvable).marks.proof).toEqual([0, 1, 0]);
  });

  test("the cache answers for the same lights and forgets past 200", () => {
    const cache = new AnalysisCache();
    cache.set([1, 0], solvable);
    expect(cache.get([1, 0])).toBe(solvable);
    expect(cache.get([0, 1])).toBeUndefined();
    for (let i = 0; i <= 200; i++) cache.set([i], solvable);
    cache.set([9, 9, 9], unsolvable);
    expect(cache.get([1, 0])).toBeUndefined();
    expect(cache.get([9, 9, 9])).toBe(unsolvable);
  });
});

describe("links", () => {
  test("the puzzle's link has its start, seed and date; the game's adds the moves", () => {
    const origin = { seed: 7, daily: "2026-11-30" };
    const moved = press(press(game, 2), 1);
    expect(puzzleParams(moved, origin).toString()).toBe("g=1x3&l=w&seed=7&daily=2026-11-30");
    const s = played(started(game, origin, null), moved, 0, true).state;
    const p = gameParams(s);
    expect(p.get("p")).toBe("2.1");
    expect(decodeBoard(p)?.lights).toEqual([1, 1, 0]);
    expect(decodeMoves(p.get("p")!, 3)).toEqual([2, 1]);
    expect(gameParams(started(game, NO_ORIGIN, null)).has("p")).toBe(false);
    // Build and Learn get the lights as they are now
    expect(decodeBoard(boardParams(moved))?.lights).toEqual([...moved.lights]);
  });

  test("a board with a seed and no lights is dealt that seed's puzzle; a bad seed says why", () => {
    const torus = gridBoard(5, 5, { torus: true });
    const dealt = readLink(new URLSearchParams("g=5x5&t=1&seed=3"));
    expect(dealt.shared?.lights).toEqual(Array.from(randomPuzzle(torus, { seed: 3 })));
    expect(dealt.shared?.lights.some((v) => v !== 0)).toBe(true);
    expect(dealt).toMatchObject({ error: null, seedError: null, origin: { seed: 3 } });
    const k3 = readLink(new URLSearchParams("g=4x4&k=3&seed=9"));
    expect(k3.shared?.lights).toEqual(Array.from(randomPuzzle(gridBoard(4, 4), { states: 3, seed: 9 })));
    for (const seed of ["-1", "99999999999999999999", "abc"]) {
      const bad = readLink(new URLSearchParams(`g=5x5&seed=${seed}`));
      expect(bad.seedError).toMatch(
        /^The link's seed .* (is not a seed|is too large): a seed is a whole number from 0 to 2,147,483,647\.$/,
      );
      expect(bad.origin.seed).toBe(1);
      expect(bad.shared?.lights).toEqual(Array.from(randomPuzzle(gridBoard(5, 5), { seed: 1 })));
    }
    // lights in the link are the puzzle: the seed only names it
    expect(readLink(new URLSearchParams("g=1x3&l=w&seed=5")).shared?.lights).toEqual([1, 1, 0]);
  });

  test("a resumed game's clock runs on from the time played; help taken marks its result", () => {
    const game = newGame(gridBoard(1, 2), [1, 1], 2);
    const s = resumed(started(game, NO_ORIGIN, null), 60_000, true, 1_000);
    const { state, result } = played(s, press(game, 0), 5_000, true);
    expect(elapsed(state, 5_000)).toBe(64_000);
    expect(result).toEqual({ moves: 1, ms: 64_000, assisted: true });
    const alone = played(started(game, NO_ORIGIN, null), press(game, 0), 0, true);
    expect(alone.result).toEqual({ moves: 1, ms: 0 });
  });

  test("the next seed is the one after, but never tomorrow's puzzle after today's", () => {
    expect(nextSeed({ seed: 7, daily: null }, 7)).toBe(8);
    expect(nextSeed({ seed: 20261201, daily: "2026-12-01" }, 20261201)).toBe(1);
  });

  test("a game is won once a move leaves the board dark; a dark start is not a win", () => {
    const game = newGame(gridBoard(1, 1), [1], 2);
    const s = started(game, NO_ORIGIN, null);
    expect(won(s)).toBe(false);
    expect(won(played(s, press(game, 0), 0, true).state)).toBe(true);
    expect(won(started(newGame(gridBoard(1, 1), [0], 2), NO_ORIGIN, null))).toBe(false);
  });

  test("a link is read back; a bad seed or date is dropped, a bad board is an error", () => {
    const link = readLink(new URLSearchParams("g=1x3&l=w&seed=7&daily=2026-11-30&p=2.1"));
    expect(link.shared?.lights).toEqual([1, 1, 0]);
    expect(link).toMatchObject({ error: null, origin: { seed: 7, daily: "2026-11-30" }, moves: "2.1" });
    expect(readLink(new URLSearchParams("seed=-1&daily=today")).origin).toEqual(NO_ORIGIN);
    expect(readLink(new URLSearchParams("seed=12")).shared).toBeNull();
    const bad = readLink(new URLSearchParams("g=1024x1024"));
    expect(bad.shared).toBeNull();
    expect(bad.error).toBe("g=1024x1024 expected at most 256 rows, got 1,024 rows");
  });

  test("today's puzzle is the same 7 x 7 board for everyone on a day", () => {
    const a = dailyGame(20261130);
    expect(a.board).toEqual(gridBoard(7, 7));
    expect(a.lights).toEqual(dailyGame(20261130).lights);
    expect(a.lights).not.toEqual(dailyGame(20261201).lights);
  });
});

describe("the form", () => {
  const form = { shape: "rect", rows: 4, cols: 6, states: 2, rule: "king", seed: 1 };

  test("makes the board asked for, or keeps the board played", () => {
    expect(puzzleBoard(form)).toEqual(gridBoard(4, 6, { rule: "king", topology: "plane" }));
    expect(puzzleBoard({ ...form, shape: "torus" })).toEqual(gridBoard(4, 6, { rule: "king", topology: "torus" }));
    const custom = gridBoard(3, 3, { rule: { offsets: [[0, 2]] } });
    expect(puzzleBoard({ ...form, rule: "custom" }, custom)).toEqual(
      gridBoard(4, 6, { rule: { offsets: [[0, 2]] }, topology: "plane" }),
    );
    expect(puzzleBoard({ ...form, shape: "keep" }, custom)).toBe(custom);
  });

  test("follows the board played, and a linked board's shape", () => {
    expect(formFor(gridBoard(3, 4, { rule: "x" }), 2)).toEqual({
      states: 2,
      grid: { rows: 3, cols: 4, rule: "x", customRule: false },
    });
    expect(formFor(gridBoard(3, 4, { rule: { offsets: [[0, 2]] } }), 5).grid).toMatchObject({
      rule: "custom",
      customRule: true,
    });
    expect(formFor({ kind: "graph", vertices: 2, edges: [[0, 1]] }, 3)).toEqual({ states: 3 });
    expect(linkShape(gridBoard(5, 5))).toBeNull();
    expect(linkShape(gridBoard(5, 5, { torus: true }))).toBe("torus");
    expect(linkShape(gridBoard(5, 5, { topology: "projective" }))).toBe("projective");
    expect(linkShape(maskBoard(["#.", "##"]))).toBe("keep");
  });
});

describe("shortcuts", () => {
  const keys = (key: string, more: { ctrl?: boolean; meta?: boolean; alt?: boolean; shift?: boolean } = {}) => ({
    key,
    ctrlKey: more.ctrl ?? false,
    metaKey: more.meta ?? false,
    altKey: more.alt ?? false,
    shiftKey: more.shift ?? false,
  });

  test("Ctrl or Cmd + Z undoes; + Y or + Shift + Z redoes; nothing else does", () => {
    expect(shortcut(keys("z", { ctrl: true }))).toBe("undo");
    expect(shortcut(keys("Z", { meta: true }))).toBe("undo");
    expect(shortcut(keys("y", { ctrl: true }))).toBe("redo");
    expect(shortcut(keys("Z", { ctrl: true, shift: true }))).toBe("redo");
    expect(shortcut(keys("z"))).toBeNull();
    expect(shortcut(keys("z", { ctrl: true, alt: true }))).toBeNull();
    expect(shortcut(keys("x", { ctrl: true }))).toBeNull();
  });
});
