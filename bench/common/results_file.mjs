// The results file every benchmark writes, bench/results/<name>.json: its numbers plus what a table needs to say
// where they come from (date, machine, runtime versions, commit). bench/tables/main.mjs writes the tables in README.md
// and docs/ from these files only, so a table cannot drift from its run.
//
// ADA_FFI_BENCH_RESULTS=<dir> writes them elsewhere (a trial run that must not replace the committed results).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { arch, cpus, platform, release, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The layout of a results file; bench/tables/main.mjs refuses files of another (older runs wrote no versions). */
export const RESULTS_SCHEMA = 1;

export function resultsDir() {
  return process.env.ADA_FFI_BENCH_RESULTS || join(root, "bench", "results");
}

/** The machine the run measured: CPU model, logical cores, memory, OS. */
export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model?.trim() ?? "unknown",
    cores: cpu.length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    platform: platform(),
    arch: arch(),
    osRelease: release(),
  };
}

/** The commit measured, and whether the tree had changes (a table from a dirty tree says so). */
function commit() {
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" });
  if (head.status !== 0) return undefined;
  const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" });
  return { sha: head.stdout.trim(), dirty: status.stdout.trim() !== "" };
}

/** "v20.20.2" or "2.9.6" → "20.20.2". */
export const plainVersion = (v) => String(v).replace(/^v/, "");

/** Each runtime's version from its own results (every harness reports `version`). */
export function versionsOf(resultsByRuntime) {
  return Object.fromEntries(Object.entries(resultsByRuntime).map(([name, r]) => [name, plainVersion(r.version)]));
}

/**
 * Writes <results dir>/<name>.json: { schema, name, command, date, machine, versions, commit, ada, ...numbers }.
 * Returns the report and the path written (relative to the repository when inside it).
 */
export function writeResults(name, { command, versions, ...numbers }) {
  const ada = JSON.parse(readFileSync(join(root, "native", "ada_source.json"), "utf8")).version;
  const report = {
    schema: RESULTS_SCHEMA,
    name,
    command,
    date: new Date().toISOString(),
    machine: machine(),
    versions,
    commit: commit(),
    ada,
    ...numbers,
  };
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  const shown = relative(root, file);
  return { report, file: shown.startsWith("..") ? file : shown };
}
