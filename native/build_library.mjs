#!/usr/bin/env node
// Builds the native library and puts it where ffi/library_location.ts looks for it.
//
//   node native/build_library.mjs source     builds it from source into build/ (what to run by hand when no
//                                            prebuilt library fits this machine)
//   node native/build_library.mjs install    npm "install" of the package: nothing to do when a prebuilt
//                                            library for this platform ships in the package; otherwise (or with
//                                            ADA_FFI_BUILD_FROM_SOURCE=1) `source`
//   node native/build_library.mjs prebuild   npm "prepack": a clean Release build in build-package/, copied
//                                            (stripped) to native/prebuilds/<platform>-<arch>/ for the tarball
//
// In a development checkout `npm install` runs `prepare` (npm run build: the library, its tests, the
// benchmark), so `install` does nothing there and `source` builds that same full configuration.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const target = `${process.platform}-${process.arch}`;
const fileName = process.platform === "win32"
  ? "ada_ffi.dll"
  : process.platform === "darwin"
  ? "libada_ffi.dylib"
  : "libada_ffi.so";
const prebuilt = join(root, "native", "prebuilds", target, fileName);
const requirementsFile = join(dirname(prebuilt), "requires.json");
const isCheckout = existsSync(join(root, "test", "run_all.mjs"));
const REQUIREMENTS = "CMake >= 3.18, a C++20 compiler (GCC >= 12, Clang >= 15 or MSVC 2022), and Python 3 with " +
  "pip (it downloads the pinned ada-url source distribution from PyPI and checks its sha256)";

function say(message) {
  process.stderr.write(`ada-ffi: ${message}\n`);
}

function run(command, args) {
  say(`$ ${[command, ...args].join(" ")}`);
  const child = spawnSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (child.error) {
    throw new Error(
      child.error.code === "ENOENT" ? `${command} is not installed (needed: ${REQUIREMENTS})` : child.error.message,
    );
  }
  if (child.status !== 0) throw new Error(`${command} exited with ${child.status ?? child.signal}`);
}

/** Configures and builds in `buildDir`: only the shared library, or the checkout's full configuration. */
function cmakeBuild(buildDir, libraryOnly) {
  const only = libraryOnly ? ["-DADA_FFI_BUILD_TESTS=OFF", "-DADA_FFI_BUILD_BENCH=OFF"] : [];
  run("cmake", ["-S", root, "-B", buildDir, "-DCMAKE_BUILD_TYPE=Release", ...only]);
  run("cmake", [
    "--build",
    buildDir,
    "--config",
    "Release",
    ...(libraryOnly ? ["--target", "ada_ffi"] : []),
    "--parallel",
  ]);
  const built = [join(buildDir, fileName), join(buildDir, "Release", fileName)].find((p) => existsSync(p));
  if (built === undefined) throw new Error(`the build finished but ${fileName} is not in ${buildDir}`);
  return built;
}

function prebuild() {
  const built = cmakeBuild(join(root, "build-package"), true);
  mkdirSync(dirname(prebuilt), { recursive: true });
  copyFileSync(built, prebuilt);
  // Symbols stay in build-package/; the shipped copy needs only its dynamic (exported) table.
  if (process.platform === "linux") {
    run("strip", ["--strip-unneeded", prebuilt]);
    // The newest glibc symbol version it links against: an older glibc (or musl) cannot load it, so the
    // install step builds from source there instead (see glibcTooOld).
    const symbols = spawnSync("objdump", ["-T", prebuilt], { encoding: "utf8" }).stdout ?? "";
    const versions = [...symbols.matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    if (versions.length === 0) throw new Error("objdump found no glibc symbol versions in the prebuilt library");
    const [major, minor] = versions.sort((a, b) => a[0] - b[0] || a[1] - b[1]).at(-1);
    writeFileSync(requirementsFile, JSON.stringify({ glibc: `${major}.${minor}` }) + "\n");
    say(`it needs glibc >= ${major}.${minor}`);
  }
  say(`prebuilt library for ${target}: ${prebuilt}`);
}

/** Why this machine cannot load the prebuilt Linux library (an older glibc, or musl), or undefined. */
function glibcTooOld() {
  if (process.platform !== "linux" || !existsSync(requirementsFile)) return undefined;
  const needed = JSON.parse(readFileSync(requirementsFile, "utf8")).glibc;
  const here = process.report?.getReport().header.glibcVersionRuntime;
  if (here === undefined) return `it needs glibc >= ${needed}, and this system has no glibc (musl?)`;
  const [a, b] = [here, needed].map((v) => v.split(".").map(Number));
  const older = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return older ? `it needs glibc >= ${needed}, and this system has ${here}` : undefined;
}

function source() {
  say(`This needs ${REQUIREMENTS}.`);
  try {
    const built = cmakeBuild(join(root, "build"), !isCheckout);
    say(`built ${built}`);
  } catch (error) {
    say(`building the native library failed: ${error.message}`);
    say(
      "Install what is missing and run this again (`node native/build_library.mjs source` in the package " +
        "directory, or `npm rebuild ada-ffi`), or point ADA_FFI_LIBRARY at a libada_ffi you built yourself.",
    );
    process.exit(1);
  }
}

function install() {
  if (isCheckout) return;
  if (process.env.ADA_FFI_LIBRARY) {
    say(`using ADA_FFI_LIBRARY=${process.env.ADA_FFI_LIBRARY}; nothing to build`);
    return;
  }
  const fromSource = process.env.ADA_FFI_BUILD_FROM_SOURCE === "1";
  const tooOld = existsSync(prebuilt) ? glibcTooOld() : undefined;
  if (!fromSource && existsSync(prebuilt) && tooOld === undefined) return;
  say(
    fromSource
      ? "ADA_FFI_BUILD_FROM_SOURCE=1: building the native library from source."
      : tooOld !== undefined
      ? `the prebuilt native library for ${target} cannot load here (${tooOld}); building it from source.`
      : `this package carries no prebuilt native library for ${target}; building it from source.`,
  );
  source();
}

const mode = process.argv[2];
if (mode === "prebuild") prebuild();
else if (mode === "install") install();
else if (mode === "source") source();
else {
  say("usage: node native/build_library.mjs source|install|prebuild");
  process.exit(2);
}
