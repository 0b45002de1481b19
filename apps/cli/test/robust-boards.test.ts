// Board flags with JSON boards, rule names and offsets, seeds, BOMs: the
// answer is the asked question's, or the run stops with a clear line.
import { tmpdir } from "node:os";
import { gridBoard, randomPuzzle } from "@lightsout/core";
import { describe, expect, it } from "vitest";
import { cli, errorLine } from "./_robust-io.js";

const PLUS: [number, number][] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];
const KING: [number, number][] = [...PLUS, [-1, -1], [-1, 1], [1, -1], [1, 1]];

/** Lights after pressing `presses` on a rows x cols grid, by plain loops (itself and the offsets). */
function press(
  rows: number,
  cols: number,
  torus: boolean,
  offsets: [number, number][],
  lights: number[],
  presses: number[],
) {
  const out = lights.slice();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses[r * cols + c]) continue;
      out[r * cols + c]! ^= 1;
      for (const [dr, dc] of offsets) {
        let rr = r + dr;
        let cc = c + dc;
        if (torus) {
          rr = (rr + rows) % rows;
          cc = (cc + cols) % cols;
        } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
        out[rr * cols + cc]! ^= 1;
      }
    }
  }
  return out;
}

const digits = (text: string) => Array.from(text.replace(/\s/g, ""), Number);

describe("--torus and --rule with a JSON board", () => {
  const plain = JSON.stringify({ board: { kind: "grid", rows: 3, cols: 3 }, lights: ["100", "000", "000"] });
  // the lights of one press at the corner of a 3 x 3 torus: solvable there
  const torus = JSON.stringify({
    board: { kind: "grid", rows: 3, cols: 3, torus: true },
    lights: ["111", "100", "100"],
  });
  const graph = JSON.stringify({ board: { kind: "graph", vertices: 2, edges: [[0, 1]] }, lights: [1, 1] });

  it("solve refuses --torus for a JSON grid that is no torus (exit 2, naming both)", async () => {
    const ran = await cli(["solve", "-", "--torus"], plain);
    expect(ran.code).toBe(2);
    expect(errorLine(ran)).toBe(
      `lightsout: --torus conflicts with '<stdin>': its JSON board is a plane grid (no "topology"); set the topology in the file, or drop --torus`,
    );
  });

  it("solve refuses --torus for a JSON graph, and --rule for a JSON grid with another rule", async () => {
    expect(errorLine(await cli(["solve", "-", "--torus"], graph))).toMatch(/--torus conflicts .* is a graph/);
    const rule = await cli(["solve", "-", "--rule", "king"], plain);
    expect(rule.code).toBe(2);
    expect(errorLine(rule)).toBe(
      `lightsout: --rule king conflicts with '<stdin>': its JSON board has the rule plus (the default: no "rule"); set the rule in the file, or drop --rule`,
    );
    expect((await cli(["solve", "-", "--rule", "x"], graph)).code).toBe(2);
  });

  it("render refuses them too", async () => {
    const ran = await cli(["render", "-", "--torus", "--svg", "never-written.svg"], plain, tmpdir());
    expect(ran.code).toBe(2);
    expect(errorLine(ran)).toMatch(/^lightsout: --torus conflicts with '<stdin>'/);
  });

  it("flags that agree with the JSON board pass, and the answer is the torus's", async () => {
    const ran = await cli(["solve", "-", "--torus", "--rule", "plus"], torus);
    expect(ran.code).toBe(0);
    const presses = digits(ran.stdout);
    expect(press(3, 3, true, PLUS, digits("111 100 100"), presses)).toEqual(new Array(9).fill(0));
  });

  it("--topology plane is refused for a JSON torus, naming the file's topology (it was ignored: the torus's answer)", async () => {
    const json = JSON.stringify({
      board: { kind: "grid", rows: 3, cols: 3, torus: true },
      lights: ["100", "000", "000"],
    });
    for (const command of [
      ["solve", "-", "--json"],
      ["render", "-", "--svg", "never-written.svg"],
    ]) {
      const ran = await cli([...command, "--topology", "plane"], json, tmpdir());
      expect(ran.code).toBe(2);
      expect(ran.stdout).toBe("");
      expect(errorLine(ran)).toBe(
        `lightsout: --topology plane conflicts with '<stdin>': its JSON board is a torus grid; set the topology in the file, or drop --topology plane`,
      );
    }
    const projective = JSON.stringify({
      board: { kind: "grid", rows: 2, cols: 2, topology: "projective" },
      lights: [1, 1, 1, 1],
    });
    expect(errorLine(await cli(["solve", "-", "--topology", "plane"], projective))).toMatch(
      /--topology plane conflicts with '<stdin>': its JSON board is a projective grid;/,
    );
    expect(errorLine(await cli(["solve", "-", "--topology", "plane"], graph))).toMatch(
      /--topology plane conflicts with '<stdin>': its JSON board is a graph \(no topology\)/,
    );
    expect(errorLine(await cli(["solve", "-", "--topology", "torus"], plain))).toMatch(
      /--topology torus conflicts with '<stdin>': its JSON board is a plane grid/,
    );
  });

  it('--topology plane agrees with a JSON grid without a topology, or with "topology": "plane"', async () => {
    const explicit = JSON.stringify({
      board: { kind: "grid", rows: 3, cols: 3, topology: "plane" },
      lights: ["100", "000", "000"],
    });
    const expected = await cli(["solve", "-"], plain);
    expect(expected.code).toBe(0);
    expect(await cli(["solve", "-", "--topology", "plane"], plain)).toEqual(expected);
    expect(await cli(["solve", "-", "--topology", "plane"], explicit)).toEqual(expected);
  });

  it("--rule compares the offsets as sets: order, repeats and 0,0 do not make another rule", async () => {
    const offsets = JSON.stringify({
      board: {
        kind: "grid",
        rows: 3,
        cols: 3,
        rule: {
          offsets: [
            [1, 0],
            [0, 1],
          ],
        },
      },
      lights: ["110", "100", "000"],
    });
    const expected = await cli(["solve", "-"], offsets);
    expect(expected.code).toBe(0);
    for (const rule of ["0,1;1,0", "1,0;0,1;0,1", "0,0;0,1;1,0"]) {
      expect(await cli(["solve", "-", "--rule", rule], offsets), rule).toEqual(expected);
    }
    // a named rule is its offsets
    expect((await cli(["solve", "-", "--rule", "0,1;0,-1;1,0;-1,0"], plain)).code).toBe(0);
    const other = await cli(["solve", "-", "--rule", "0,1;-1,0"], offsets);
    expect(other.code).toBe(2);
    expect(errorLine(other)).toBe(
      `lightsout: --rule 0,1;-1,0 conflicts with '<stdin>': its JSON board has the rule 1,0;0,1; set the rule in the file, or drop --rule`,
    );
  });

  it("text boards take the flags: the king torus answer switches the board off", async () => {
    const ran = await cli(["solve", "-", "--torus", "--rule", "king"], "1000\n0000\n0010\n0000\n");
    expect(ran.code).toBe(0);
    const lights = digits("1000 0000 0010 0000");
    expect(press(4, 4, true, KING, lights, digits(ran.stdout))).toEqual(new Array(16).fill(0));
  });
});

