#!/usr/bin/env node
// `npm test`: brings the native and JS builds up to date, runs the C tests (ctest), then the same uvu
// suite on Node, Deno and Bun, and ends with one line `N passed, N failed` summed over all of them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(label, command, args) {
  console.log(`\n=== ${label}: ${[command, ...args].join(" ")}`);
  const child = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 28,
  });
  process.stdout.write(child.stdout ?? "");
  process.stderr.write(child.stderr ?? "");
  if (child.error) console.log(`${label}: could not start: ${child.error.message}`);
  return { status: child.status, output: `${child.stdout ?? ""}${child.stderr ?? ""}` };
}

// Stale builds would test old code: both steps are incremental and quick when nothing changed.
if (!existsSync(join(root, "build", "CMakeCache.txt"))) {
  if (run("configure", "cmake", ["-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"]).status !== 0) process.exit(1);
}
if (run("native build", "cmake", ["--build", "build", "--parallel"]).status !== 0) process.exit(1);
if (run("tsc", bin("tsc"), ["-p", "tsconfig.json"]).status !== 0) process.exit(1);

const results = [];

{
  const { status, output } = run("C tests", "ctest", ["--test-dir", "build", "--output-on-failure"]);
  const m = output.match(/(\d+)% tests passed, (\d+) tests? failed out of (\d+)/);
  if (m) results.push({ name: "ctest", passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]), status });
  else results.push({ name: "ctest", passed: 0, failed: 1, status, note: "no ctest summary" });
}

const suites = [
  ["node", process.execPath, ["dist/test/node.js"]],
  ["deno", bin("deno"), [
    "run",
    "--allow-ffi",
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-env",
    "test/deno.ts",
  ]],
  ["bun", bin("bun"), ["test/bun.ts"]],
];
for (const [name, command, args] of suites) {
  const { status, output } = run(`uvu on ${name}`, command, args);
  const total = output.match(/Total:\s+(\d+)/);
  const passed = output.match(/Passed:\s+(\d+)/);
  const skipped = output.match(/Skipped:\s+(\d+)/);
  if (!total || !passed) {
    results.push({ name, passed: 0, failed: 1, status, note: "the suite did not finish" });
    continue;
  }
  const failed = Number(total[1]) - Number(passed[1]) - Number(skipped?.[1] ?? 0);
  // A crash after the summary, or a non-zero exit with all tests passed, is a failure too.
  results.push({ name, passed: Number(passed[1]), failed: failed + (failed === 0 && status !== 0 ? 1 : 0), status });
}

console.log("\n=== summary");
for (const r of results) {
  console.log(
    `${r.name.padEnd(6)} ${r.passed} passed, ${r.failed} failed (exit ${r.status})${r.note ? " — " + r.note : ""}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
