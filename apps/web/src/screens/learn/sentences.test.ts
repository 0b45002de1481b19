import { chaseTrace } from "@lightsout/core";
import { expect, test } from "vitest";
import { chaseSentence } from "./sentences.js";

test("a sentence per phase of the 5 x 5 all-on chase", () => {
  const trace = chaseTrace(5, 5, new Uint8Array(25).fill(1));
  const text = Array.from({ length: trace.steps.length + 1 }, (_, i) => chaseSentence(trace, i));
  expect(text[0]).toMatch(/^Start: 25 lights on/);
  expect(text[1]).toMatch(/^row 1 has lights on in columns 1, 2, 3, 4 and 5; pressing the cells below, in row 2/);
  expect(text[5]).toMatch(/last row reads 10001/);
  expect(text[6]).toMatch(/press columns 1 and 2 of the first row \(2 presses\)/);
  expect(text[7]).toMatch(/^Chase again: /);
  expect(text[10]).toMatch(/The board is dark: all the presses together, 15 of them, are one solution/);
});

test("a dark row, a dark last row, and a board that cannot be cleared", () => {
  const lights = new Uint8Array(9);
  lights[8] = 0;
  const dark = chaseTrace(3, 3, lights);
  expect(chaseSentence(dark, 1)).toMatch(/row 1 is already dark: nothing to press in row 2/);
  expect(chaseSentence(dark, 3)).toMatch(/The last row is dark too/);
  const corner = new Uint8Array(25);
  corner[0] = 1;
  const stuck = chaseTrace(5, 5, corner);
  expect(stuck.solvable).toBe(false);
  expect(chaseSentence(stuck, stuck.steps.length)).toMatch(/can never be cleared/);
});
