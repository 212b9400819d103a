/**
 * Runs a program in a child process of the current runtime (Deno with --allow-all) and returns the JSON it
 * printed on its `RESULT ` line: for what must not happen in the test process itself (a global install).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import * as assert from "uvu/assert";
import type { Runtime } from "./entries.ts";

/** `source(dir)` gets a scratch folder the program may use; the folder is removed afterwards. */
export function runProgram(runtime: Runtime, source: (dir: string) => string): Record<string, unknown> {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-child-"));
  try {
    const script = join(dir, runtime === "node" ? "program.mjs" : "program.ts");
    writeFileSync(script, source(dir));
    const args = runtime === "deno" ? ["run", "--allow-all", script] : [script];
    const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000 });
    const line = `${run.stdout}`.split("\n").find((l) => l.startsWith("RESULT "));
    assert.ok(line, `${run.stdout}${run.stderr}`);
    return JSON.parse(line!.slice(7));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
