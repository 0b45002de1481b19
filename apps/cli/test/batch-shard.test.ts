// `nullity --shard`: shards are disjoint and cover the sweep, their outputs
// concatenated (and sorted) equal a single run; `--shard auto` reads the
// shard from a simulated Slurm job array or Kubernetes indexed job, and
// refuses missing or contradictory variables; --workers is capped.
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { cli, SQUARE_1_300 } from "./_batch-io.js";

const lines = (text: string) => text.split("\n").filter((line) => line !== "");
/** Sorts result lines by their leading numbers (m, then n), as `sort -n -k1,1 -k2,2` would. */
const byBoard = (a: string, b: string) => {
  const x = a.split(" ").map(Number);
  const y = b.split(" ").map(Number);
  return x[0]! - y[0]! || x[1]! - y[1]!;
};

describe("nullity --shard i/k", () => {
  it("shards are disjoint, cover the sweep and reassemble it, for squares and rectangles", async () => {
    const sweeps = [
      { args: ["--from", "1", "--to", "300"], size: 300 },
      { args: ["--rows", "3..17", "--cols", "1..40"], size: 15 * 40 },
      { args: ["--from", "7", "--to", "9"], size: 3 },
    ];
    for (const { args, size } of sweeps) {
      const whole = await cli(["nullity", ...args, "--workers", "1"]);
      expect(whole.code).toBe(0);
      expect(lines(whole.stdout)).toHaveLength(size);
      for (const k of [2, 7, 5 + size]) {
        const parts = [];
        for (let i = 1; i <= k; i++)
          parts.push(await cli(["nullity", ...args, "--workers", "1", "--shard", `${i}/${k}`]));
        for (const part of parts) expect([part.code, part.stderr]).toEqual([0, ""]);
        const seen = new Set<string>();
        for (const part of parts) {
          for (const line of lines(part.stdout)) {
            const board = line.split(" ").slice(0, -1).join(" ");
            expect(seen.has(board), `board ${board} in two shards of ${k}`).toBe(false);
            seen.add(board);
          }
        }
        expect(seen.size).toBe(size);
        // in order, the shards are the sweep; shuffled (as files from many machines), sorting restores it
        expect(parts.map((p) => p.stdout).join("")).toBe(whole.stdout);
        const shuffled = parts
          .map((p) => p.stdout)
          .reverse()
          .join("");
        expect(lines(shuffled).sort(byBoard)).toEqual(lines(whole.stdout));
      }
    }
  });

  it("the reassembled square sweep is the table of n x n nullities", async () => {
    const parts = [];
    for (let i = 1; i <= 4; i++) parts.push((await cli(["nullity", "1..300", "--shard", `${i}/4`])).stdout);
    expect(lines(parts.join(""))).toEqual(SQUARE_1_300.map((k, i) => `${i + 1} ${k}`));
  });
});