describe("--rule names and offsets", () => {
  for (const name of ["constructor", "__proto__", "toString"]) {
    it(`--rule ${name} is a usage error listing the rules`, async () => {
      const ran = await cli(["solve", "-", "--rule", name], "11\n11\n");
      expect(ran.code).toBe(2);
      expect(errorLine(ran)).toBe(
        `lightsout: --rule expected plus, x, king, knight, or offsets dr,dc separated by ';' (like '-1,0;1,0;0,-1;0,1', the plus rule, or '0,1;0,-1' for left and right only), got '${name}'`,
      );
    });

    it(`a JSON board with rule ${name} is bad input listing the rules`, async () => {
      const json = JSON.stringify({ board: { kind: "grid", rows: 1, cols: 2, rule: name }, lights: [1, 1] });
      const ran = await cli(["solve", "-"], json);
      expect(ran.code).toBe(1);
      expect(errorLine(ran)).toMatch(/expected plus, x, king, knight or \{ offsets \}/);
    });
  }

  it("--rule '' and malformed offsets say what a rule looks like, with an example", async () => {
    for (const rule of ["", " ", ";", "1;0", "up"]) {
      const ran = await cli(["quiet", "--rows", "2", "--cols", "2", "--rule", rule]);
      expect(ran.code, rule).toBe(2);
      expect(errorLine(ran)).toMatch(
        /^lightsout: --rule expected plus, x, king, knight, or offsets dr,dc separated by ';' \(like '-1,0;1,0;0,-1;0,1', the plus rule.*\), got '/,
      );
    }
  });

  it("--rule '9007199254740993,0' is refused, quoting the digits as typed", async () => {
    const ran = await cli(["solve", "-", "--rule", "9007199254740993,0"], "11\n11\n");
    expect(ran.code).toBe(2);
    expect(errorLine(ran)).toBe(
      `lightsout: --rule offset expected an integer in -268435456..268435456, got "9007199254740993"`,
    );
  });

  it("quiet and random refuse it the same way", async () => {
    for (const command of ["quiet", "random"]) {
      const ran = await cli([command, "--rows", "2", "--cols", "2", "--rule", "0,9007199254740993"]);
      expect(ran.code).toBe(2);
      expect(errorLine(ran)).toMatch(/--rule offset expected an integer in -268435456\.\.268435456/);
    }
  });
});

