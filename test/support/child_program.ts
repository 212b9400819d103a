/**
 * Programs run in a child process of the current runtime (Deno with --allow-all unless told otherwise): for what
 * must not happen in the test process itself (a global install, a failed load, a crash).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import * as assert from "uvu/assert";
import type { Runtime } from "./entries.ts";

export interface ChildOptions {
  /** Variables added to this process's environment for the child; one set to undefined is left out. */
  env?: Record<string, string | undefined>;
  /** The runtime's own flags, before the script (Deno's after `run`; by default --allow-all there, none elsewhere). */
  flags?: string[];
}

export interface ChildRun {
  status: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the program `source(dir)` returns in a child process, in `dir`, a scratch folder removed afterwards; a child
 * still running after 60 s is killed.
 */
export function runChild(runtime: Runtime, source: (dir: string) => string, options: ChildOptions = {}): ChildRun {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-child-"));
  try {
    const script = join(dir, runtime === "node" ? "program.mjs" : "program.ts");
    writeFileSync(script, source(dir));
    const flags = options.flags ?? (runtime === "deno" ? ["--allow-all"] : []);
    const args = runtime === "deno" ? ["run", ...flags, script] : [...flags, script];
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...options.env })) if (v !== undefined) env[k] = v;
    const run = spawnSync(process.execPath, args, { env, encoding: "utf8", cwd: dir, timeout: 60_000 });
    return { status: run.status, signal: run.signal, stdout: `${run.stdout}`, stderr: `${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** runChild for a program that prints its answer as JSON on a `RESULT ` line: that answer. */
export function runProgram(runtime: Runtime, source: (dir: string) => string): Record<string, unknown> {
  const run = runChild(runtime, source);
  const line = run.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  assert.ok(line, `${run.stdout}${run.stderr}`);
  return JSON.parse(line!.slice(7));
}
