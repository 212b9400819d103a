#!/usr/bin/env node
// `npm run prebuild`: cross-compiles the native library for every platform the npm package ships, with Zig,
// on this (Linux x86-64) machine, into native/prebuilds/<platform key>/.
//
//   node native/prebuild.mjs                 all seven targets, and the WebAssembly module
//   node native/prebuild.mjs --host          only the one this machine runs, and the WebAssembly module (what
//                                            `npm run build` makes)
//   node native/prebuild.mjs linux-x64-gnu win32-x64 wasm32 …
//
// The WebAssembly module (native/prebuilds/wasm32/ada_ffi.wasm, WASM_TARGET) is the same sources for wasm32-wasi;
// tools/copy_wasm.mjs copies it into runtimes/wasm/ for the sources' entries, tools/bundle_entries.mjs into dist/.
//
// Zig comes from PyPI (`ziglang`, pinned with hashes in native/zig-requirements.txt) and ada's sources from the
// pinned `ada-url` source distribution (native/ada_source.json, sha256 checked): both into a cache this script
// owns ($ADA_FFI_CACHE, else $XDG_CACHE_HOME/ada-ffi, else ~/.cache/ada-ffi), never into the tree. Zig's own
// compiled libc/libc++ per target lives there too, so only the first build on a machine pays for them.
// Objects go to build-zig/<target>/ and are reused while their inputs and flags are unchanged.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, homedir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { PREBUILT_TARGETS, WASM_TARGET } from "./prebuilt_targets.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const native = join(root, "native");

function say(message) {
  process.stderr.write(`prebuild: ${message}\n`);
}

export function cacheDir() {
  if (process.env.ADA_FFI_CACHE) return process.env.ADA_FFI_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "ada-ffi");
}

function sha256(data) {
  return createHash("sha256").update(data).digest("hex");
}

function runSync(command, args, options = {}) {
  const child = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
  if (child.error) throw new Error(`${command}: ${child.error.message}`);
  if (child.status !== 0) {
    throw new Error(`${[command, ...args].join(" ")} exited with ${child.status ?? child.signal}`);
  }
}

/** `python3` where it exists, else `python` (Windows). */
function python() {
  for (const name of ["python3", "python"]) {
    if (spawnSync(name, ["--version"], { stdio: "ignore" }).status === 0) return name;
  }
  throw new Error("Python 3 with pip is needed to fetch Zig and ada's sources from PyPI");
}

/** Where Zig keeps what it compiles (each target's libc and libc++): in our cache, kept between runs. */
export function zigCacheEnv() {
  const zigCache = join(cacheDir(), "zig-cache");
  return { ZIG_GLOBAL_CACHE_DIR: zigCache, ZIG_LOCAL_CACHE_DIR: zigCache };
}

/** The pinned Zig, installed from PyPI with its hash checked; returns the path of the `zig` executable. */
export function ensureZig() {
  const requirements = readFileSync(join(native, "zig-requirements.txt"), "utf8");
  const version = requirements.match(/^ziglang==(\S+)/m)[1];
  const dir = join(cacheDir(), `ziglang-${version}`);
  const zig = join(dir, "ziglang", process.platform === "win32" ? "zig.exe" : "zig");
  if (!existsSync(zig)) {
    say(`installing ziglang ${version} from PyPI (hash-checked) into ${dir}`);
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    runSync(python(), [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--disable-pip-version-check",
      "--root-user-action=ignore",
      "--no-deps",
      "--only-binary=:all:",
      "--require-hashes",
      "--target",
      partial,
      "-r",
      join(native, "zig-requirements.txt"),
    ]);
    renameSync(partial, dir);
  }
  return zig;
}

