// Polynomials over Z_p as coefficient arrays, lowest degree first, with no
// trailing zeros (the zero polynomial is []). Enough for building GF(p^r):
// products mod h, powers, gcd, and Rabin's irreducibility test.

import { invMod, mulMod } from "../modular/arith.js";
import { primeFactors } from "./prime.js";

export type ZPoly = number[];

export function trim(a: ZPoly): ZPoly {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0) n--;
  return n === a.length ? a : a.slice(0, n);
}

export function sub(a: ZPoly, b: ZPoly, p: number): ZPoly {
  const out = new Array<number>(Math.max(a.length, b.length)).fill(0);
  for (let i = 0; i < out.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    out[i] = d < 0 ? d + p : d;
  }
  return trim(out);
}

/** a mod b (b non-zero). */
export function rem(a: ZPoly, b: ZPoly, p: number): ZPoly {
  const out = a.slice();
  const db = b.length - 1;
  const lead = invMod(b[db]!, p);
  for (let i = out.length - 1; i >= db; i--) {
    const c = out[i]!;
    if (c === 0) continue;
    const f = mulMod(c, lead, p);
    for (let j = 0; j <= db; j++) {
      const v = out[i - db + j]! - mulMod(f, b[j]!, p);
      out[i - db + j] = v < 0 ? v + p : v;
    }
  }
  return trim(out.slice(0, Math.min(out.length, db)));
}

/** a b mod h. */
export function mulRem(a: ZPoly, b: ZPoly, h: ZPoly, p: number): ZPoly {
  if (a.length === 0 || b.length === 0) return [];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j]! + mulMod(a[i]!, b[j]!, p)) % p;
  }
  return rem(trim(out), h, p);
}

/** a^e mod h (e >= 0 a safe integer). */
export function powRem(a: ZPoly, e: number, h: ZPoly, p: number): ZPoly {
  let result: ZPoly = rem([1], h, p);
  let base = rem(a, h, p);
  while (e > 0) {
    if (e % 2 === 1) result = mulRem(result, base, h, p);
    e = Math.floor(e / 2);
    if (e > 0) base = mulRem(base, base, h, p);
  }
  return result;
}

export function gcd(a: ZPoly, b: ZPoly, p: number): ZPoly {
  let x = trim(a);
  let y = trim(b);
  while (y.length > 0) [x, y] = [y, rem(x, y, p)];
  return x;
}

/**
 * Rabin's test: a monic h of degree r >= 1 is irreducible over Z_p iff
 * x^(p^r) = x mod h and gcd(x^(p^(r/d)) - x, h) = 1 for each prime d | r.
 */
export function irreducible(h: ZPoly, p: number): boolean {
  const r = h.length - 1;
  if (r < 1) return false;
  if (r === 1) return true;
  if (h[0] === 0) return false; // divisible by x
  const x: ZPoly = [0, 1];
  // frobenius[k] = x^(p^k) mod h
  const frobenius: ZPoly[] = [rem(x, h, p)];
  for (let k = 1; k <= r; k++) frobenius.push(powRem(frobenius[k - 1]!, p, h, p));
  const diff = (k: number) => sub(frobenius[k]!, rem(x, h, p), p);
  if (diff(r).length !== 0) return false;
  for (const d of new Set(primeFactors(r))) {
    if (gcd(diff(r / d), h, p).length !== 1) return false;
  }
  return true;
}

/** "x^2+2x+1" (highest term first; "0" for zero), in the variable `v`. */
export function formatPoly(a: ZPoly, v: string): string {
  const terms: string[] = [];
  for (let k = a.length - 1; k >= 0; k--) {
    const c = a[k]!;
    if (c === 0) continue;
    if (k === 0) terms.push(String(c));
    else terms.push(`${c === 1 ? "" : c}${v}${k === 1 ? "" : `^${k}`}`);
  }
  return terms.length === 0 ? "0" : terms.join("+");
}

/**
 * Parses a sum of terms `c`, `c v`, `c*v^k`, `v^k` (spaces ignored, `+`
 * between terms, repeated powers add up) into coefficients mod p. Returns
 * undefined when the text is not of that form; a coefficient >= p is
 * reported through `tooLarge`.
 */
export function parsePoly(text: string, v: string, p: number): ZPoly | { tooLarge: string } | undefined {
  const t = text.replace(/\s+/g, "");
  if (t === "") return undefined;
  const out: number[] = [];
  const term = new RegExp(`^(?:([0-9]+)\\*?)?(${v}(?:\\^([0-9]+))?)?$`);
  for (const part of t.split("+")) {
    const m = term.exec(part);
    if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
    const c = m[1] === undefined ? 1 : Number(m[1]);
    if (c >= p) return { tooLarge: m[1]! };
    const k = m[2] === undefined ? 0 : m[3] === undefined ? 1 : Number(m[3]);
    if (!Number.isSafeInteger(k) || k > 64) return undefined;
    while (out.length <= k) out.push(0);
    out[k] = (out[k]! + c) % p;
  }
  return trim(out);
}
