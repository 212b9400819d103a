#!/usr/bin/env node
// Does `@std/http/unstable-route`'s own test file pass with ada-ffi's `route` in place of std's? The test file
// (http/unstable_route_test.ts) and what it imports are taken from a std checkout or bare git dir into a scratch
// folder, where http/unstable_route.ts becomes a shim re-exporting this repo's `route` (runtimes/deno/entry.ts) as
// `route`, `routeLinear` and `routeRadix`. Then, on Deno (the pinned devDependency):
//   1. `deno check` of the test file against the shim (the types fit: the import is the only change);
//   2. `deno test` of the test file as it is (the routes hold Deno's own URLPattern objects);
//   3. `deno test` with runtimes/deno/global.ts imported first (ada-ffi's URLPattern is the global the test uses).
// A tool for developers (npm test does not run it: CI has no std). Ends with `N passed, N failed`.
//
//   node tools/std_route_check.mjs [std dir]   (or ADA_FFI_STD_DIR; default /work/.mirror/denoland+std/repo)
//
// No std there: `skipped: …` and `0 passed, 0 failed`. A checkout is read from its work tree, a bare git dir at HEAD.
// std's test file is never copied into this repo: it is read from std, into a temporary folder that is removed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const deno = join(root, "node_modules", ".bin", "deno");
const stdDir = process.argv[2] ?? process.env.ADA_FFI_STD_DIR ?? "/work/.mirror/denoland+std/repo";
const TEST = "http/unstable_route_test.ts";
const REPLACED = "http/unstable_route.ts";

const counts = { passed: 0, failed: 0 };
function result(name, ok, detail) {
  counts[ok ? "passed" : "failed"]++;
  console.log(`  ${ok ? "✓" : "✘"} ${name}${detail ? `\n${detail.trimEnd().replace(/^/gm, "      ")}` : ""}`);
}
function finish() {
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed === 0 ? 0 : 1);
}

function run(command, args, options = {}) {
  const child = spawnSync(command, args, { encoding: "utf8", maxBuffer: 1 << 26, timeout: 600_000, ...options });
  const out = `${child.stdout ?? ""}${child.stderr ?? ""}${child.error ? `${command}: ${child.error.message}` : ""}`;
  // Read without colour escapes, should a tool colour its output despite NO_COLOR.
  // deno-lint-ignore no-control-regex
  return { status: child.status, out: out.replace(/\x1b\[[0-9;]*m/g, "") };
}

/** std's files: `read(path)` gives a file's text or null; `where` says what was read. */
function openStd(dir) {
  if (!existsSync(dir)) {
    return { missing: `no std at ${dir} (pass a std checkout or bare git dir, or set ADA_FFI_STD_DIR)` };
  }
  if (existsSync(join(dir, TEST))) {
    return {
      read: (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), "utf8") : null),
      where: `${dir} (work tree)`,
    };
  }
  const bare = run("git", ["-C", dir, "rev-parse", "--is-bare-repository"]);
  if (bare.status !== 0 || bare.out.trim() !== "true") {
    return { missing: `${dir} holds no ${TEST} and is no bare git dir` };
  }
  const read = (path) => {
    const shown = spawnSync("git", ["-C", dir, "show", `HEAD:${path}`], { encoding: "utf8", maxBuffer: 1 << 26 });
    return shown.status === 0 ? shown.stdout : null;
  };
  if (read(TEST) === null) return { missing: `${dir} at HEAD has no ${TEST} (a std older than unstable-route)` };
  const commit = run("git", ["-C", dir, "rev-parse", "HEAD"]).out.trim();
  return { read, where: `${dir} (bare git dir, HEAD ${commit.slice(0, 12)})` };
}

/**
 * The files the test file imports, transitively: relative paths, and `@std/<package>[/<export>]` resolved as std's
 * workspace resolves them (the package's deno.json `exports`). Returns the files by path and the import map the
 * scratch folder's deno.json needs for the `@std/` specifiers. Import and export statements only (a JSDoc example's
 * `import` line starts with ` * `).
 */
function collect(std) {
  const files = new Map();
  const imports = {};
  const pending = [TEST];
  const statement = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
  while (pending.length > 0) {
    const path = pending.pop();
    if (files.has(path)) continue;
    const text = std.read(path);
    if (text === null) throw new Error(`${path}: not in std`);
    files.set(path, text);
    for (const m of text.matchAll(statement)) {
      const specifier = m[1] ?? m[2];
      let target;
      if (specifier.startsWith("./") || specifier.startsWith("../")) {
        target = posix.normalize(posix.join(posix.dirname(path), specifier));
      } else if (specifier.startsWith("@std/")) {
        const [, pkg, ...rest] = specifier.split("/");
        const config = std.read(`${pkg}/deno.json`);
        if (config === null) throw new Error(`${specifier} (in ${path}): std has no ${pkg}/deno.json`);
        const exports = JSON.parse(config).exports;
        const key = rest.length === 0 ? "." : `./${rest.join("/")}`;
        const file = typeof exports === "string" ? (key === "." ? exports : undefined) : exports?.[key];
        if (file === undefined) throw new Error(`${specifier} (in ${path}): ${pkg}/deno.json exports no ${key}`);
        target = posix.normalize(posix.join(pkg, file));
        imports[specifier] = `./${target}`;
      } else {
        throw new Error(`${path} imports ${specifier}: only relative and @std/ imports are followed`);
      }
      if (target !== REPLACED) pending.push(target);
    }
  }
  return { files, imports };
}

