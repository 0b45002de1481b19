// A GF(2) matrix past 2 GiB: the heap gives it one block, and the kernels
// address its rows with unsigned byte offsets (assembly/layout.ts, rowAt).
// Before, every block was held to 1 GiB, so 131072 x 131072 (2 GiB) could
// not be made at all. Its own file: the kernel's memory never shrinks, and
// this one holds 2 GiB until its worker ends.
import { totalmem } from "node:os";
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/index.js";
import { wasmBytesInUse } from "../src/internal/kernel.js";

const ROWS = 2 ** 27 + 1000; // rows of 64 bits take 16 bytes: 2 GiB and 16,000 bytes
const enoughMemory = totalmem() >= 8 * 2 ** 30;

describe.skipIf(!enoughMemory)("a GF(2) matrix of more than 2 GiB (skipped below 8 GiB of RAM)", () => {
  it("is one block, and its rows past byte 2^31 are read and copied right", () => {
    const held = wasmBytesInUse();
    using m = BitMatrix.zeros(ROWS, 64);
    expect(wasmBytesInUse() - held).toBe(ROWS * 16);
    // the identity on columns 0..62, then, 2 GiB further on, a row with columns 5 and 63
    for (let i = 0; i < 63; i++) m.set(i, i, 1);
    const last = ROWS - 1;
    m.set(last, 5, 1);
    m.set(last, 63, 1);
    // a kernel copy of the last rows (their byte offsets are past 2^31)
    using tail = m.slice(last - 1, ROWS);
    expect(tail.toString()).toBe(`${"0".repeat(64)}\n${"0".repeat(5)}1${"0".repeat(57)}1`);
    // the bits are where they were put, read back one by one (JavaScript's offsets)
    expect([m.get(last, 5), m.get(last, 63), m.get(last, 6), m.get(last - 1, 5)]).toEqual([1, 1, 0, 0]);
    // (an elimination of the whole takes 10 s and more here: docs/BENCHMARKS.md has the 131072 x 131072 rank)
  });
});
