// The banded route through the CLI: all-on boards that the dense press
// matrix cannot hold (tori, the king rule, a disk mask), each solved by
// `lightsout solve --json` in a child process and its presses checked here
// with plain loops. Reports wall time and the child's CPU time (user +
// system): on a machine shared with other work the wall time can be several
// times the CPU time, which is what the board costs.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withCli } from "./cli.js";
import { fmtMs } from "./stats.js";

export interface BandedCase {
  name: string;
  /** Rows of the board: '1' a lit cell, '.' no cell. */
  rows: string[];
  torus: boolean;
  rule: "plus" | "king";
  /** Light states (a press adds 1 mod states); 2 unless given. */
  states?: number;
}

export interface BandedRow {
  name: string;
  cells: number;
  /** Wall time of the whole CLI run (read, solve, write JSON). */
  ms: number;
  /** CPU time of the child, user + system. */
  cpuMs: number;
  nullity: number;
  verified: boolean;
}

export interface BandedOptions {
  quick: boolean;
  log: (line: string) => void;
}

const allOn = (m: number, n: number) => new Array<string>(m).fill("1".repeat(n));

/** A disk of diameter d in a d x d square: cells whose centre lies within d/2 of the square's centre. */
function disk(d: number): string[] {
  const mid = (d - 1) / 2;
  return Array.from({ length: d }, (_, r) =>
    Array.from({ length: d }, (_, c) => ((r - mid) ** 2 + (c - mid) ** 2 <= (d / 2) ** 2 ? "1" : ".")).join(""),
  );
}

/** The target boards; --quick keeps small ones (a smoke run). */
export function bandedCases(quick: boolean): BandedCase[] {
  if (quick) {
    return [
      { name: "torus 128 x 128", rows: allOn(128, 128), torus: true, rule: "plus" },
      { name: "king 128 x 128", rows: allOn(128, 128), torus: false, rule: "king" },
      { name: "disk d = 200", rows: disk(200), torus: false, rule: "plus" },
      { name: "torus 80 x 80, Z_3", rows: allOn(80, 80), torus: true, rule: "plus", states: 3 },
    ];
  }
  return [
    { name: "torus 512 x 512", rows: allOn(512, 512), torus: true, rule: "plus" },
    { name: "king 512 x 512", rows: allOn(512, 512), torus: false, rule: "king" },
    { name: "disk d = 1000", rows: disk(1000), torus: false, rule: "plus" },
    { name: "torus 1000 x 1000", rows: allOn(1000, 1000), torus: true, rule: "plus" },
    { name: "king 2000 x 2000", rows: allOn(2000, 2000), torus: false, rule: "king" },
    { name: "torus 256 x 256, Z_3", rows: allOn(256, 256), torus: true, rule: "plus", states: 3 },
  ];
}

const PLUS = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
];
const KING = [...PLUS, [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** Whether the presses bring every light to 0 (mod states), by plain loops over the neighbourhoods. */
function clears(board: BandedCase, presses: string[]): boolean {
  const m = board.rows.length;
  const n = board.rows[0]!.length;
  const k = board.states ?? 2;
  const on = (r: number, c: number) => board.rows[r]![c] !== ".";
  const lights = board.rows.map((row) => Uint32Array.from(row, (ch) => (ch === "." ? 0 : Number(ch))));
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      if (!on(r, c)) continue;
      const times = Number(presses[r]![c]);
      if (times === 0) continue;
      lights[r]![c] = (lights[r]![c]! + times) % k;
      for (const [dr, dc] of board.rule === "king" ? KING : PLUS) {
        let rr = r + dr!;
        let cc = c + dc!;
        if (board.torus) {
          rr = (rr + m) % m;
          cc = (cc + n) % n;
        } else if (rr < 0 || rr >= m || cc < 0 || cc >= n) continue;
        if (on(rr, cc)) lights[rr]![cc] = (lights[rr]![cc]! + times) % k;
      }
    }
  }
  return lights.every((row) => row.every((v) => v === 0));
}

export function runBanded(options: BandedOptions): BandedRow[] {
  return withCli(options.log, "banded", (cli, dir) => {
    const out: BandedRow[] = [];
    for (const board of bandedCases(options.quick)) {
      const file = join(dir, "board.txt");
      writeFileSync(file, `${board.rows.join("\n")}\n`);
      const flags = [
        ...(board.torus ? ["--torus"] : []),
        ...(board.rule === "king" ? ["--rule", "king"] : []),
        ...(board.states ? ["--states", String(board.states)] : []),
      ];
      // bash's `time` reports the child's CPU time beside the wall time
      const script = `TIMEFORMAT='%R %U %S'; time node "$0" solve "$1" --json ${flags.join(" ")} > "$2"`;
      const json = join(dir, "out.json");
      const run = spawnSync("bash", ["-c", script, cli, file, json], { encoding: "utf8" });
      if (run.status !== 0) throw new Error(`lightsout solve failed on ${board.name}: ${run.stderr}`);
      const [real, user, sys] = run.stderr.trim().split("\n").at(-1)!.split(" ").map(Number) as [
        number,
        number,
        number,
      ];
      const answer = JSON.parse(readFileSync(json, "utf8")) as {
        solvable: boolean;
        presses: string[];
        nullity: number;
      };
      const verified = answer.solvable && clears(board, answer.presses);
      if (!verified) throw new Error(`the presses printed for ${board.name} do not clear it`);
      const cells = board.rows.reduce((sum, row) => sum + row.split("").filter((ch) => ch !== ".").length, 0);
      const row: BandedRow = {
        name: board.name,
        cells,
        ms: real * 1000,
        cpuMs: (user + sys) * 1000,
        nullity: answer.nullity,
        verified,
      };
      out.push(row);
      options.log(
        `  ${board.name.padEnd(18)} ${String(cells).padStart(8)} cells   wall ${fmtMs(row.ms).padStart(9)}` +
          `   cpu ${fmtMs(row.cpuMs).padStart(9)}   nullity ${row.nullity}   verified`,
      );
    }
    return out;
  });
}
