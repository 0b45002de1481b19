// Where JSON first goes wrong (io/_json-position.ts, behind the line:column
// of a bad JSON board): valid exactly when JSON.parse accepts the text, and
// at the first offset where no valid JSON can go on.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorOffset } from "../src/io/_json-position.js";

describe("jsonErrorOffset", () => {
  it("finds the first bad character of objects, arrays and their nesting", () => {
    expect(jsonErrorOffset('{"a": [1, 2, {"b": null}], "c": true}')).toBe(-1);
    expect(jsonErrorOffset(" [ ] ")).toBe(-1);
    expect(jsonErrorOffset("{}")).toBe(-1);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5); // no colon
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8); // a comma before the end: a name expected
    expect(jsonErrorOffset("[1, 2 3]")).toBe(6); // no comma
    expect(jsonErrorOffset("[1, ]")).toBe(4);
    expect(jsonErrorOffset('{"a": [1, {"b": x}]}')).toBe(16);
    expect(jsonErrorOffset("{a: 1}")).toBe(1);
    expect(jsonErrorOffset("[1] 2")).toBe(4); // text after the value
    expect(jsonErrorOffset("[")).toBe(1);
  });

  it("says valid exactly when JSON.parse does", () => {
    const pieces = [
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"b\\"c"',
      "1",
      "-2.5e3",
      "true",
      "null",
      " ",
      "\n",
      "x",
      '"',
      "-",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const text = parts.join("");
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const offset = jsonErrorOffset(text);
        expect(offset === -1).toBe(valid);
        if (!valid) expect(offset).toBeLessThanOrEqual(text.length);
      }),
      { seed: 7, numRuns: 3000 },
    );
  });
});
