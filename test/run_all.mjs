#!/usr/bin/env node
// `npm test`: brings the native and JS builds up to date (the CMake build for the C tests, and the Zig-built
// library this machine's users get, native/prebuilds/<platform>/, which the JS suites load), runs the C tests
// (ctest), then the same uvu suite on Node, Deno and Bun, and ends with one line `N passed, N failed` summed
// over all of them.
//
// With --full (or CI=true) it also runs the hardening stages: the C tests under ASan + UBSan (clang, in
// build-sanitize/), the C tests under valgrind memcheck, and the libFuzzer harness for FUZZ_SECONDS
// (default 60) from a seed corpus made of the WPT data; builds all seven prebuilt libraries and checks them
// (test/prebuilt_check.mjs: formats, exports, glibc 2.17, macOS versions; C tests under musl, qemu and Wine);
// and the npm package check (test/package_check.mjs: pack, install into an empty project, use on each
// runtime, build from source); and the types check (test/types_check.mjs: the published declarations in a user
// project per set of types, @types/node 20–26, lib.dom, none, deno check; skipLibCheck off and on); the browser
// run (test/browser_check.mjs: the WebAssembly entry in headless Chromium, WPT URL and URLPattern data); and the workerd
// check (test/workerd_check.mjs: a Worker routing with URLPatternList on `ada-ffi/wasm/module` in Cloudflare's
// workerd, its answers over loopback compared with ada-ffi's in Node and Node 26's built-in URLPattern); and the
// packaging check (test/packaging_check.mjs: the packed package in apps built by Vite, webpack, esbuild and Rollup and
// run in Chromium, in `bun build --compile` executables run alone, and under Node's --permission on Node 22, 24, 26).
// Always: deno lint, deno fmt --check, deno check and a JSR publish dry run; and the release files check
// (test/release_files_check.mjs: actionlint on the release workflow, package metadata and file list, the benchmark
// tables against their results files).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCheckSummary } from "./support/check_summary.mjs";
import { shAsync } from "./support/checks.mjs";
import { hasNodeFfi, NODE_LINES, nodeBinary } from "./support/node_lines.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);

/** The longest any one step may take (a whole CI run takes ~5 minutes here). */
const STEP_TIMEOUT_MS = 30 * 60_000;

function run(label, command, args, env = {}) {
  const shownEnv = Object.entries(env).map(([k, v]) => `${k}=${v} `).join("");
  console.log(`\n=== ${label}: ${shownEnv}${[command, ...args].join(" ")}`);
  const child = spawnSync(command, args, {
    env: { ...process.env, ...env },
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 28,
    // A hung step (seen once: Node 26's node:ffi in Workers) fails instead of holding CI to its own limit.
    timeout: STEP_TIMEOUT_MS,
  });
  process.stdout.write(child.stdout ?? "");
  process.stderr.write(child.stderr ?? "");
  const timedOut = child.error?.code === "ETIMEDOUT";
  if (child.error && !timedOut) console.log(`${label}: could not start: ${child.error.message}`);
  // A child killed by a signal has no exit status: the signal's name stands in (a crash reads "exit SIGSEGV").
  if (child.signal) console.log(`${label}: killed by ${child.signal}${timedOut ? " after 30 minutes" : ""}`);
  return {
    status: child.status ?? child.signal,
    stdout: child.stdout ?? "",
    output: `${child.stdout ?? ""}${child.stderr ?? ""}`,
  };
}

