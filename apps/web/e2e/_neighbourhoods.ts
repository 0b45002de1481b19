// Plus-rule neighbourhoods written out from the definitions, independent of
// the engine, and presses applied with plain loops: what the tests check the
// app's solutions against.

/** How the edges of an n x n plus-rule board are glued. */
export type Glue = "plane" | "projective";

/**
 * The cells a press reaches on an n x n board: itself and its four
 * neighbours. On the projective plane a step off the top edge at column j
 * comes back on the bottom row at column n-1-j (and off the bottom onto
 * the top row the same way), a step off the left edge at row i comes back
 * on the right column at row n-1-i (and off the right onto the left). A
 * cell reached twice is one target (a set, as a press lights each cell it
 * reaches once).
 */
export function plusNeighbourhoods(n: number, glue: Glue): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const reached = new Set<number>([r * n + c]);
      for (const [dr, dc] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        let rr = r + dr;
        let cc = c + dc;
        if (rr < 0 || rr >= n) {
          if (glue === "plane") continue;
          rr = rr < 0 ? n - 1 : 0;
          cc = n - 1 - cc;
        } else if (cc < 0 || cc >= n) {
          if (glue === "plane") continue;
          cc = cc < 0 ? n - 1 : 0;
          rr = n - 1 - rr;
        }
        reached.add(rr * n + cc);
      }
      out.push([...reached]);
    }
  }
  return out;
}

/** The lights after pressing cell j presses[j] times (mod k). */
export function applyPresses(
  targets: number[][],
  lights: readonly number[],
  presses: readonly number[],
  k: number,
): number[] {
  const out = lights.slice();
  for (let j = 0; j < presses.length; j++) {
    for (const i of targets[j]!) out[i] = (out[i]! + presses[j]!) % k;
  }
  return out;
}

/** Lights that some presses clear: the negation of what the presses add to a dark board (mod k). */
export function solvableLights(targets: number[][], presses: readonly number[], k: number): number[] {
  return applyPresses(targets, new Array<number>(targets.length).fill(0), presses, k).map((v) => (k - v) % k);
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
