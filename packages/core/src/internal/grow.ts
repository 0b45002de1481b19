// Typed arrays that grow as they fill: a copy at twice the length.

/**
 * A copy of `a` in an array of twice its length (the rest zero).
 *
 * @param a - A full array.
 * @returns The longer copy.
 */
export function doubled<T extends Uint32Array | Int32Array>(a: T): T {
  const b = new (a.constructor as new (length: number) => T)(a.length * 2);
  b.set(a);
  return b;
}
