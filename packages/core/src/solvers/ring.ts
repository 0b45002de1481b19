// The ring a system is solved over, chosen once from the number of light
// states k (ringOf) and passed to every driver: GF(2), whose vectors are
// bits (the bit-packed engines: BitMatrix, the banded kernel's bit lanes,
// light chasing by bit-sliced rows), or Z_k on residues 0..k-1: a field
// when k is prime (the banded kernel's residue rows take p up to
// MAX_BANDED_PRIME), any k through its prime-power parts otherwise
// (rings/zk.ts: the Chinese remainder theorem over Z_(p^e)).

import { isPrime } from "../modular/arith.js";

/**
 * Largest prime the banded kernel takes over Z_p (assembly/banded.ts):
 * (p - 1)^2 steps must fit twice in 32 bits (delayed reduction).
 */
export const MAX_BANDED_PRIME = 46_337;

/** A ring Z_k as the drivers see it. */
export interface Ring {
  /** The modulus k (the number of light states). */
  readonly k: number;
  /** GF(2) on bits (k = 2 by the bit-packed engines); false: residues mod k. */
  readonly bits: boolean;
  /** Whether the banded kernel takes it: GF(2), or a prime up to MAX_BANDED_PRIME. */
  readonly banded: boolean;
}

/**
 * The ring of k light states: GF(2) on bits for k = 2, residues mod k otherwise.
 *
 * @param k - An integer 2..2^31-1 (checked by the caller).
 * @returns The ring.
 */
export function ringOf(k: number): Ring {
  return k === 2 ? GF2_BITS : residueRing(k);
}

/** GF(2) on bits, the default ring of every solver. */
export const GF2_BITS: Ring = { k: 2, bits: true, banded: true };

/**
 * Z_k on residues, for any k >= 2 (k = 2 too: the residue engines at k = 2
 * are how tests cross-check the bit-packed ones).
 *
 * @param k - The modulus.
 * @returns The ring.
 */
export function residueRing(k: number): Ring {
  return { k, bits: false, banded: k > 2 && k <= MAX_BANDED_PRIME && isPrime(k) };
}

/** A vector of n zeros of the ring: bytes for bits, 32-bit residues otherwise. */
export function zerosOf(ring: Ring, n: number): Uint8Array | Uint32Array {
  return ring.bits ? new Uint8Array(n) : new Uint32Array(n);
}