describe("nullity --shard auto", () => {
  const sweep = ["nullity", "--from", "1", "--to", "300", "--workers", "1"];
  const slurm = (id: number, k: number, extra: Record<string, string> = {}) => ({
    SLURM_ARRAY_JOB_ID: "4242",
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: "1",
    SLURM_ARRAY_TASK_MAX: String(k),
    SLURM_ARRAY_TASK_COUNT: String(k),
    SLURM_ARRAY_TASK_STEP: "1",
    ...extra,
  });

  it("Slurm job array 1-K: task i computes shard i/K", async () => {
    const k = 5;
    for (let i = 1; i <= k; i++) {
      const auto = await cli([...sweep, "--shard", "auto"], slurm(i, k));
      const explicit = await cli([...sweep, "--shard", `${i}/${k}`]);
      expect([auto.code, auto.stderr]).toEqual([0, ""]);
      expect(auto.stdout).toBe(explicit.stdout);
    }
    // the count may come from MIN/MAX alone
    const noCount = await cli([...sweep, "--shard", "auto"], {
      SLURM_ARRAY_TASK_ID: "2",
      SLURM_ARRAY_TASK_MIN: "1",
      SLURM_ARRAY_TASK_MAX: "3",
    });
    expect(noCount.stdout).toBe((await cli([...sweep, "--shard", "2/3"])).stdout);
  });

  it("Slurm: a resubmitted task (--array=4, or 2,4 of 1-5) computes its own shard with auto/K", async () => {
    const alone = {
      SLURM_ARRAY_TASK_ID: "4",
      SLURM_ARRAY_TASK_MIN: "4",
      SLURM_ARRAY_TASK_MAX: "4",
      SLURM_ARRAY_TASK_COUNT: "1",
    };
    const pair = {
      SLURM_ARRAY_TASK_ID: "4",
      SLURM_ARRAY_TASK_MIN: "2",
      SLURM_ARRAY_TASK_MAX: "4",
      SLURM_ARRAY_TASK_COUNT: "2",
    };
    const expected = (await cli([...sweep, "--shard", "4/5"])).stdout;
    for (const env of [alone, pair]) {
      const run = await cli([...sweep, "--shard", "auto/5"], env);
      expect([run.code, run.stderr, run.stdout]).toEqual([0, "", expected]);
      // plain auto cannot know K from a partial array: it refuses rather than guess
      const guess = await cli([...sweep, "--shard", "auto"], env);
      expect(guess.code).toBe(2);
      expect(guess.stderr).toMatch(/^lightsout: --shard auto expected a Slurm array 1-K .*pass --shard auto\/K\n$/);
    }
  });

  it("Kubernetes indexed job: JOB_COMPLETION_INDEX i of K completions computes shard i+1/K", async () => {
    for (let index = 0; index < 4; index++) {
      const auto = await cli([...sweep, "--shard", "auto/4"], { JOB_COMPLETION_INDEX: String(index) });
      expect([auto.code, auto.stderr]).toEqual([0, ""]);
      expect(auto.stdout).toBe((await cli([...sweep, "--shard", `${index + 1}/4`])).stdout);
    }
  });

  it("--progress names the shard and where it came from", async () => {
    const run = await cli([...sweep, "--shard", "auto", "--progress"], slurm(2, 3));
    expect(run.code).toBe(0);
    expect(lines(run.stderr)[0]).toMatch(
      /^lightsout: shard 2\/3 \(SLURM_ARRAY_TASK_ID=2\): \d+ boards, 1 worker, estimated \d+ s$/,
    );
    expect(lines(run.stderr).at(-1)).toMatch(/^lightsout: done: \d+ boards \(\d+ computed\) in \d+ s$/);
  });

  it("missing, contradictory or malformed variables: one line, exit 2, nothing computed", async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ["auto", {}, /expected SLURM_ARRAY_TASK_ID .* or JOB_COMPLETION_INDEX .*, got neither; pass --shard i\/k$/],
      [
        "auto",
        { PARALLEL_SEQ: "3" },
        /got neither; GNU parallel sets no shard count: pass --shard \{\}\/K with ::: \$\(seq K\)$/,
      ],
      ["auto/4", { SLURM_ARRAY_TASK_ID: "" }, /got neither/],
      ["auto", { JOB_COMPLETION_INDEX: "2" }, /JOB_COMPLETION_INDEX=2 .* gives no shard count: pass --shard auto\/K/],
      ["auto/4", { JOB_COMPLETION_INDEX: "4" }, /expected JOB_COMPLETION_INDEX in 0\.\.3 .*got 4$/],
      ["auto/4", { JOB_COMPLETION_INDEX: "-1" }, /expected JOB_COMPLETION_INDEX to be an integer >= 0, got '-1'$/],
      [
        "auto/4",
        { JOB_COMPLETION_INDEX: "1", SLURM_ARRAY_TASK_ID: "2" },
        /got both SLURM_ARRAY_TASK_ID=2 and JOB_COMPLETION_INDEX=1$/,
      ],
      ["auto", slurm(0, 4, { SLURM_ARRAY_TASK_MIN: "0" }), /expected Slurm array task ids 1\.\.K .*--array=1-K/],
      ["auto/4", slurm(3, 4, { SLURM_ARRAY_TASK_MIN: "0", SLURM_ARRAY_TASK_MAX: "3" }), /task ids 1\.\.K/],
      ["auto", slurm(5, 4), /expected consistent Slurm array variables, got SLURM_ARRAY_TASK_ID=5/],
      ["auto", slurm(2, 4, { SLURM_ARRAY_TASK_COUNT: "9" }), /expected consistent Slurm array variables/],
      ["auto", slurm(3, 7, { SLURM_ARRAY_TASK_COUNT: "4", SLURM_ARRAY_TASK_STEP: "2" }), /expected a Slurm array 1-K/],
      ["auto/4", slurm(3, 6), /expected Slurm array task ids within 1\.\.4/],
      [
        "auto",
        slurm(2, 4, { SLURM_ARRAY_TASK_ID: "2x" }),
        /expected SLURM_ARRAY_TASK_ID to be an integer >= 0, got '2x'$/,
      ],
      [
        "auto/4",
        { SLURM_ARRAY_TASK_ID: "\u001b[2J", JOB_COMPLETION_INDEX: "1" },
        /expected SLURM_ARRAY_TASK_ID to be an integer >= 0, got '<U\+001B>\[2J'$/,
      ],
      ["auto/0", {}, /--shard expected auto or auto\/K with 1 <= K <= 1048576, got 'auto\/0'$/],
      ["automatic", {}, /--shard expected auto or auto\/K with 1 <= K <= 1048576, got 'automatic'$/],
      ["2/3/4", {}, /--shard expected i\/k with 1 <= i <= k \(like 1\/4\), got '2\/3\/4'$/],
      ["3", {}, /got '3'$/],
    ];
    for (const [value, env, message] of cases) {
      const run = await cli([...sweep, "--shard", value], env);
      expect([value, env, run.code, run.stdout]).toEqual([value, env, 2, ""]);
      expect(lines(run.stderr)).toHaveLength(1);
      expect(run.stderr).toMatch(/^lightsout: --shard /);
      expect(run.stderr.trimEnd()).toMatch(message);
    }
  });
});

describe("nullity --workers", () => {
  it("is capped at the cores available and at the boards to compute (said with --progress)", async () => {
    const cores = availableParallelism();
    const many = await cli(["nullity", "--from", "1", "--to", "300", "--workers", "1024", "--progress"]);
    expect(many.code).toBe(0);
    const used = Math.min(cores, 300);
    expect(lines(many.stderr)[0]).toContain(
      `, ${used} worker${used === 1 ? "" : "s"} (of 1024 asked: cores or boards)`,
    );
    const few = await cli(["nullity", "--from", "1", "--to", "1", "--workers", "8", "--progress"]);
    expect(lines(few.stderr)[0]).toContain(", 1 worker (of 8 asked: cores or boards)");
    expect(few.stdout).toBe("1 0\n");
  });
});
