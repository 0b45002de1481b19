// Slow checks of the WebAssembly heap at full size (opt-in: LIGHTSOUT_SLOW=1;
// about 4 GiB of memory): 8192 x 8192 matrices up to the default limit and
// past 2 GiB, freed and allocated again; fewest presses on the all-on
// 300 x 300 board, whose 90000 x 90001 system takes three blocks of 967 MiB.
import { describe, expect, it } from "vitest";
import { wasmBytesInUse } from "../src/internal/kernel.js";
import { BitMatrix, fewestPresses, getMemoryLimit, gridBoard } from "../src/index.js";

const MiB = 2 ** 20;

describe("slow: WebAssembly heap", () => {
  it("8192 x 8192 matrices fill the limit, keep their bits past 2 GiB, and fit again once freed", () => {
    const held = wasmBytesInUse();
    const fit = Math.floor((getMemoryLimit() - held) / (8 * MiB));
    for (let round = 0; round < 2; round++) {
      const ms: BitMatrix[] = [];
      for (let seed = 0; seed < 256; seed++) ms.push(BitMatrix.random(8192, 8192, { seed }));
      let error: unknown;
      try {
        for (;;) ms.push(BitMatrix.zeros(8192, 8192));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toMatch(
        /^a 8192 x 8192 GF\(2\) matrix needs 8 MiB, but at most .* fit \(the memory limit of 3\.94 GiB/,
      );
      expect(ms.length).toBe(fit);
      expect(wasmBytesInUse()).toBe(held + fit * 8 * MiB);
      // the 256th random matrix lies past 2 GiB: its bits, first to last, are the twin's
      for (const seed of [0, 128, 255]) {
        using twin = BitMatrix.random(8192, 8192, { seed, engine: "ts" });
        expect(ms[seed]!.equals(twin)).toBe(true);
      }
      const last = ms[ms.length - 1]!;
      last.set(8191, 8191, 1);
      expect(last.get(8191, 8191)).toBe(1);
      for (const m of ms) m.dispose();
      expect(wasmBytesInUse()).toBe(held);
      using small = BitMatrix.random(64, 64, { seed: 1 });
      using smallTwin = BitMatrix.random(64, 64, { seed: 1, engine: "ts" });
      expect(small.rank()).toBe(smallTwin.rank());
    }
  }, 600_000);

  it("fewest presses on the all-on 300 x 300 board (nullity 0) clear it", () => {
    const n = 300;
    const held = wasmBytesInUse();
    const result = fewestPresses(gridBoard(n, n), new Uint8Array(n * n).fill(1));
    expect(result.nullity).toBe(0);
    const presses = result.presses!;
    // apply with plain loops: every cell toggled by itself and its neighbours an odd number of times
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let toggles = presses[r * n + c]!;
        if (r > 0) toggles += presses[(r - 1) * n + c]!;
        if (r + 1 < n) toggles += presses[(r + 1) * n + c]!;
        if (c > 0) toggles += presses[r * n + c - 1]!;
        if (c + 1 < n) toggles += presses[r * n + c + 1]!;
        expect(toggles % 2).toBe(1);
      }
    }
    expect(result.count).toBe(presses.reduce((s, v) => s + v, 0));
    expect(wasmBytesInUse()).toBe(held);
  }, 600_000);
});
