import { test } from "vitest";
import { gridNullity, squareNullity } from "../src/poly/nullity.js";
import { sequencePolynomial, sequenceByRecurrence } from "../src/poly/sequence.js";
test("q", () => {
  console.log([1,2,3,4,5,6,9,19].map((n) => squareNullity(n)), [1,2,3,4,5,19].map((n) => squareNullity(n, {engine:"ts"})), gridNullity(2,3));
  console.log(sequencePolynomial(5).toString(), sequenceByRecurrence(5).toString());
  for (const n of [100000, 300000]) { const t = performance.now(); const r = squareNullity(n); console.log(n, r, performance.now() - t); }
});
