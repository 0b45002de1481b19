// Slow (LIGHTSOUT_SLOW=1): the torus closed form against elimination of the
// torus press matrix for every n in 65..200 (the fast suite covers n <= 64).
import { describe, expect, it } from "vitest";
import { torusNullity } from "../src/index.js";
import { eliminatedTorusNullity } from "./_torus.js";

describe("torusNullity, slow", () => {
  it("equals elimination of the press matrix for every n in 65..200", () => {
    for (let n = 65; n <= 200; n++) expect([n, torusNullity(n)]).toEqual([n, eliminatedTorusNullity(n, n)]);
  }, 3_600_000);
});
