// The batch recipes of docs/BATCH.md, run on this machine with local
// workers: GNU parallel (docs/batch/nullity-parallel.sh, and the same jobs
// from plain Node child processes so the logic is tested even without
// parallel), a Slurm job array (docs/batch/nullity-slurm.sh run once per
// array task with the variables sbatch sets) and a Kubernetes indexed Job
// (the command of docs/batch/nullity-job.yaml run once per completion index,
// with Kubernetes' own expansion of $(NAME) and $$). Each reassembles the
// single run; killed or lost shards resume.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, cleanEnv, cli, requireBuild, SQUARE_1_300, spawnRun } from "./_batch-io.js";
import { tempDirsOfFile } from "./_temp.js";

const BATCH = fileURLToPath(new URL("../../../docs/batch/", import.meta.url));
const SQUARES = SQUARE_1_300.map((k, i) => `${i + 1} ${k}\n`).join("");

/** The repository's root, where the README's `export PATH=...` line is run. */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** What the README says puts `lightsout` on the PATH from a clone, run from the root. */
const README_PATH_LINE = 'export PATH="$PWD/node_modules/.bin:$PATH"';

/**
 * A fresh folder to run a recipe in, with the PATH the README gives a
 * clone: `lightsout` is the command pnpm links for the root's dependency
 * on @lightsout/cli, not a shim of the test's own.
 */
function workspace(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = batchDir("lightsout-batch-");
  return { dir, env: cleanEnv({ PATH: `${join(ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` }) };
}

