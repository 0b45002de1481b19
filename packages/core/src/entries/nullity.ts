/**
 * `@lightsout/core/nullity`: nullities of grid and torus boards from
 * polynomials over GF(2), one board or a sweep over many on worker threads.
 *
 * @module
 */
export { GF2Poly } from "../poly/gf2poly.js";
export type { PolyGcdOptions } from "../poly/gf2poly.js";
export { sequencePolynomial } from "../poly/sequence.js";
export { gridNullity, squareNullity, torusNullity } from "../poly/nullity.js";
export type { NullityOptions } from "../poly/nullity.js";
export { nullitySweep, shardBounds, sweepSize } from "../poly/sweep.js";
export type { NullityResult, NullitySweep, SweepOptions, SweepWorker } from "../poly/sweep.js";
export { serveNullityTasks } from "../poly/sweep-task.js";
