// Instruction counts for the A/B benchmark, from `perf stat` (Debian: linux-perf): far less noisy than time on a busy
// machine. A and B run in separate processes here (a counter counts a whole process). Each workload runs twice per
// side, `base` rounds and `base + extra` rounds (a GC before each, as in the timed runs); the difference divided by
// `extra` × URLs is the instructions one URL costs in the steady state, start-up, loading and warm-up cancelled out.
// Counted in user space (`instructions:u`), every thread (V8's compiler threads too: most of what still varies).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "../common/median.mjs";

export const PERF_EVENT = "instructions:u";

/** Why `perf stat -e <event>` cannot count here, or undefined when it can. */
export function perfUnavailable(event = PERF_EVENT) {
  const probe = spawnSync("perf", ["stat", "-x,", "-e", event, "true"], { encoding: "utf8" });
  if (probe.error) return `no perf command (${probe.error.code}; Debian: apt-get install linux-perf)`;
  const line = probe.stderr.split("\n").find((l) => l.includes(event.split(":")[0]));
  if (probe.status !== 0 || !line) return `perf stat failed: ${probe.stderr.trim().split("\n").pop()}`;
  if (/not supported|not counted/.test(line)) {
    return `perf stat reports ${event} as "${line.split(",")[0]}" (no hardware counters in this VM or container; ` +
      `kernel.perf_event_paranoid may also forbid them)`;
  }
  return undefined;
}

/** One process under `perf stat` (`env`: its whole environment): its count of `event` and how many URLs a round had. */
function count(event, [command, args, env]) {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-ab-perf-"));
  try {
    const out = join(dir, "perf.csv");
    const child = spawnSync("perf", ["stat", "-x,", "-e", event, "-o", out, "--", command, ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 26,
      env,
    });
    if (child.status !== 0 || !child.stdout.includes("AB_SINGLE ")) {
      throw new Error(
        `${command} ${args.join(" ")} under perf failed (${child.status}):\n${child.stdout}${child.stderr}`,
      );
    }
    const line = readFileSync(out, "utf8").split("\n").find((l) => l.includes(event.split(":")[0]));
    const value = Number(line?.split(",")[0]);
    if (!Number.isFinite(value)) throw new Error(`perf stat gave no count: ${line}`);
    const { urls } = JSON.parse(child.stdout.split("\n").find((l) => l.startsWith("AB_SINGLE ")).slice(10));
    return { value, urls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Instructions per URL for each side and workload: { [workload]: { A, B, ratio } }.
 * `commandFor(side, workload, rounds)` gives [command, args, env] of a single-mode run.
 */
export function instructionsPerUrl({ workloads, sides, commandFor, base, extra, repeat, event = PERF_EVENT }) {
  const result = {};
  for (const workload of workloads) {
    result[workload] = {};
    for (const side of sides) {
      const perUrl = [];
      for (let r = 0; r < repeat; r++) {
        const short = count(event, commandFor(side, workload, base));
        const long = count(event, commandFor(side, workload, base + extra));
        perUrl.push((long.value - short.value) / (extra * long.urls));
      }
      result[workload][side] = median(perUrl);
    }
    const { A, B } = result[workload];
    if (A !== undefined && B !== undefined) result[workload].ratio = B / A;
  }
  return result;
}