const std = openStd(stdDir);
if (std.missing) {
  console.log(`skipped: ${std.missing}`);
  console.log("0 passed, 0 failed");
  process.exit(0);
}
console.log(
  `std: ${std.where}; @std/http ${JSON.parse(std.read("http/deno.json") ?? "{}").version ?? "(version unknown)"}`,
);

const scratch = mkdtempSync(join(tmpdir(), "ada-ffi-std-route-"));
try {
  let collected;
  try {
    collected = collect(std);
  } catch (error) {
    result(`export ${TEST} and its imports`, false, error.message);
    finish();
  }
  for (const [path, text] of collected.files) {
    mkdirSync(join(scratch, dirname(path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  const entry = pathToFileURL(join(root, "runtimes", "deno", "entry.ts")).href;
  const global = pathToFileURL(join(root, "runtimes", "deno", "global.ts")).href;
  writeFileSync(
    join(scratch, REPLACED),
    `// ada-ffi's route in place of std's (tools/std_route_check.mjs).\n` +
      `export { route, route as routeLinear, route as routeRadix } from "${entry}";\n` +
      `export type { Handler, RequestHandler, Route } from "${entry}";\n`,
  );
  // The test file after global.ts: its `new URLPattern(...)` makes ada-ffi's. The first test says so (never a silent
  // run on Deno's own).
  writeFileSync(
    join(scratch, "http", "with_global_test.ts"),
    `import "${global}";\n` +
      `import { URLPattern } from "${entry}";\n` +
      `Deno.test("the global URLPattern is ada-ffi's", () => {\n` +
      `  if (globalThis.URLPattern !== (URLPattern as unknown)) throw new Error("the global URLPattern is not ada-ffi's");\n` +
      `});\n` +
      `import "./unstable_route_test.ts";\n`,
  );
  // std's compiler options (its root deno.json) and the @std/ imports; no lock file in the scratch folder.
  const stdConfig = JSON.parse(std.read("deno.json") ?? "{}");
  writeFileSync(
    join(scratch, "deno.json"),
    JSON.stringify(
      { compilerOptions: stdConfig.compilerOptions ?? {}, imports: collected.imports, lock: false },
      null,
      2,
    ),
  );
  console.log(`${collected.files.size} files of std in ${scratch}, ${REPLACED} replaced by the shim`);

  const denoEnv = { ...process.env, NO_COLOR: "1" };
  // Deno's default compilerOptions: every file checked, ada-ffi's included, no error at all.
  writeFileSync(join(scratch, "defaults.json"), JSON.stringify({ imports: collected.imports, lock: false }));
  const plain = run(deno, ["check", "--config", "defaults.json", TEST], { cwd: scratch, env: denoEnv });
  result(
    `deno check ${TEST} against the shim, Deno's default compilerOptions`,
    plain.status === 0,
    plain.status === 0 ? "" : plain.out,
  );
  const checked = run(deno, ["check", TEST], { cwd: scratch, env: denoEnv });
  if (checked.status === 0) result(`deno check ${TEST} against the shim, with std's compilerOptions`, true);
  else {
    // std's options (exactOptionalPropertyTypes, noUncheckedIndexedAccess) apply here to ada-ffi's sources too, which
    // are local files; a JSR user's check leaves them out (remote modules), so only errors in std's files count.
    const errors = [...checked.out.matchAll(/^(TS\d+ \[ERROR\]:[\s\S]*?)^\s+at (file:\S+?:\d+:\d+)$/gm)];
    const scratchUrl = pathToFileURL(scratch).href;
    const ours = errors.filter((e) => e[2].startsWith(scratchUrl));
    const counted = errors.length > 0 && /^Found (\d+) errors?\.$/m.exec(checked.out)?.[1] === String(errors.length);
    result(
      `deno check ${TEST} against the shim, with std's compilerOptions` +
        (counted
          ? ` (${errors.length - ours.length} errors in ada-ffi's own sources under std's options, not counted)`
          : ""),
      counted && ours.length === 0,
      counted
        ? ours.map((e) => `${e[1].trimEnd()}\n  at ${e[2].slice(scratchUrl.length + 1)}`).join("\n")
        : checked.out,
    );
  }

  const permissions = ["--allow-ffi", "--allow-read", "--allow-env"];
  for (
    const [name, file] of [
      ["deno test: std's test file with Deno's own URLPattern objects", TEST],
      [
        "deno test: std's test file with ada-ffi's URLPattern as the global (runtimes/deno/global.ts first)",
        "http/with_global_test.ts",
      ],
    ]
  ) {
    // --no-check: the types are the check above's.
    const tested = run(deno, ["test", "--no-check", ...permissions, file], { cwd: scratch, env: denoEnv });
    // "ok | 2 passed (44 steps) | 0 failed": the test must have run its steps, none failed.
    const summary = tested.out.match(/^(ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed.*$/m);
    const ok = tested.status === 0 && summary !== null && summary[1] === "ok" && Number(summary[3] ?? 0) > 0;
    result(`${name}: ${summary?.[0] ?? "no summary"}`, ok, ok ? "" : tested.out);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
finish();
