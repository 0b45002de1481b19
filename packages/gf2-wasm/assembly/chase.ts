// Light chasing on a plain rectangle (plus rule), bit-sliced over the
// first-row variables.
//
// Every cell j of board row i gets its press as a vector over the n
// first-row variables (plus, optionally, one constant column for a lit
// board): row j of an n-row matrix P_i in the packed layout of layout.ts.
// P_{-1} = 0 and P_0 = I. The light of cell (i, j) after the presses of
// rows <= i must be cleared by the press below it, so
//
//   P_{i+1}[j] = P_{i-1}[j] ^ P_i[j-1] ^ P_i[j] ^ P_i[j+1]  (^ b[i][j] e_const)
//
// with the missing neighbours of the two edge columns read as 0. Only two
// matrices are kept: the new one overwrites P_{i-1} in place. After the
// last board row, P_m is the chase matrix C (and the constant column the
// lights a dark first row leaves below the board).

/**
 * Runs `steps` rows of the chase recurrence on `a` (P_{i-1}) and `b` (P_i),
 * two n-row matrices of `stride` words per row: a[j] ^= b[j-1] ^ b[j] ^
 * b[j+1], then the two swap roles. When `lights` is not 0, it points at
 * `steps` packed board rows of `lightsStride` words, and bit j of row t
 * flips bit `constCol` of row j of the matrix that step t writes.
 * After the call the newest matrix is `a` when `steps` is odd, `b` when even.
 */
export function chaseSteps(
  a: usize, b: usize, stride: i32, n: i32, steps: i32, lights: usize, lightsStride: i32, constCol: i32,
): void {
  const rowBytes = <usize>stride << 3;
  let prev = a;
  let cur = b;
  for (let t = 0; t < steps; t++) {
    const light = lights != 0 ? lights + <usize>t * (<usize>lightsStride << 3) : 0;
    chaseRow(prev, cur, rowBytes, n, light, constCol);
    const swap = prev;
    prev = cur;
    cur = swap;
  }
}

/** One step: prev (P_{i-1}) becomes P_{i+1}, reading cur (P_i). */
function chaseRow(prev: usize, cur: usize, rowBytes: usize, n: i32, light: usize, constCol: i32): void {
  if (n <= 0) return;
  const constWord = <usize>(constCol >>> 6) << 3;
  const constBit = <u64>1 << <u64>(constCol & 63);
  // Rows j - 1, j and j + 1 of cur are read in one pass over the lanes; the
  // first and last rows have a single neighbour.
  for (let j = 0; j < n; j++) {
    const d = prev + <usize>j * rowBytes;
    const c = cur + <usize>j * rowBytes;
    const hasUp = j > 0;
    const hasDown = j + 1 < n;
    if (hasUp && hasDown) xor3Into(d, c - rowBytes, c, c + rowBytes, rowBytes);
    else if (hasUp) xor2Into(d, c - rowBytes, c, rowBytes);
    else if (hasDown) xor2Into(d, c, c + rowBytes, rowBytes);
    else xor1Into(d, c, rowBytes);
    if (light != 0 && ((load<u64>(light + (<usize>(j >>> 6) << 3)) >> <u64>(j & 63)) & 1) != 0) {
      store<u64>(d + constWord, load<u64>(d + constWord) ^ constBit);
    }
  }
}

/** d ^= x ^ y ^ z over `bytes` (a multiple of 16). */
@inline function xor3Into(d: usize, x: usize, y: usize, z: usize, bytes: usize): void {
  const end = d + bytes;
  // Two lanes per iteration when the row has them.
  while (d + 32 <= end) {
    v128.store(d, v128.xor(v128.load(d), v128.xor(v128.load(x), v128.xor(v128.load(y), v128.load(z)))));
    v128.store(d, v128.xor(v128.load(d, 16), v128.xor(v128.load(x, 16), v128.xor(v128.load(y, 16), v128.load(z, 16)))), 16);
    d += 32; x += 32; y += 32; z += 32;
  }
  if (d < end) v128.store(d, v128.xor(v128.load(d), v128.xor(v128.load(x), v128.xor(v128.load(y), v128.load(z)))));
}

/** d ^= x ^ y over `bytes` (a multiple of 16). */
@inline function xor2Into(d: usize, x: usize, y: usize, bytes: usize): void {
  const end = d + bytes;
  while (d < end) {
    v128.store(d, v128.xor(v128.load(d), v128.xor(v128.load(x), v128.load(y))));
    d += 16; x += 16; y += 16;
  }
}

/** d ^= x over `bytes` (a multiple of 16). */
@inline function xor1Into(d: usize, x: usize, bytes: usize): void {
  const end = d + bytes;
  while (d < end) {
    v128.store(d, v128.xor(v128.load(d), v128.load(x)));
    d += 16; x += 16;
  }
}
