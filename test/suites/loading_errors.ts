/**
 * Loading errors that say what happened (issue 30): a file that is not an ada-ffi library, and a Node 26 Worker that
 * has no koffi to take. Each case runs the current runtime in a child process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/files.ts";
import { runChild } from "../support/child_program.ts";
import { ENTRY, entryUrl, type Runtime } from "../support/entries.ts";
import { loadNodeFfi } from "../../runtimes/node/node_ffi.ts";

const LIBC_PATHS = [
  "/lib/x86_64-linux-gnu/libc.so.6",
  "/usr/lib/x86_64-linux-gnu/libc.so.6",
  "/lib/aarch64-linux-gnu/libc.so.6",
  "/usr/lib/aarch64-linux-gnu/libc.so.6",
  "/lib64/libc.so.6",
  "/usr/lib64/libc.so.6",
  "/lib/libc.musl-x86_64.so.1",
  "/lib/libc.musl-aarch64.so.1",
];

/** A child that imports `entry` (this runtime's by default) and prints an href; its status and output. */
function runWith(runtime: Runtime, env: Record<string, string | undefined>) {
  const entry = entryUrl(ENTRY[runtime]);
  const run = runChild(
    runtime,
    () => `import { URL } from ${JSON.stringify(entry)};\nconsole.log("href=" + new URL("HTTP://A/").href);\n`,
    // The automatic backend choice unless `env` says (a suite run forced onto Wasm must not force these children).
    { env: { ADA_FFI_BACKEND: undefined, ...env } },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A Node program: a Worker imports `entry` and says which FFI it loaded the library with; then it ends by itself. */
function workerProgram(entry: string): string {
  return `import { Worker } from "node:worker_threads";
const worker = new Worker(\`import(${JSON.stringify(entry)}).then((m) =>
  require("node:worker_threads").parentPort.postMessage(m.nativeLibrary().ffi))\`, { eval: true });
// Listened for before the message is awaited: the Worker may exit in the same turn that delivers its message, and an
// exit listener added after it would wait forever (Node then ends the program on an unsettled await).
const exited = new Promise((end) => worker.once("exit", end));
const inWorker = await new Promise((resolve, reject) => { worker.once("message", resolve); worker.once("error", reject); });
// Not terminate(): the Worker's warning is written after a tick, and would be lost.
await exited;
const { nativeLibrary } = await import(${JSON.stringify(entry)});
console.log("main=" + nativeLibrary().ffi + " worker=" + inWorker);
`;
}

export function register(runtime: Runtime): void {
  const test = suite(`loading errors (${runtime})`);

  test("a library that is not ada-ffi's (the system's libc): says so and names the file", () => {
    // The C library: a shared library every Linux system has, which exports none of ours (where it usually is: Deno
    // needs --allow-all to read /proc/self/maps).
    const libc = LIBC_PATHS.find((path) => existsSync(path));
    if (libc === undefined) return;
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: libc });
    assert.is(status, 1, output);
    assert.ok(output.includes(`ada-ffi: ${libc} is not an ada-ffi library`), output);
    assert.ok(output.includes("ADA_FFI_LIBRARY must name a libada_ffi built from this package"), output);
    assert.not.ok(output.includes("Rebuild it"), output);
  });

  // Asked as the Node entry asks: only a Node with node:ffi has the choice.
  if (runtime === "node" && loadNodeFfi() !== undefined) {
    test("a worker thread without koffi: node:ffi, and a warning that says why and how to choose", () => {
      // The bundled entry alone, where no koffi can be found.
      const dir = mkdtempSync(join(tmpdir(), "ada-ffi-no-koffi-"));
      try {
        const entry = join(dir, "entry.mjs");
        writeFileSync(entry, readFileSync(new URL(entryUrl(ENTRY.node))));
        const body = workerProgram(pathToFileURL(entry).href);
        const env = { ADA_FFI_LIBRARY: join(ROOT, "build", "libada_ffi.so"), ADA_FFI_BACKEND: undefined };
        const run = runChild("node", () => body, { env: { ...env, ADA_FFI_NODE_FFI: undefined } });
        assert.is(run.stdout, "main=node:ffi worker=node:ffi\n", run.stderr);
        assert.is(run.stderr.split("ADA_FFI_WORKER_NODE_FFI").length, 2, run.stderr); // once: one Worker
        assert.ok(run.stderr.includes("koffi is not installed, so this Worker uses node:ffi"), run.stderr);
        const chosen = runChild("node", () => body, { env: { ...env, ADA_FFI_NODE_FFI: "node:ffi" } });
        assert.is(chosen.stdout, "main=node:ffi worker=node:ffi\n", chosen.stderr);
        assert.not.ok(chosen.stderr.includes("ADA_FFI_WORKER_NODE_FFI"), chosen.stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  test.run();
}