// Stale builds would test old code: both steps are incremental and quick when nothing changed.
if (!existsSync(join(root, "build", "CMakeCache.txt"))) {
  if (run("configure", "cmake", ["-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"]).status !== 0) process.exit(1);
}
if (run("native build", "cmake", ["--build", "build", "--parallel"]).status !== 0) process.exit(1);
const results = [];
// Each stage's wall time (since the previous stage ended, its builds included), shown in the summary: CI's budget is
// 45 minutes, and a first run on a machine with nothing cached spends most of it installing and building.
const started = Date.now();
let stageStarted = started;
function record(result) {
  const now = Date.now();
  results.push({ seconds: Math.round((now - stageStarted) / 1000), ...result });
  stageStarted = now;
}
const full = process.argv.includes("--full") || process.env.CI === "true";
// The shipped library for this machine (full: all seven) and the WebAssembly module; incremental, so quick when
// nothing changed. Before tsc: the sources' entries load the Wasm module from runtimes/wasm/ (tools/copy_wasm.mjs).
if (run("prebuilt libraries", process.execPath, ["native/prebuild.mjs", ...(full ? [] : ["--host"])]).status !== 0) {
  process.exit(1);
}
if (run("copy wasm", process.execPath, ["tools/copy_wasm.mjs"]).status !== 0) process.exit(1);
if (run("tsc", bin("tsc"), ["-p", "tsconfig.json"]).status !== 0) process.exit(1);
// Deno's npm entry (dist/runtimes/deno/), as the package ships it: the Wasm fallback test runs a copy of it.
if (run("tsc (Deno's npm entry)", bin("tsc"), ["-p", "tsconfig.deno.json"]).status !== 0) process.exit(1);
// The Node and Bun entries as they ship: one bundled module each (tools/bundle_entries.mjs), which the suites import.
if (run("bundle", bin("bun"), ["tools/bundle_entries.mjs"]).status !== 0) process.exit(1);

{
  const { status, output } = run("C tests", "ctest", ["--test-dir", "build", "--output-on-failure"]);
  const m = output.match(/(\d+)% tests passed, (\d+) tests? failed out of (\d+)/);
  if (m) record({ name: "ctest", passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]), status });
  else record({ name: "ctest", passed: 0, failed: 1, status, note: "no ctest summary" });
}

// The Node suite also runs on every supported Node line (test/node_lines.json: pinned official binaries from
// npm, fetched once into ~/.cache/ada-ffi), each under its own name in the summary; where a line has node:ffi,
// once more with the koffi fallback.
const nodeLines = Object.keys(NODE_LINES).flatMap((line) => {
  try {
    const binary = nodeBinary(line);
    const suite = ["--expose-gc", "dist/test/node.js"];
    return [
      [`node ${line}`, binary, suite],
      ...(hasNodeFfi(line) ? [[`node ${line} koffi`, binary, suite, { ADA_FFI_NODE_FFI: "koffi" }]] : []),
    ];
  } catch (error) {
    record({ name: `node ${line}`, passed: 0, failed: 1, status: 1, note: `no Node ${line}: ${error.message}` });
    return [];
  }
});
/** Deno's suite run with these permissions besides those every run has. */
const denoSuite = (permissions) => [
  "run",
  ...permissions,
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-env",
  "--v8-flags=--expose-gc",
  "test/deno.ts",
];
const suites = [
  // --expose-gc: the leak test forces full collections before it reads memory (Bun has Bun.gc).
  [`node ${process.versions.node.split(".")[0]}`, process.execPath, ["--expose-gc", "dist/test/node.js"]],
  ...nodeLines,
  ["deno", bin("deno"), denoSuite(["--allow-ffi"])],
  ["bun", bin("bun"), ["test/bun.ts"]],
  // The same suites on the WebAssembly backend (runtimes/wasm/), all of them on every Node line, Deno and Bun (~25 s
  // each). Deno runs without --allow-ffi: the automatic fallback, not a forced one.
  [`node ${process.versions.node.split(".")[0]} wasm`, process.execPath, ["--expose-gc", "dist/test/node.js"], {
    ADA_FFI_BACKEND: "wasm",
  }],
  ...nodeLines.filter(([name]) => !name.endsWith("koffi")).map(([name, binary, suite]) => [
    `${name} wasm`,
    binary,
    suite,
    { ADA_FFI_BACKEND: "wasm" },
  ]),
  ["deno wasm", bin("deno"), denoSuite([])],
  ["bun wasm", bin("bun"), ["test/bun.ts"], { ADA_FFI_BACKEND: "wasm" }],
];
// The URLPattern differential test compares with Node 26's built-in (ada 4.0.0 + V8) in a child process.
let referenceNode;
try {
  referenceNode = nodeBinary("26");
} catch (error) {
  record({ name: "reference node", passed: 0, failed: 1, status: 1, note: `no Node 26: ${error.message}` });
}
// Two suites at a time (ADA_FFI_TEST_JOBS): each is mostly one thread, and the machine CI runs on has two cores. Their
// time limits are stretched for it (test/support/time_limit.ts); their output is printed whole, in order.
const jobs = Math.max(1, Number(process.env.ADA_FFI_TEST_JOBS ?? 2) || 1);
const suiteRuns = suites.map(([name, command, args, env]) => () =>
  runAsync(`uvu on ${name}`, command, args, {
    ...(referenceNode ? { ADA_FFI_REFERENCE_NODE: referenceNode } : {}),
    // The suites' longer randomized runs (canonical_input.ts's mutation fuzzer).
    ...(full ? { ADA_FFI_TEST_FULL: "1" } : {}),
    ...(jobs > 1 ? { ADA_FFI_TEST_TIME_SCALE: "3" } : {}),
    ...env,
  })
);
const finished = await inParallel(suiteRuns, jobs);
for (let i = 0; i < suites.length; i++) {
  const name = suites[i][0];
  const { status, output, seconds } = finished[i];
  const total = output.match(/Total:\s+(\d+)/);
  const passed = output.match(/Passed:\s+(\d+)/);
  const skipped = output.match(/Skipped:\s+(\d+)/);
  if (!total || !passed) {
    record({ name, passed: 0, failed: 1, status, seconds, note: "the suite did not finish" });
    continue;
  }
  // uvu's Total counts the tests that ran (a test.skip is not among them, only in Skipped).
  const failed = Number(total[1]) - Number(passed[1]);
  // A crash after the summary, or a non-zero exit with all tests passed, is a failure too.
  record({
    name,
    passed: Number(passed[1]),
    failed: failed + (failed === 0 && status !== 0 ? 1 : 0),
    status,
    seconds,
    note: Number(skipped?.[1] ?? 0) > 0 ? `${skipped[1]} skipped` : undefined,
  });
}