/** ada's amalgamation (ada.cpp, ada.h) from the pinned source distribution; returns its directory. */
export function ensureAdaSources() {
  const pin = JSON.parse(readFileSync(join(native, "ada_source.json"), "utf8"));
  const dir = join(cacheDir(), `${pin.package}-${pin.version}`);
  const sources = join(dir, "src", `${pin.package.replace(/-/g, "_")}-${pin.version}`, "ada_url");
  if (existsSync(join(sources, "ada.cpp"))) return sources;
  const download = join(dir, "sdist");
  mkdirSync(download, { recursive: true });
  const archive = join(download, `${pin.package.replace(/-/g, "_")}-${pin.version}.tar.gz`);
  if (!existsSync(archive)) {
    say(`fetching ${pin.package}==${pin.version} (source distribution) from PyPI`);
    runSync(python(), [
      "-m",
      "pip",
      "download",
      "--quiet",
      "--disable-pip-version-check",
      "--no-deps",
      "--no-binary",
      pin.package,
      `${pin.package}==${pin.version}`,
      "-d",
      download,
    ]);
  }
  const actual = sha256(readFileSync(archive));
  if (actual !== pin.sha256) {
    rmSync(archive, { force: true });
    throw new Error(`sha256 mismatch for ${archive}: expected ${pin.sha256}, got ${actual}`);
  }
  mkdirSync(join(dir, "src"), { recursive: true });
  runSync("tar", ["-xzf", archive, "-C", join(dir, "src")]);
  if (!existsSync(join(sources, "ada.cpp"))) throw new Error(`${archive} holds no ada_url/ada.cpp`);
  return sources;
}

/** The C ABI's sources (native/), each its own object, and the headers they share. */
const FFI_SOURCES = ["ada_ffi.cpp", "ada_ffi_url_pattern.cpp"];
const FFI_HEADERS = ["ada_ffi.h", "ada_ffi_url_pattern.h", "ada_ffi_operations.h"];

const COMPILE_FLAGS = [
  "-O3",
  "-DNDEBUG",
  "-fPIC",
  "-fvisibility=hidden",
  "-fvisibility-inlines-hidden",
  "-std=gnu++20",
  "-DADA_INCLUDE_URL_PATTERN=1", // URLPattern (ada_ffi_url_pattern.h)
];

/** Link flags per operating system. Why each one: ../shared/notes/prebuilt-zig.md and README. */
function linkFlags(target, implib) {
  if (target.os === "linux") {
    return [
      "-shared",
      "-s",
      `-Wl,--version-script=${join(native, "ada_ffi.map")}`,
      "-Wl,-Bsymbolic", // our calls bind inside the library even where the host (Node) has an ada of its own
      "-Wl,--no-undefined",
      "-Wl,-soname,libada_ffi.so",
      // Zig links no crtbeginS.o: ada's static destructors would run at exit after dlclose unmapped them.
      "-Wl,-z,nodelete",
    ];
  }
  if (target.os === "darwin") {
    // -s at link time: the linker's ad-hoc signature (required on Apple silicon) covers the stripped file.
    return ["-shared", "-s", "-Wl,-install_name,@rpath/libada_ffi.dylib"];
  }
  return ["-shared", "-s", `-Wl,--out-implib,${implib}`];
}

