/**
 * How the runtime adapter finds and opens the native library, and the errors it gives when it cannot.
 * Each case runs the current runtime in a child process, importing this runtime's entry point.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/files.ts";

export type Runtime = "node" | "deno" | "bun";

const ENTRY: Record<Runtime, string> = {
  node: "dist/runtimes/node.js",
  deno: "runtimes/deno.ts",
  bun: "runtimes/bun.ts",
};

/** Runs a one-line program importing the entry point; returns its combined output and status. */
function runWith(runtime: Runtime, env: Record<string, string | undefined>, denoFlags: string[] = ["--allow-all"]) {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-loading-"));
  try {
    const script = join(dir, runtime === "node" ? "probe.mjs" : "probe.ts");
    const entry = pathToFileURL(join(ROOT, ENTRY[runtime])).href;
    writeFileSync(
      script,
      `import { URL } from ${JSON.stringify(entry)};\nconsole.log("href=" + new URL("HTTP://A/").href);\n`,
    );
    const args = runtime === "deno" ? ["run", ...denoFlags, script] : [script];
    const childEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
    const run = spawnSync(process.execPath, args, { env: childEnv, encoding: "utf8", cwd: dir });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function register(runtime: Runtime): void {
  const test = suite(`loading the native library (${runtime})`);

  test("found in the build directory without configuration", () => {
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: undefined });
    assert.is(status, 0, output);
    assert.ok(output.includes("href=http://a/"), output);
  });

  test("ADA_FFI_LIBRARY pointing nowhere: the error names the path and the build command", () => {
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: "/nonexistent/libada_ffi.so" });
    assert.is.not(status, 0);
    assert.ok(output.includes("/nonexistent/libada_ffi.so"), output);
    assert.ok(output.includes("node native/build_library.mjs source"), output);
  });

  test("a corrupted library file: a clear error, not a crash", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-corrupt-"));
    try {
      const file = join(dir, "libada_ffi.so");
      writeFileSync(file, "this is not an ELF file\n".repeat(100));
      const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: file });
      assert.is(status, 1, output); // an uncaught Error, not a signal
      assert.ok(output.includes("exists but could not be loaded"), output);
      assert.ok(output.includes("not a shared library"), output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a library for another architecture: the error says what the file is", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-arch-"));
    try {
      // Our own library with its ELF e_machine set to AArch64: glibc then reports "No such file".
      const bytes = readFileSync(join(ROOT, "build", "libada_ffi.so"));
      bytes[18] = 183;
      bytes[19] = 0;
      const file = join(dir, "libada_ffi.so");
      writeFileSync(file, bytes);
      const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: file });
      assert.is(status, 1, output);
      assert.ok(output.includes("exists but could not be loaded"), output);
      assert.ok(output.includes("64-bit ELF (Linux) library for arm64"), output);
      assert.ok(output.includes(`This process is linux-${process.arch}`), output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an ABI version other than the JavaScript's: refused at load, both versions named", () => {
    const lib = join(ROOT, "build", "test-libs", "libada_ffi_abi999.so");
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: lib });
    assert.is(status, 1, output);
    assert.ok(output.includes("implements ABI version 999"), output);
    assert.ok(/expects version \d+/.test(output), output);
  });

  if (runtime === "deno") {
    test("Deno without --allow-ffi: the error names the flag", () => {
      const { status, output } = runWith(runtime, {}, ["--allow-read", "--allow-env"]);
      assert.is.not(status, 0);
      assert.ok(output.includes("--allow-ffi"), output);
      assert.ok(output.includes("ada-ffi needs FFI permission"), output);
    });
  }

  test.run();
}