/** Runs `tasks` (functions returning promises) `limit` at a time; their results in the tasks' order. */
async function inParallel(tasks, limit) {
  const out = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

/** run(), without waiting: its output printed whole when it ends; also its wall time in seconds. */
async function runAsync(label, command, args, env = {}) {
  const shownEnv = Object.entries(env).map(([k, v]) => `${k}=${v} `).join("");
  const started = Date.now();
  // A hung suite fails instead of holding CI to its own limit.
  const { status, signal, stdout, stderr, note } = await shAsync(command, args, {
    env,
    cwd: root,
    timeout: STEP_TIMEOUT_MS,
  });
  console.log(`\n=== ${label}: ${shownEnv}${[command, ...args].join(" ")}`);
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  if (note) console.log(`${label}: ${note}`);
  // A suite that could not start failed (1); one killed reports its signal.
  return {
    status: status ?? signal ?? 1,
    stdout,
    output: stdout + stderr,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

{
  // The Deno toolchain's own checks (the JSR package must pass them): each is one test in the summary.
  const checks = [
    ["deno lint", ["lint"]],
    ["deno fmt", ["fmt", "--check"]],
    ["deno check", [
      "check",
      "runtimes/deno/entry.ts",
      "runtimes/deno/global.ts",
      "runtimes/deno/wasm_entry.ts",
      "runtimes/deno/wasm_global.ts",
      "cli/deno.ts",
      "test/deno.ts",
      "bench/url/deno.ts",
      "bench/urlpattern/deno.ts",
      "bench/routing/deno.ts",
      "bench/search-params/deno.ts",
      "bench/routing/route_deno.ts",
    ]],
    // What npm users of Deno get: the built entries, with the types they name (ada_ffi_source.d.ts).
    ["deno check dist", ["check", "dist/runtimes/deno/entry.js", "dist/runtimes/deno/wasm_entry.js"]],
    ["jsr dry run", ["publish", "--dry-run", "--allow-dirty"]],
  ];
  let passed = 0;
  let failed = 0;
  for (const [label, args] of checks) {
    if (run(label, bin("deno"), args).status === 0) passed++;
    else failed++;
  }
  record({ name: "deno tools", passed, failed, status: failed === 0 ? 0 : 1 });
}

// A few seconds (actionlint is installed once into ~/.cache/ada-ffi); with --full, all seven libraries must be packed.
checkScript("release files", "test/release_files_check.mjs", full ? ["--all-prebuilds"] : []);

if (full) {
  hardeningStages();
  checkScript("prebuilt", "test/prebuilt_check.mjs");
  checkScript("package", "test/package_check.mjs");
  checkScript("types", "test/types_check.mjs");
  // The Wasm backend in headless Chromium (Debian's), the package served as ES modules: WPT URL and URLPattern data.
  checkScript("browser", "test/browser_check.mjs");
  checkScript("workerd", "test/workerd_check.mjs");
  // Packaged apps: browser bundles (Vite, webpack, esbuild, Rollup) in Chromium, `bun build --compile`, Node --permission.
  checkScript("packaging", "test/packaging_check.mjs");
}

/** A check script whose standard output ends with `N passed, N failed`: its counts go into the summary. */
function checkScript(name, script, args = []) {
  const { status, stdout } = run(name, process.execPath, [script, ...args]);
  record({ name, status, ...readCheckSummary({ stdout, status }) });
}

/** The C tests under ASan + UBSan and valgrind, and a time-boxed fuzz run. Each counts in the summary. */
function hardeningStages() {
  const cache = readFileSync(join(root, "build", "CMakeCache.txt"), "utf8");
  const adaDir = cache.match(/^ADA_FFI_ADA_DIR:INTERNAL=(.*)$/m)?.[1];
  const configure = [
    "-S",
    ".",
    "-B",
    "build-sanitize",
    "-DADA_FFI_SANITIZE=ON",
    "-DADA_FFI_BUILD_BENCH=OFF",
    "-DCMAKE_C_COMPILER=clang",
    "-DCMAKE_CXX_COMPILER=clang++",
    ...(adaDir ? [`-DADA_SOURCE_DIR=${adaDir}`] : []),
  ];
  const built = run("sanitizer build", "cmake", configure).status === 0 &&
    run("sanitizer build", "cmake", ["--build", "build-sanitize", "--parallel"]).status === 0;
  if (!built) {
    record({
      name: "asan",
      passed: 0,
      failed: 1,
      status: 1,
      note: "sanitizer build failed (needs clang, libclang-rt)",
    });
    return;
  }
  {
    const { status, output } = run("C tests under ASan + UBSan", "ctest", [
      "--test-dir",
      "build-sanitize",
      "--output-on-failure",
    ]);
    const m = output.match(/(\d+)% tests passed, (\d+) tests? failed out of (\d+)/);
    record(
      m
        ? { name: "asan", passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]), status }
        : { name: "asan", passed: 0, failed: 1, status, note: "no ctest summary" },
    );
  }
  {
    // Every C test case under memcheck: any error or definite/indirect leak fails it.
    const cases = readFileSync(join(root, "native", "test", "CMakeLists.txt"), "utf8")
      .match(/foreach\(name ([^)]*)\)/)[1].trim().split(/\s+/);
    let passed = 0, failed = 0;
    for (const name of cases) {
      const { status } = run(`valgrind ${name}`, "valgrind", [
        "--quiet",
        "--error-exitcode=99",
        "--leak-check=full",
        "--errors-for-leak-kinds=definite,indirect",
        join("build", "native", "test", "test_abi"),
        name,
      ]);
      if (status === 0) passed++;
      else failed++;
    }
    record({ name: "valgrind", passed, failed, status: failed === 0 ? 0 : 1 });
  }
  {
    const corpus = mkdtempSync(join(tmpdir(), "ada-ffi-corpus-"));
    try {
      run("fuzz corpus", process.execPath, ["native/fuzz/make_corpus.mjs", corpus]);
      const seconds = process.env.FUZZ_SECONDS ?? "60";
      const { status, output } = run(`fuzz ${seconds}s`, join("build-sanitize", "fuzz_abi"), [
        corpus,
        `-max_total_time=${seconds}`,
        "-timeout=10",
        "-rss_limit_mb=4096",
        "-print_final_stats=1",
        // A crashing input lands in the (ignored) build directory, not the working tree.
        `-artifact_prefix=${join("build-sanitize", "fuzz-")}`,
      ]);
      const execs = output.match(/stat::number_of_executed_units:\s*(\d+)/)?.[1];
      record({
        name: "fuzz",
        passed: status === 0 ? 1 : 0,
        failed: status === 0 ? 0 : 1,
        status,
        note: execs ? `${execs} executions` : undefined,
      });
    } finally {
      rmSync(corpus, { recursive: true, force: true });
    }
  }
}

console.log("\n=== summary");
for (const r of results) {
  console.log(
    `${r.name.padEnd(13)} ${r.passed} passed, ${r.failed} failed (exit ${r.status}, ${r.seconds} s)${
      r.note ? " — " + r.note : ""
    }`,
  );
}
console.log(`${Math.round((Date.now() - started) / 60_000)} minutes in all`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