describe("seeds: any safe integer, negative ones included, as the library takes them", () => {
  it("random --seed -5 prints the library's randomPuzzle with seed -5", async () => {
    const ran = await cli(["random", "--rows", "4", "--cols", "5", "--seed", "-5"]);
    expect(ran.code).toBe(0);
    expect(digits(ran.stdout)).toEqual(Array.from(randomPuzzle(gridBoard(4, 5), { seed: -5 })));
  });

  it("rank --random takes a negative seed and prints it", async () => {
    const ran = await cli(["rank", "--random", "16", "--seed", "-1"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^seed -1$/m);
  });

  it("a seed beyond 2^53 or not an integer is a usage error", async () => {
    for (const seed of ["9007199254740993", "1.5", "x"]) {
      const ran = await cli(["random", "--rows", "2", "--cols", "2", "--seed", seed]);
      expect(ran.code).toBe(2);
      expect(errorLine(ran)).toBe(`lightsout: --seed expected an integer with |s| < 2^53, got '${seed}'`);
    }
  });
});

describe("a UTF-8 byte order mark is read past by every command", () => {
  it("solve, rank and judge read a board or matrix after a BOM", async () => {
    const solve = await cli(["solve", "-"], "\uFEFF11\n10\n");
    expect(solve.code).toBe(0);
    expect(press(2, 2, false, PLUS, [1, 1, 1, 0], digits(solve.stdout))).toEqual([0, 0, 0, 0]);
    const json = await cli(
      ["solve", "-", "--json"],
      `\uFEFF${JSON.stringify({ board: { kind: "grid", rows: 1, cols: 1 }, lights: [1] })}`,
    );
    expect(JSON.parse(json.stdout).presses).toEqual(["1"]);
    const rank = await cli(["rank", "-"], "\uFEFF110\n011\n");
    expect(rank.stdout).toMatch(/^rank 2$/m);
    const judge = await cli(["judge", "poj3279", "-"], "\uFEFF1 3\n1 1 1\n");
    expect(judge.code).toBe(0);
    expect(judge.stdout).toBe("0 1 0\n");
  });
});

describe("bytes that are not UTF-8: an error at their line and column in every command, never dropped", () => {
  const withByte = (before: string, byte: number, after: string) =>
    Uint8Array.from([...Buffer.from(before), byte, ...Buffer.from(after)]);

  it("solve reads '1 0x9B 1' as an error at 1:2, not as the board 11 (exit 1)", async () => {
    for (const [input, states, byte] of [
      [withByte("1", 0x9b, "1\n"), "2", "0x9B"],
      [Uint8Array.from([0x31, 0x80, 0x80, 0x80, 0x0a]), "3", "0x80"],
    ] as const) {
      const ran = await cli(["solve", "-", "--states", states], input);
      expect(ran.code).toBe(1);
      expect(errorLine(ran)).toBe(
        `lightsout: <stdin>:1:2: expected a light 0..${Number(states) - 1} or . (no cell), got byte ${byte}`,
      );
    }
    const alone = await cli(["solve", "-"], Uint8Array.from([0x9b, 0x0a]));
    expect(errorLine(alone)).toBe("lightsout: <stdin>:1:1: expected a light 0..1 or . (no cell), got byte 0x9B");
  });

  it("rank (any modulus, MatrixMarket) and judge name the byte the same way", async () => {
    const dense = await cli(["rank", "-", "--field", "3"], withByte("12\n2", 0x9b, "\n"));
    expect(errorLine(dense)).toBe("lightsout: <stdin>:2:2: expected a digit 0..2, got byte 0x9B");
    const judge = await cli(["judge", "poj3279", "-"], withByte("1 1\n", 0xff, "\n"));
    expect(errorLine(judge)).toBe(
      "lightsout: <stdin>:2:1: expected the light at row 1, column 1 (0 or 1), got byte 0xFF",
    );
    const control = await cli(["solve", "-"], "10\n1\u001b\n");
    expect(errorLine(control)).toBe("lightsout: <stdin>:2:2: expected a light 0..1 or . (no cell), got U+001B");
  });
});
