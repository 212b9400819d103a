/**
 * Each runtime's entry points as the package ships them (package.json `exports`: the bundles for Node and Bun,
 * tools/bundle_entries.mjs), for the suites whose child processes import them.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./files.ts";

export type Runtime = "node" | "deno" | "bun";

/** `ada-ffi`. */
export const ENTRY: Record<Runtime, string> = {
  node: "dist/runtimes/node/entry.js",
  deno: "runtimes/deno/entry.ts",
  bun: "dist/runtimes/bun/entry.js",
};

/** `ada-ffi/global`. */
export const GLOBAL_ENTRY: Record<Runtime, string> = {
  node: "dist/runtimes/node/global.js",
  deno: "runtimes/deno/global.ts",
  bun: "dist/runtimes/bun/global.js",
};

/**
 * `ada-ffi/wasm` (Node's and Bun's: the module read from its file, with the bundled backend; Deno's: the module
 * imported), and its adapter module (tsc's, for a program that installs it itself). Browsers' entry
 * (dist/runtimes/wasm/entry.js) runs in test/browser_check.mjs.
 */
export const WASM_ENTRY: Record<Runtime, string> = {
  node: "dist/runtimes/node/wasm_entry.js",
  deno: "runtimes/deno/wasm_entry.ts",
  bun: "dist/runtimes/bun/wasm_entry.js",
};
export const WASM_BINDING: Record<Runtime, string> = {
  node: "dist/runtimes/wasm/binding.js",
  deno: "runtimes/wasm/binding.ts",
  bun: "dist/runtimes/wasm/binding.js",
};

/** An entry's file: URL, for an import in a child's program. */
export function entryUrl(file: string): string {
  return pathToFileURL(join(ROOT, file)).href;
}
