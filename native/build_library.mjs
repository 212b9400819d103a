#!/usr/bin/env node
// Builds the native library from source with CMake and the system's C++ compiler, into build/, where
// ffi/native_calls/library_location.ts looks for it when no prebuilt library ships for this platform.
//
//   node native/build_library.mjs source
//
// The package's prebuilt libraries (native/prebuilds/, made by native/prebuild.mjs with Zig) cover
// linux-x64/arm64 (glibc and musl), darwin-x64/arm64 and win32-x64; elsewhere, the error on import names this
// command. Nothing runs at install time: the package has no install script.
//
// In a development checkout `npm run build` (and `npm test`) builds the same full configuration (the
// library, its tests, the benchmark) plus the prebuilt library for this machine.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const fileName = process.platform === "win32"
  ? "ada_ffi.dll"
  : process.platform === "darwin"
  ? "libada_ffi.dylib"
  : "libada_ffi.so";
const isCheckout = existsSync(join(root, "test", "run_all.mjs"));
const REQUIREMENTS = "CMake >= 3.19, a C++20 compiler (GCC >= 12, Clang >= 15 or MSVC 2022), and Python 3 with " +
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

function source() {
  say(`This needs ${REQUIREMENTS}.`);
  try {
    const built = cmakeBuild(join(root, "build"), !isCheckout);
    say(`built ${built}`);
    const prebuilds = join(root, "native", "prebuilds");
    const shipped = existsSync(prebuilds)
      ? readdirSync(prebuilds).filter((d) => d.startsWith(`${process.platform}-${process.arch}`))
      : [];
    if (shipped.length > 0) {
      say(
        `The package also carries a prebuilt library for ${shipped.join(" and ")}, which is found first ` +
          `where it fits; to use this build instead, set ADA_FFI_LIBRARY=${built}`,
      );
    }
  } catch (error) {
    say(`building the native library failed: ${error.message}`);
    say(
      "Install what is missing and run this again (`node native/build_library.mjs source` in the package " +
        "directory), or point ADA_FFI_LIBRARY at a libada_ffi you built yourself.",
    );
    process.exit(1);
  }
}

if (process.argv[2] === "source") source();
else {
  say("usage: node native/build_library.mjs source");
  process.exit(2);
}