function spawnAsync(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env });
    let stderr = "";
    child.stderr.on("data", (chunk) => stderr += chunk);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[command, ...args].join(" ")} exited with ${code ?? signal}\n${stderr}`));
    });
  });
}

/**
 * Runs `make` unless `output` exists and was made from the same `key` (inputs and flags), as recorded in
 * `stamp` (kept in build-zig/, never beside a shipped file).
 */
async function cached(output, key, make, stamp = `${output}.key`) {
  if (upToDate(output, key, stamp)) return false;
  rmSync(stamp, { force: true });
  await make();
  writeFileSync(stamp, key);
  return true;
}

/** Whether `output` exists and was made from `key`, as its `stamp` records (see cached; also for test tools). */
export function upToDate(output, key, stamp = `${output}.key`) {
  return existsSync(output) && existsSync(stamp) && readFileSync(stamp, "utf8") === key;
}

async function buildTarget(name, zig, adaDir, env) {
  const target = PREBUILT_TARGETS[name];
  const implib = join(root, "build-zig", name, "ada_ffi.lib"); // Windows: what the C tests link against (not shipped)
  await compileAndLink(
    {
      key: name,
      zigTarget: target.zig,
      file: target.file,
      compileFlags: COMPILE_FLAGS,
      linkFlags: linkFlags(target, implib),
      linkInputs: [readFileSync(join(native, "ada_ffi.map"), "utf8")],
    },
    zig,
    adaDir,
    env,
  );
}

/**
 * Compiles ada and our sources for one Zig target into build-zig/<key>/ (each object rebuilt when it, our headers,
 * the flags, Zig or the ada pin change) and links `file` into native/prebuilds/<key>/ (relinked when an object, the
 * link flags or `linkInputs`, e.g. the version script, change). Nothing else is left beside the output.
 */
async function compileAndLink({ key, zigTarget, file, compileFlags, linkFlags, linkInputs }, zig, adaDir, env) {
  const objects = join(root, "build-zig", key);
  mkdirSync(objects, { recursive: true });
  const zigVersion = spawnSync(zig, ["version"], { encoding: "utf8" }).stdout.trim();
  const common = ["c++", "-target", zigTarget, ...compileFlags];
  const adaPin = readFileSync(join(native, "ada_source.json"), "utf8");
  // Our sources compile each to an object, rebuilt when it or any of our headers changes.
  const headers = FFI_HEADERS.map((f) => readFileSync(join(native, f), "utf8")).join("\0");

  const adaObject = join(objects, "ada.o");
  const ffiObjects = FFI_SOURCES.map((source) => join(objects, source.replace(/\.cpp$/, ".o")));
  const started = Date.now();
  await Promise.all([
    cached(
      adaObject,
      sha256([zigVersion, ...common, adaPin].join("\0")),
      () => spawnAsync(zig, [...common, "-c", join(adaDir, "ada.cpp"), "-o", adaObject], env),
    ),
    ...FFI_SOURCES.map((source, i) =>
      cached(
        ffiObjects[i],
        sha256([zigVersion, ...common, readFileSync(join(native, source), "utf8"), headers].join("\0")),
        () => spawnAsync(zig, [...common, `-I${adaDir}`, "-c", join(native, source), "-o", ffiObjects[i]], env),
      )
    ),
  ]);

  const outDir = join(native, "prebuilds", key);
  mkdirSync(outDir, { recursive: true });
  const output = join(outDir, file);
  const objectKeys = [adaObject, ...ffiObjects].map((o) => readFileSync(`${o}.key`, "utf8"));
  const linkKey = sha256([zigVersion, zigTarget, ...linkFlags, ...objectKeys, ...linkInputs].join("\0"));
  const linked = await cached(
    output,
    linkKey,
    () => spawnAsync(zig, ["c++", "-target", zigTarget, ...linkFlags, adaObject, ...ffiObjects, "-o", output], env),
    join(objects, `${file}.key`),
  );
  // Nothing else ships beside the library (a linker may leave e.g. a .pdb next to it).
  for (const name of readdirSync(outDir)) {
    if (name !== file) rmSync(join(outDir, name), { force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`${key}: ${linked ? "built" : "up to date"} ${output} (${seconds} s)`);
}

/**
 * The WebAssembly module: the same sources and optimization as the native libraries, plus what a wasm32-wasi reactor
 * needs. Why each flag:
 * - -msimd128: ada's SIMD paths (every engine the package targets has SIMD128: Node 20+, Deno, Bun, Chromium,
 *   workerd); -fno-exceptions: ada and our sources throw nothing (engines' Wasm exceptions are not assumed);
 * - ADA_FFI_SINGLE_THREADED: the per-thread memos as plain statics (native/ada_ffi_operations.h);
 * - -mexec-model=reactor: no main; `_initialize` runs the static constructors once, then any export may be called;
 * - the exports: the whole C ABI (ada_ffi.h) and malloc/free, with which the caller places its buffers in the module's
 *   memory (ada_ffi.h, "WebAssembly");
 * - a 1 MiB stack (Zig's default is 16 MiB): the memory starts at 1.1 MiB. Zig's linker puts the stack first, below
 *   the data, so an overflow traps (it runs below address 0) instead of overwriting data.
 * - -flto (compile and link): inlining across ada.cpp and our sources. The parse call (encodeInto + ada_ffi_block,
 *   kasztp.txt, variants interleaved in one process) takes 9-13% less: Node 26 194 -> 176 ns, Deno 283 -> 256, Bun
 *   218 -> 191; the module is 8 KB smaller. Tried and not kept: without -msimd128 (the same time on kasztp; ada's SIMD
 *   paths serve long and non-ASCII input), without bulk memory (Zig's default CPU has it; 1-8% slower without).
 */
const WASM_COMPILE_FLAGS = [
  "-O3",
  "-flto",
  "-msimd128",
  "-DNDEBUG",
  "-fvisibility=hidden",
  "-fvisibility-inlines-hidden",
  "-fno-exceptions",
  "-std=gnu++20",
  "-DADA_INCLUDE_URL_PATTERN=1",
  "-DADA_FFI_SINGLE_THREADED=1",
];
const WASM_EXPORTS = [
  "ada_ffi_abi_version",
  "ada_ffi_ada_version",
  "ada_ffi_block",
  "ada_ffi_block_at",
  "ada_ffi_block_string_at",
  "ada_ffi_parse_many",
  "malloc",
  "free",
];
const WASM_LINK_FLAGS = [
  "-O3",
  "-flto",
  "-mexec-model=reactor",
  "-Wl,-z,stack-size=1048576",
  "-Wl,--strip-all",
  ...WASM_EXPORTS.map((name) => `-Wl,--export=${name}`),
];

async function buildWasm(zig, adaDir, env) {
  await compileAndLink(
    {
      key: WASM_TARGET.key,
      zigTarget: WASM_TARGET.zig,
      file: WASM_TARGET.file,
      compileFlags: WASM_COMPILE_FLAGS,
      linkFlags: WASM_LINK_FLAGS,
      linkInputs: [],
    },
    zig,
    adaDir,
    env,
  );
}

/** The key of the platform this process runs on, or undefined when no prebuilt target fits it. */
export function hostTarget() {
  const libc = process.platform === "linux"
    ? (process.report?.getReport().header.glibcVersionRuntime ? "gnu" : "musl")
    : undefined;
  const key = [process.platform, process.arch, libc].filter(Boolean).join("-");
  return key in PREBUILT_TARGETS ? key : undefined;
}

async function main(args) {
  let names = args.filter((a) => !a.startsWith("--"));
  if (args.includes("--host")) {
    const host = hostTarget();
    if (host === undefined) say(`no prebuilt target for ${process.platform}-${process.arch}: only the Wasm module`);
    names = host === undefined ? [WASM_TARGET.key] : [host, WASM_TARGET.key];
  }
  if (names.length === 0) names = [...Object.keys(PREBUILT_TARGETS), WASM_TARGET.key];
  const wasm = names.includes(WASM_TARGET.key);
  names = names.filter((n) => n !== WASM_TARGET.key);
  const unknown = names.filter((n) => !(n in PREBUILT_TARGETS));
  if (unknown.length) {
    throw new Error(`unknown target(s) ${unknown.join(", ")}; known: ${Object.keys(PREBUILT_TARGETS)}`);
  }

  const started = Date.now();
  const zig = ensureZig();
  const adaDir = ensureAdaSources();
  const env = { ...process.env, ...zigCacheEnv() };
  // Each target is a chain of two compiles and a link; Zig itself builds a target's libc++ on every core.
  const queue = [...names, ...(wasm ? [WASM_TARGET.key] : [])];
  const build = (name) => name === WASM_TARGET.key ? buildWasm(zig, adaDir, env) : buildTarget(name, zig, adaDir, env);
  const workers = Array.from({ length: Math.min(queue.length, availableParallelism()) }, async () => {
    while (queue.length) await build(queue.shift());
  });
  await Promise.all(workers);
  say(`${names.length + (wasm ? 1 : 0)} target(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error) => {
    say(error.message);
    process.exit(1);
  });
}
