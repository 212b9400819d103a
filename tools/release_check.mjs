#!/usr/bin/env node
// `npm run release:check`: everything the release workflow (.github/workflows/release.yml) runs before it publishes,
// run here: the release files check with all seven prebuilt libraries (actionlint on the workflow, metadata, versions,
// the package's file list, the benchmark tables), the full suite (`npm test -- --full`, which builds every library
// with Zig), and the dry runs of both registries. Ends with `N passed, N failed` (the full suite's counts included).
//
//   node tools/release_check.mjs [--no-suite]   (--no-suite: everything but the full suite, which is then "skipped")
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const deno = join(root, "node_modules", ".bin", "deno");
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a step and shows its output; returns its exit status, its standard output, and both streams together. */
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
  return {
    status: child.status ?? child.signal,
    stdout: child.stdout ?? "",
    out: `${child.stdout ?? ""}${child.stderr ?? ""}`,
  };
}

/** A step's verdict: true, or what is wrong. */
function verdict(label, result) {
  if (result === true) {
    totals.passed++;
    console.log(`release check: ✓ ${label}`);
  } else {
    totals.failed++;
    console.log(`release check: ✘ ${label}\n${String(result).replace(/^/gm, "    ")}`);
  }
}

/** A step whose standard output ends with `N passed, N failed`: its counts go into the totals. */
function counted(label, command, args) {
  // Standard output only: its summary is the last line there, while the tools' logs on standard error come after it.
  const { status, stdout } = run(label, command, args);
  const m = stdout.match(/(\d+) passed, (\d+) failed[^\n]*\s*$/);
  if (!m) {
    verdict(label, `no closing "N passed, N failed" line (exit ${status})`);
    return;
  }
  totals.passed += Number(m[1]);
  totals.failed += Number(m[2]) + (Number(m[2]) === 0 && status !== 0 ? 1 : 0);
  console.log(`release check: ${label}: ${m[1]} passed, ${m[2]} failed (exit ${status})`);
}

const clean = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
verdict(
  "the working tree is committed (what is tagged is what was checked)",
  clean.status === 0 && clean.stdout.trim() === "" ? true : `uncommitted:\n${clean.stdout}${clean.stderr}`,
);

if (process.argv.includes("--no-suite")) {
  totals.skipped++;
  console.log("\nrelease check: full suite skipped (--no-suite); the prebuilt libraries of every platform are built");
  const built = run("prebuilt libraries", process.execPath, ["native/prebuild.mjs"]);
  verdict("every prebuilt library builds with Zig", built.status === 0 ? true : `exit ${built.status}`);
} else {
  // Builds every library with Zig (CI=true's prebuild step), then runs every stage, the release files check included.
  counted("full suite", npm, ["test", "--", "--full"]);
}
counted("release files", process.execPath, ["test/release_files_check.mjs", "--all-prebuilds"]);

{
  // npm's dry run runs prepack (the JavaScript and every library, incremental) as the real publish does.
  const { status, out } = run("npm publish --dry-run", npm, ["publish", "--dry-run"]);
  const warnings = out.split("\n").filter((l) => /^npm warn/i.test(l))
    // Only the local dry run's login notice: the workflow publishes with a token.
    .filter((l) => !/requires you to be logged in/.test(l));
  verdict(
    "npm publish --dry-run: exit 0, no warning",
    status === 0 && warnings.length === 0 ? true : `exit ${status}\n${warnings.join("\n")}`,
  );
}

{
  // --allow-dirty: a dirty tree is the first check's failure; the dry run still says what it would publish.
  const { status, out } = run("deno publish --dry-run", deno, ["publish", "--dry-run", "--allow-dirty"]);
  const plain = out.replace(/\x1b\[[0-9;]*m/g, "");
  const warnings = [...plain.matchAll(/^warning\[([\w-]+)\][^\n]*\n\s*--> ([^:\n]+)/gm)]
    .map(([, kind, file]) => `${kind} ${file.replace(`${root}/`, "")}`);
  // The two dynamic imports are meant (cli/worker.ts imports the module the main thread names; the JSR entry builds
  // npm:ada-ffi's specifier at run time so that publishing does not fetch it), and deno publish cannot be told so.
  const expected = ["unanalyzable-dynamic-import cli/worker.ts", "unanalyzable-dynamic-import runtimes/deno/entry.ts"];
  const unexpected = warnings.filter((w) => !expected.includes(w));
  verdict(
    "deno publish --dry-run: exit 0, no slow types, no warning but the two intended dynamic imports",
    status === 0 && /Success.*Dry run complete/.test(plain) && unexpected.length === 0
      ? true
      : `exit ${status}; unexpected: ${unexpected.join(", ")}`,
  );
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed === 0 ? 0 : 1);
