// A small, fast, seeded generator (xoshiro128**, seeded through splitmix32).
// Both engines fill matrices through it, so a seed means the same matrix
// everywhere: in tests, in the CLI and in the browser.

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Returns a generator of uniform 32-bit unsigned integers for `seed`. */
export function xoshiro128(seed: number): () => number {
  const init = splitmix32(seed ^ Math.floor(seed / 2 ** 32));
  let a = init(),
    b = init(),
    c = init(),
    d = init();
  if ((a | b | c | d) === 0) a = 1;
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
