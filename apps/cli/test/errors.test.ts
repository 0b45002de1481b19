import { describe, expect, it } from "vitest";
import { CliError, describeFailure, inputError, oneLine, usageError } from "../src/errors.js";

describe("describeFailure", () => {
  it("passes user errors through with their exit code", () => {
    expect(describeFailure(usageError("--n expected 1, got 2"))).toEqual({
      message: "--n expected 1, got 2",
      exitCode: 2,
    });
    expect(describeFailure(inputError("a.txt:1:1: bad"))).toEqual({ message: "a.txt:1:1: bad", exitCode: 1 });
    const cause = new RangeError("too big");
    expect(new CliError("x", 1, cause).cause).toBe(cause);
  });

  it("never shows a raw WebAssembly trap", () => {
    // The lib settings leave out the WebAssembly typings; the runtime has them.
    const wasm = (globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }).WebAssembly;
    const { message, exitCode } = describeFailure(new wasm.RuntimeError("unreachable"));
    expect(message).toBe(
      "unexpected error: the WebAssembly kernel stopped (unreachable) (set LIGHTSOUT_DEBUG=1 for details)",
    );
    expect(exitCode).toBe(1);
  });

  it("turns anything else into one 'unexpected error' line", () => {
    expect(describeFailure(new TypeError("x is\nnot a function")).message).toBe(
      "unexpected error: TypeError: x is not a function (set LIGHTSOUT_DEBUG=1 for details)",
    );
    expect(describeFailure("a string").message).toBe("unexpected error: a string (set LIGHTSOUT_DEBUG=1 for details)");
  });
});

describe("oneLine", () => {
  it("joins lines with single spaces", () => {
    expect(oneLine("error: a\n(Did you mean b?)\r\n")).toBe("error: a (Did you mean b?)");
  });
});
