#!/usr/bin/env node
// Part of the build (npm run build:js, npm test), after native/prebuild.mjs made the WebAssembly module: copies it to
// runtimes/wasm/ada_ffi.wasm (generated, never committed: .gitignore), where the sources' entries load it from as the
// package's entries load dist/runtimes/wasm/ada_ffi.wasm (tools/bundle_entries.mjs copies that one): the same relative
// path from runtimes/<runtime>/ and from dist/runtimes/<runtime>/. Deno's entries import it (runtimes/wasm/ada_ffi_source.js),
// JSR publishes this copy, and the suites run from the sources read it.
import { chmodSync, copyFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { WASM_TARGET } from "../native/prebuilt_targets.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const source = join(root, "native", "prebuilds", WASM_TARGET.key, WASM_TARGET.file);
const target = join(root, "runtimes", "wasm", WASM_TARGET.file);

try {
  // Written beside, then renamed over it: an interrupted build never leaves half a module.
  copyFileSync(source, `${target}.partial`);
} catch (error) {
  process.stderr.write(`copy_wasm: ${source} is missing (${error.code}): run \`node native/prebuild.mjs --host\`\n`);
  process.exit(1);
}
chmodSync(`${target}.partial`, 0o644); // data, not a program (the linker's output is executable)
renameSync(`${target}.partial`, target);
