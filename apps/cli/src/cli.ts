#!/usr/bin/env node
/**
 * The `lightsout` executable: the program of `main.ts` on the process's own
 * streams, with last-resort handlers for what escapes a command.
 *
 * Under a limit on address space (`ulimit -v`) too small for V8's default
 * WebAssembly memories it first restarts itself, once, with Node flags that
 * fit (see `address-space.ts`); without a limit it only reads
 * `/proc/self/limits`. The program itself is imported only after that, so a
 * restarting process loads nothing it does not use.
 *
 * @module
 */
import { addressSpaceInUse, addressSpaceLimit, NO_TRAP_HANDLER, restartFlags } from "./address-space.js";

/** Signals passed on to the restarted process (a terminal's Ctrl+C reaches both anyway). */
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

const flags = await flagsToRestartWith();
if (flags === undefined) {
  const { installProcessHandlers, runCli } = await import("./main.js");
  installProcessHandlers();
  process.exitCode = await runCli(process.argv.slice(2));
} else {
  await restart(flags);
}

/** Node flags to restart with under an address-space limit, or undefined to run here. */
async function flagsToRestartWith(): Promise<string[] | undefined> {
  const limit = addressSpaceLimit();
  if (limit === undefined) return undefined;
  const { availableParallelism } = await import("node:os");
  return restartFlags({
    limit,
    inUse: addressSpaceInUse() ?? 0,
    cores: availableParallelism(),
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
    flagKnown: process.allowedNodeEnvironmentFlags.has(NO_TRAP_HANDLER),
  });
}

/**
 * Runs this script again in a child Node with `flags` and the same
 * arguments, streams and environment (plus `MALLOC_ARENA_MAX=2` unless set:
 * glibc's 64 MiB arena per thread would otherwise eat the limit), passes
 * signals on, and ends as the child did: its exit code, or its signal.
 */
async function restart(flags: string[]): Promise<void> {
  const [{ spawn }, { constants }] = await Promise.all([import("node:child_process"), import("node:os")]);
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
  const args = [...process.execArgv, ...flags, process.argv[1]!, ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: "inherit", env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | Error>((resolve) => {
    child.once("error", resolve);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  for (const signal of FORWARDED) process.off(signal, forward);
  if (ended instanceof Error) {
    process.stderr.write(
      `lightsout: cannot restart Node with ${flags.join(" ")} for the address-space limit: ${ended.message}\n`,
    );
    process.exitCode = 1;
  } else if (ended.signal !== null) {
    // as the shell reports a signal, should this process outlive its own (one Node ignores)
    process.exitCode = 128 + (constants.signals[ended.signal] ?? 0);
    process.kill(process.pid, ended.signal);
  } else {
    process.exitCode = ended.code ?? 1;
  }
}
