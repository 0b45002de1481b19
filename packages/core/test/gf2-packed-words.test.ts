// packedWords() hands out a copy: a view into WebAssembly memory would turn
// empty when the memory grows (another allocation) and would write through
// to the matrix.
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/index.js";

describe("BitMatrix.packedWords", () => {
  for (const engine of ["wasm", "ts"] as const) {
    it(`${engine}: a copy that survives memory growth and does not write through`, () => {
      using m = BitMatrix.fromRows(["101", "011"], { engine });
      const words = m.packedWords();
      const stride = m.strideWords * 2;
      expect(words.length).toBe(2 * stride);
      expect([words[0], words[stride]]).toEqual([0b101, 0b110]); // column j is bit j
      // 64 MiB more: the WebAssembly memory grows, and views of it are detached
      using big = BitMatrix.zeros(8192, 65536, { engine });
      expect(big.rows).toBe(8192);
      expect(words.length).toBe(2 * stride);
      expect([words[0], words[stride]]).toEqual([0b101, 0b110]);
      words[0] = 0;
      expect(m.toString()).toBe("101\n011");
    });
  }
});
