#!/usr/bin/env bun
// Part of `npm run build:js`, after tsc; run by Bun (a pinned dev dependency), whose bundler it uses. Each runtime
// entry that ships as JavaScript ships as one module: a module loader pays for every file at start-up (Node's ESM
// loader ~0.25 ms each, and the entry imports ~20).
// - dist/runtimes/node/entry.js, tsc's output, bundled in place (Node 24: +14.9 -> +10.4 ms over the built-in, Node 26:
//   +9.3 -> +4.3 ms, median of 41 processes each). Node's builtins stay imports and koffi stays a require at run
//   time; the other files of dist/ (types, the global entry, the CLI) stay as tsc wrote them. Its top-level bindings
//   are declared `const` again where they never change (tools/top_level_consts.mjs: V8 optimizes those as constants).
// - dist/runtimes/bun/entry.js from runtimes/bun/entry.ts, and dist/runtimes/bun/global.js from runtimes/bun/global.ts, which
//   imports the former rather than a copy of its classes.
// - dist/runtimes/wasm/ada_ffi.wasm, copied from native/prebuilds/wasm32/: the package's one copy of the WebAssembly
//   module, which every entry loads its own way (read beside it on Node and Bun, imported on Deno through
//   dist/runtimes/wasm/ada_ffi_source.js, copied here as it is, imported by Workers, fetched by browsers).
// - dist/runtimes/wasm/backend.js (runtimes/wasm/backend.ts: the Wasm backend's code), tsc's output, bundled in place
//   for every engine (target browser: standard JavaScript only, one file with no imports, which a browser loads from a
//   static server as it is): the `ada-ffi/wasm` entries of Node, Bun and browsers import it, each a few lines of tsc's
//   that load the module and re-export the API. tsc's tree of 42 modules took 21-30 ms to load on Node 26 against
//   9-14 ms bundled (bench/startup/main.mjs), and put Node 26's `new URL` over V8's inlining budget (chain 769 of 766
//   bytes: 4 getters 1.51x the built-in). Its top-level constants restored as for Node's. The other files of
//   dist/runtimes/wasm/ stay tsc's (module_entry.js for Workers, and the modules the suites import on their own).
// Deno's entry stays a tree of modules: Deno caches what it loads, and JSR publishes the TypeScript sources.
import { chmodSync, copyFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { WASM_TARGET } from "../native/prebuilt_targets.mjs";
import { restoreTopLevelConsts } from "./top_level_consts.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const runtimes = join(root, "dist", "runtimes");

/** The global entries' `import ... from "./entry.ts"` (or "./wasm_entry.ts"), left to the bundled entry beside them. */
const importTheMainEntry = {
  name: "import the main entry",
  setup(build) {
    build.onResolve({ filter: /^\.\/(wasm_)?entry\.ts$/ }, (args) => ({
      path: args.path.replace(/\.ts$/, ".js"),
      external: true,
    }));
  },
};

/** Bun's Wasm entry's imports of the backend (../wasm/backend.ts, ../wasm/public_api.ts), left to the built ones. */
const importTheWasmBackend = {
  name: "import the Wasm backend",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/wasm\/(backend|public_api)\.ts$/ }, (args) => ({
      path: args.path.replace(/\.ts$/, ".js"),
      external: true,
    }));
  },
};

/**
 * The package's files that Bun's entries name by a require() for a user's own bundle to embed
 * (runtimes/bun/embedded_files.ts): left as they are written, relative to the bundled entry in dist/runtimes/bun/.
 * Bun's bundler writes each as `__require("…")` (its alias of import.meta.require), which a user's `bun build` does
 * not recognize as a file to embed: bundle() writes them back as `require("…")`.
 */
