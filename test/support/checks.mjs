// Shared by the check scripts (test/package_check.mjs, test/prebuilt_check.mjs, test/browser_check.mjs, …): running a command, counting
// named checks, and the closing `N passed, N failed` line that test/run_all.mjs reads.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { cacheDir } from "../../native/prebuild.mjs";

const counts = { passed: 0, failed: 0 };

/** Runs a command to its end (10 minutes at most); `out` is standard output and error together. */
export function sh(command, args, options = {}) {
  const child = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    timeout: 600_000,
    ...options,
    env: { ...process.env, ...options.env },
  });
  return {
    status: child.status,
    stdout: child.stdout ?? "",
    out: `${child.stdout ?? ""}${child.stderr ?? ""}${child.error ? `${command}: ${child.error.message}` : ""}`,
  };
}

/**
 * sh() without blocking: resolves to { status, stdout, out } as sh() does, with `stderr` apart, the `signal` that ended
 * the command (null if it exited), and a `note` (also at the end of `out`) when it was killed at the time limit
 * (`timeout`, 10 minutes unless given) or could not start; status is null then.
 */
export function shAsync(command, args, options = {}) {
  const { timeout = 600_000, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...spawnOptions,
      env: { ...process.env, ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    let ended = false;
    const end = (status, signal, note) => {
      if (ended) return; // "error" and then "close"
      ended = true;
      clearTimeout(timer);
      const out = `${stdout}${stderr}${note ? `${command}: ${note}` : ""}`;
      resolve({ status, signal, stdout, stderr, note, out });
    };
    child.on("error", (error) => end(null, null, `could not start: ${error.message}`));
    child.on("close", (code, signal) => end(code, signal, signal ? `killed by ${signal}` : undefined));
  });
}

/** Runs a tool that must succeed; returns its standard output. */
export function tool(command, args, options) {
  const { status, stdout, out } = sh(command, args, options);
  if (status !== 0) throw new Error(`${[command, ...args].join(" ")} failed (exit ${status}):\n${out}`);
  return stdout;
}

/** One check: `fn` returns true, or a string saying what went wrong (a thrown error says it too). */
export function check(name, fn) {
  let result;
  try {
    result = fn();
  } catch (error) {
    result = error instanceof Error ? error.message : String(error);
  }
  if (result === true) {
    counts.passed++;
    console.log(`  ✓ ${name}`);
  } else {
    counts.failed++;
    console.log(`  ✘ ${name}\n${String(result).replace(/^/gm, "      ")}`);
  }
}

/**
 * Runs checks that each wait on their own processes, as many at once as the machine has cores (CI's machine has 2:
 * the emulated suites and the type checks took most of CI's time one by one). Each `[name, fn]`'s fn returns (a
 * promise of) what check()'s does; results are reported in the order given, once all have ended.
 */
export async function checksAtOnce(checks, parallelism = availableParallelism()) {
  const results = new Array(checks.length);
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const k = next++;
      try {
        results[k] = await checks[k][1]();
      } catch (error) {
        results[k] = error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelism, checks.length) }, worker));
  for (let k = 0; k < checks.length; k++) check(checks[k][0], () => results[k]);
}

/** A failure outside any check (the script could not go on). */
export function fail(message) {
  counts.failed++;
  console.log(`  ✘ ${message}`);
}

/** Adds cases counted elsewhere (the browser run counts each WPT case in the page). */
export function tally(passed, failed) {
  counts.passed += passed;
  counts.failed += failed;
}

/** Prints the summary line (after `label: `, if given) and exits with its verdict. */
export function finish(label) {
  console.log(`${label ? `${label}: ` : ""}${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed === 0 ? 0 : 1);
}

/**
 * An npm package's files (a pinned Node binary, a runtime's build for another platform), fetched once into
 * ada-ffi's cache with `npm pack` (which checks the registry's integrity hash); returns its `package/` folder.
 */
export function npmPackage(name, version) {
  const dir = join(cacheDir(), "npm", `${name.replace(/[@/]/g, "_")}-${version}`);
  if (!existsSync(join(dir, "package", "package.json"))) {
    mkdirSync(dir, { recursive: true });
    const packed = tool("npm", ["pack", `${name}@${version}`, "--silent", "--pack-destination", dir], { cwd: dir });
    tool("tar", ["-xzf", join(dir, packed.trim().split("\n").at(-1)), "-C", dir]);
  }
  return join(dir, "package");
}
