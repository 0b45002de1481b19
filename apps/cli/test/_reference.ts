// Independent computations the tests compare the CLI with: the seeded
// random matrices of `rank --random`, rebuilt from the published generator,
// and ranks by plain Gaussian elimination (no bit packing, no WebAssembly).

/**
 * xoshiro128** (Blackman and Vigna, "Scrambled linear pseudorandom number
 * generators", ACM TOMS 2021; reference code at prng.di.unimi.it), its four
 * words of state drawn from a Weyl sequence (step 0x9e3779b9) through the
 * MurmurHash3 finalizer: how `BitMatrix.random` and `FieldMatrix.random` of
 * @lightsout/core draw their entries, written here from those descriptions.
 */
function xoshiro128starstar(seed: number): () => number {
  const weyl = new Uint32Array(1);
  weyl[0] = seed;
  const mix = (): number => {
    weyl[0]! += 0x9e3779b9;
    let z = weyl[0]!;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const s = new Uint32Array([mix(), mix(), mix(), mix()]);
  if (s.every((word) => word === 0)) s[0] = 1;
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  return () => {
    const result = Math.imul(rotl(Math.imul(s[1]!, 5) >>> 0, 7), 9) >>> 0;
    const t = s[1]! << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11);
    return result;
  };
}

/**
 * The 0/1 matrix of `rank --random rows --cols cols --seed seed`: row by row,
 * each row from ceil(cols / 32) draws, column 32k + b being bit b of draw k.
 *
 * @param seed - below 2^32
 */
export function randomBits(rows: number, cols: number, seed: number): number[][] {
  const next = xoshiro128starstar(seed);
  return Array.from({ length: rows }, () => {
    const row: number[] = [];
    for (let k = 0; k * 32 < cols; k++) {
      const word = next();
      for (let b = 0; b < 32 && k * 32 + b < cols; b++) row.push((word >>> b) & 1);
    }
    return row;
  });
}

/**
 * The matrix of `rank --random rows --cols cols --field p --seed seed`, p prime:
 * entries row by row, each floor(draw * p / 2^32).
 */
export function randomModP(rows: number, cols: number, p: number, seed: number): number[][] {
  const next = xoshiro128starstar(seed);
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.floor((next() * p) / 2 ** 32)));
}

/**
 * The rank of a matrix over Z_p (p prime, p < 2^26 so that products stay
 * exact in doubles), by Gaussian elimination on a copy.
 */
export function rankModP(matrix: readonly (readonly number[])[], p: number): number {
  if (p >= 2 ** 26) throw new RangeError(`rankModP expected p < 2^26, got ${p}`);
  const a = matrix.map((row) => row.map((x) => ((x % p) + p) % p));
  const cols = a[0]?.length ?? 0;
  let rank = 0;
  for (let c = 0; c < cols && rank < a.length; c++) {
    const pivot = a.findIndex((row, i) => i >= rank && row[c] !== 0);
    if (pivot < 0) continue;
    [a[rank], a[pivot]] = [a[pivot]!, a[rank]!];
    const inverse = inverseModP(a[rank]![c]!, p);
    for (let i = 0; i < a.length; i++) {
      if (i === rank || a[i]![c] === 0) continue;
      const factor = (a[i]![c]! * inverse) % p;
      for (let j = c; j < cols; j++) a[i]![j] = (((a[i]![j]! - factor * a[rank]![j]!) % p) + p) % p;
    }
    rank++;
  }
  return rank;
}

/** x^(p-2) mod p, by square and multiply (Fermat). */
function inverseModP(x: number, p: number): number {
  let result = 1;
  let base = x % p;
  for (let e = p - 2; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * base) % p;
    base = (base * base) % p;
  }
  return result;
}

/**
 * The Lights Out matrix of the rows x cols grid: entry (a, b) is 1 when
 * pressing cell b changes cell a (b is a or one of its four neighbours),
 * cells numbered row by row.
 */
export function plusMatrix(rows: number, cols: number): number[][] {
  const cells = rows * cols;
  return Array.from({ length: cells }, (_, a) =>
    Array.from({ length: cells }, (_, b) => {
      const distance = Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
      return distance <= 1 ? 1 : 0;
    }),
  );
}

/**
 * Presses applied to a grid of lights with plain loops: x presses on a cell
 * add x (mod `states`) to it and to its four neighbours, which wrap around on
 * a torus. Cells and press counts are base-36 digits; '.' is no cell (never
 * changed) or no press.
 *
 * @returns the lights afterwards, in the same notation
 */
export function applyPresses(
  lights: readonly string[],
  presses: readonly string[],
  options: { states?: number; torus?: boolean } = {},
): string[] {
  const k = options.states ?? 2;
  const rows = lights.length;
  const cols = lights[0]!.length;
  const out = lights.map((row) => [...row].map((cell) => (cell === "." ? -1 : parseInt(cell, 36))));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = presses[r]![c] === "." ? 0 : parseInt(presses[r]![c]!, 36);
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const rr = options.torus ? (r + dr + rows) % rows : r + dr;
        const cc = options.torus ? (c + dc + cols) % cols : c + dc;
        const row = out[rr];
        if (row !== undefined && row[cc] !== undefined && row[cc] >= 0) row[cc] = (row[cc] + x) % k;
      }
    }
  }
  return out.map((row) => row.map((v) => (v < 0 ? "." : v.toString(36))).join(""));
}

/** True when every light of the grid is off. */
export function isDark(grid: readonly string[]): boolean {
  return grid.every((row) => /^[0.]*$/.test(row));
}