const keepPackageFiles = {
  name: "keep the package's files for the user's bundler",
  setup(build) {
    build.onResolve({ filter: /\.(so|dylib|dll|wasm)$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The call block's constants, which Node's bundle must declare `const` (tools/top_level_consts.mjs): the build fails if
 * a change of the bundler's output keeps them `var`. The kept block's views (`block`, `header`, `text`, `components`)
 * were on this list until the Wasm backend: a Wasm memory that grows detaches them, and moveKeptBlock
 * (ffi/native_calls/kept_block.ts) makes them again, so they are assigned and stay `var`.
 */
const NODE_HOT_CONSTANTS = ["KEPT_TEXT_CAP", "UNCHANGED", "INVALID"];

async function bundle(source, target, out, plugins = []) {
  const result = await Bun.build({ entrypoints: [source], target, format: "esm", plugins });
  if (!result.success) throw new AggregateError(result.logs, `bundle_entries: bundling ${source} failed`);
  let text = await result.outputs[0].text();
  if (target === "node" || target === "browser") {
    const consts = restoreTopLevelConsts(text, out);
    const missing = target === "node" ? NODE_HOT_CONSTANTS.filter((name) => !consts.restored.includes(name)) : [];
    if (missing.length > 0) {
      throw new Error(`bundle_entries: ${source}: ${missing.join(", ")} not declared const in the bundle`);
    }
    text = consts.text;
  }
  if (plugins.includes(keepPackageFiles)) {
    const files = /\b__require\(("(?:\.\.\/)+[\w./-]+\.(?:so|dylib|dll|wasm)")\)/g;
    if (!files.test(text)) throw new Error(`bundle_entries: ${source}: no require() of the package's files found`);
    text = text.replace(files, "require($1)");
  }
  // A top-level name of ours that another bundled module also uses as a global would be renamed (URL -> URL2): our
  // classes must keep their names (inspect output, `URL.name`).
  const renamed = text.match(/^class (URL|URLSearchParams|URLPattern)\d+ /m);
  if (renamed) {
    throw new Error(
      `bundle_entries: bundling ${source} renamed class ${renamed[1]}; refer to the global one as ` +
        `globalThis.${renamed[1]}`,
    );
  }
  // Written beside the target, then renamed over it: an interrupted build never leaves half a module.
  await Bun.write(`${out}.partial`, text);
  renameSync(`${out}.partial`, out);
}

const node = join(runtimes, "node", "entry.js");
await bundle(node, "node", node);
await bundle(join(root, "runtimes", "bun", "entry.ts"), "bun", join(runtimes, "bun", "entry.js"), [keepPackageFiles]);
await bundle(join(root, "runtimes", "bun", "global.ts"), "bun", join(runtimes, "bun", "global.js"), [
  importTheMainEntry,
]);
const wasmBackend = join(runtimes, "wasm", "backend.js");
await bundle(wasmBackend, "browser", wasmBackend);
// Bun's `ada-ffi/wasm` (and its global): a few lines over that backend, which stays their import.
await bundle(join(root, "runtimes", "bun", "wasm_entry.ts"), "bun", join(runtimes, "bun", "wasm_entry.js"), [
  importTheWasmBackend,
  keepPackageFiles,
]);
await bundle(join(root, "runtimes", "bun", "wasm_global.ts"), "bun", join(runtimes, "bun", "wasm_global.js"), [
  importTheMainEntry,
]);

/** Copies `source` to `target`, as data (the linker's output is executable); written beside, then renamed over. */
function copyData(source, target) {
  copyFileSync(source, `${target}.partial`);
  chmodSync(`${target}.partial`, 0o644);
  renameSync(`${target}.partial`, target);
}
copyData(join(root, "native", "prebuilds", WASM_TARGET.key, WASM_TARGET.file), join(runtimes, "wasm", WASM_TARGET.file));
// Its types beside it: the file names them (`@ts-self-types`), so `deno check` of the entries in dist/ needs them.
for (const file of ["ada_ffi_source.js", "ada_ffi_source.d.ts"]) copyData(join(root, "runtimes", "wasm", file), join(runtimes, "wasm", file));