describe("lightsout on the PATH from a clone (README)", () => {
  it("the README's line puts the built CLI on the PATH: lightsout runs in another folder", async () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(README_PATH_LINE);
    const bin = join(ROOT, "node_modules", ".bin", "lightsout");
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run 'pnpm install' at the root (it links the CLI)`);
    const dir = mkdtempSync(join(tmpdir(), "lightsout-path-"));
    const script = `cd '${ROOT}' && ${README_PATH_LINE} && cd '${dir}' && printf '11\\n11\\n' | lightsout solve -`;
    const ran = await spawnRun("bash", ["-c", script], { cwd: dir, env: cleanEnv({}) });
    expect(ran).toEqual({ code: 0, stdout: "11\n11\n", stderr: "" });
    rmSync(dir, { recursive: true, force: true });
  });
});

/** The shard files of a folder in name order, concatenated (`cat parts/nullity-*.txt`). */
const catParts = (dir: string) =>
  readdirSync(dir)
    .filter((name) => /^nullity-.*\.txt$/.test(name))
    .sort()
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .join("");

/** Damages a finished run as a crash would: one shard cut mid-line, one lost, one never written. */
function damage(parts: string, names: string[]): void {
  const [cut, lost, empty] = names.map((name) => join(parts, name));
  truncateSync(cut!, Math.floor(readFileSync(cut!).length / 2) + 1);
  rmSync(lost!);
  writeFileSync(empty!, "");
}

beforeAll(requireBuild);
const batchDir = tempDirsOfFile();

describe("GNU parallel recipe", () => {
  /** Whether `parallel` runs, installing Debian's package when missing and apt works; else why not. */
  let parallelMissing: string | undefined;
  beforeAll(() => {
    const has = () => spawnSync("parallel", ["--version"], { stdio: "ignore" }).status === 0;
    if (has()) return;
    const apt = (args: string[]) =>
      spawnSync("apt-get", args, {
        stdio: "ignore",
        timeout: 300_000,
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    if (process.getuid?.() === 0 && apt(["--version"]).status === 0) {
      const install = ["install", "-y", "-q", "--no-install-recommends", "parallel"];
      if (apt(install).status !== 0 && apt(["update", "-q"]).status === 0) apt(install);
    }
    if (!has())
      parallelMissing = "GNU parallel is not installed and could not be installed with apt-get (not root, or no apt)";
  }, 600_000);

  it("docs/batch/nullity-parallel.sh: the shards reassemble the sweep, and a rerun repairs lost shards", async (context) => {
    if (parallelMissing !== undefined) {
      console.warn(`skipped: ${parallelMissing}; the Node equivalent below still runs`);
      context.skip();
    }
    const { dir, env } = workspace();
    const script = join(BATCH, "nullity-parallel.sh");
    const run = () =>
      spawnRun("bash", [script, "12", "--from", "1", "--to", "300"], { cwd: dir, env: { ...env, JOBS: "2" } });
    const first = await run();
    expect([first.code, first.stderr]).toEqual([0, ""]);
    expect(first.stdout).toBe(SQUARES);
    expect(readdirSync(join(dir, "parts")).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `nullity-${String(i + 1).padStart(2, "0")}.txt`),
    );
    damage(join(dir, "parts"), ["nullity-03.txt", "nullity-07.txt", "nullity-12.txt"]);
    const again = await run();
    expect([again.code, again.stderr, again.stdout]).toEqual([0, "", SQUARES]);
    // a failing job stops the run with its message and no merged output
    const bad = await spawnRun("bash", [script, "4", "--from", "1", "--to", "0"], { cwd: dir, env });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("lightsout: --to expected an integer in 1..1073741824, got '0'");
  });

  it("the same jobs from plain Node child processes (2 at a time) reassemble the sweep, and rerun after damage", async () => {
    const { dir, env } = workspace();
    const args = ["nullity", "--rows", "1..12", "--cols", "1..30", "--json"];
    const k = 9;
    const jobs = async () => {
      const queue = Array.from({ length: k }, (_, i) => String(i + 1).padStart(String(k).length, "0"));
      const worker = async () => {
        for (let shard = queue.shift(); shard !== undefined; shard = queue.shift()) {
          const result = await spawnRun(
            process.execPath,
            [CLI, ...args, "--workers", "1", "--shard", `${shard}/${k}`, "--output", `parts/nullity-${shard}.txt`],
            { cwd: dir, env },
          );
          expect([shard, result.code, result.stderr]).toEqual([shard, 0, ""]);
        }
      };
      await Promise.all([worker(), worker()]);
    };
    mkdirSync(join(dir, "parts"));
    await jobs();
    const whole = (await cli(args)).stdout;
    expect(catParts(join(dir, "parts"))).toBe(whole);
    damage(join(dir, "parts"), ["nullity-1.txt", "nullity-5.txt", "nullity-9.txt"]);
    await jobs();
    expect(catParts(join(dir, "parts"))).toBe(whole);
    // and the lines are the 12 x 30 table, symmetric where it overlaps its transpose
    const table = new Map(
      whole
        .trim()
        .split("\n")
        .map((line) => {
          const { m, n, nullity } = JSON.parse(line) as { m: number; n: number; nullity: number };
          return [`${m} ${n}`, nullity];
        }),
    );
    expect(table.size).toBe(12 * 30);
    for (let m = 1; m <= 12; m++) {
      expect(table.get(`${m} ${m}`)).toBe(SQUARE_1_300[m - 1]);
      for (let n = 1; n <= 12; n++) expect(table.get(`${m} ${n}`)).toBe(table.get(`${n} ${m}`));
    }
  });
});

describe("Slurm job array recipe (docs/batch/nullity-slurm.sh)", () => {
  const script = join(BATCH, "nullity-slurm.sh");
  const text = readFileSync(script, "utf8");
  const k = Number(/^#SBATCH --array=1-(\d+)$/m.exec(text)?.[1]);
  const cpus = /^#SBATCH --cpus-per-task=(\d+)$/m.exec(text)?.[1];

  /** The variables sbatch sets for array task `id` of an array with indices `ids`. */
  const slurmEnv = (id: number, ids: number[]) => ({
    SLURM_JOB_ID: String(1000 + id),
    SLURM_ARRAY_JOB_ID: "1000",
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(Math.min(...ids)),
    SLURM_ARRAY_TASK_MAX: String(Math.max(...ids)),
    SLURM_ARRAY_TASK_COUNT: String(ids.length),
    SLURM_ARRAY_TASK_STEP: "1",
    SLURM_CPUS_PER_TASK: cpus ?? "1",
  });

  it("declares an array 1-K and the cores each task uses", () => {
    expect(k).toBeGreaterThan(1);
    expect(cpus).toBeDefined();
  });

  it("tasks 1..K reassemble the sweep; a requeued task resumes; a resubmitted subset (SHARDS=K) repairs lost shards", async () => {
    const { dir, env } = workspace();
    const all = Array.from({ length: k }, (_, i) => i + 1);
    const task = (id: number, ids: number[], extra: Record<string, string> = {}) =>
      spawnRun("bash", [script, "--from", "1", "--to", "300"], {
        cwd: dir,
        env: { ...env, ...slurmEnv(id, ids), ...extra },
      });
    for (const id of all) {
      const result = await task(id, all);
      expect([id, result.code, result.stdout]).toEqual([id, 0, ""]);
      expect(result.stderr).toContain(`lightsout: shard ${id}/${k} (SLURM_ARRAY_TASK_ID=${id}): `);
    }
    expect(catParts(join(dir, "parts"))).toBe(SQUARES);
    // requeue after preemption: the same task again, its file cut mid-line
    truncateSync(join(dir, "parts", "nullity-00002.txt"), 7);
    expect((await task(2, all)).code).toBe(0);
    expect(catParts(join(dir, "parts"))).toBe(SQUARES);
    // sbatch --array=5,9 --export=ALL,SHARDS=K after losing shards 5 and 9
    for (const lost of [5, 9]) rmSync(join(dir, "parts", `nullity-0000${lost}.txt`));
    for (const id of [5, 9]) {
      const result = await task(id, [5, 9], { SHARDS: String(k) });
      expect([id, result.code]).toEqual([id, 0]);
    }
    expect(catParts(join(dir, "parts"))).toBe(SQUARES);
    // without SHARDS the subset cannot know K: the task fails, writing nothing
    const unsure = await task(5, [5, 9]);
    expect(unsure.code).toBe(2);
    expect(unsure.stderr).toContain("lightsout: --shard auto expected a Slurm array 1-K");
  });
});

/**
 * The items of the block sequence under `key:` in a YAML text, as the
 * manifest writes them: plain or single-quoted scalars, one per `- ` line.
 */
function blockSequence(yaml: string, key: string): string[] {
  const lines = yaml.split("\n");
  const at = lines.findIndex((line) => line.trimEnd().endsWith(` ${key}:`));
  const items: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^ +- (.*)$/.exec(line)?.[1];
    if (item === undefined) break;
    items.push(item.startsWith("'") ? item.slice(1, -1).replaceAll("''", "'") : item);
  }
  return items;
}

describe("Kubernetes indexed Job recipe (docs/batch/nullity-job.yaml)", () => {
  const manifest = readFileSync(join(BATCH, "nullity-job.yaml"), "utf8");
  const completions = Number(/^ {2}completions: (\d+)$/m.exec(manifest)?.[1]);
  const command = blockSequence(manifest, "command");

  /** Kubernetes' expansion of a command word: $(NAME) of a variable the container has, $$ to $. */
  const expand = (word: string, env: Record<string, string>) =>
    word.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (all, name: string | undefined) =>
      name === undefined ? "$" : (env[name] ?? all),
    );

  it("is an indexed Job whose --shard auto/K matches its completions", () => {
    expect(manifest).toMatch(/^ {2}completionMode: Indexed$/m);
    expect(command.slice(0, 2)).toEqual(["sh", "-c"]);
    expect(command[2]).toContain(`--shard auto/${completions}`);
  });

  it("pods 0..K-1 reassemble the sweep; a restarted pod resumes its file", async () => {
    const { dir, env } = workspace();
    // the manifest's sweep, made small enough for a test
    const line = command[2]!.replace("--from 1 --to 100000", "--from 1 --to 300");
    expect(line).not.toBe(command[2]);
    const pod = (index: number) => {
      const podEnv = { ...env, JOB_COMPLETION_INDEX: String(index) } as Record<string, string>;
      return spawnRun("sh", ["-c", expand(line, podEnv)], { cwd: dir, env: podEnv });
    };
    for (let index = 0; index < completions; index++) {
      const result = await pod(index);
      expect([index, result.code, result.stdout]).toEqual([index, 0, ""]);
      expect(result.stderr).toContain(`lightsout: shard ${index + 1}/${completions} (JOB_COMPLETION_INDEX=${index}): `);
    }
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith("nullity-"))
        .sort()[0],
    ).toBe("nullity-00001.txt");
    expect(catParts(dir)).toBe(SQUARES);
    truncateSync(join(dir, "nullity-00003.txt"), 3);
    expect((await pod(2)).code).toBe(0);
    expect(catParts(dir)).toBe(SQUARES);
    // a pod beyond K (completions raised without --shard auto/K) fails instead of leaving a gap unnoticed
    const extra = await pod(completions);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain(`expected JOB_COMPLETION_INDEX in 0..${completions - 1}`);
  });
});
