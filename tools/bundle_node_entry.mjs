#!/usr/bin/env node
// Part of `npm run build:js`, after tsc: bundles dist/runtimes/node.js (the Node entry and the ~20 modules it imports)
// into one ES module, in place, with Bun's bundler (a pinned dev dependency). Node's ES module loader spends about a
// quarter of a millisecond per module at start-up: one file cuts what importing ada-ffi costs by ~5 ms (Node 24:
// +14.9 -> +10.4 ms, Node 26: +9.3 -> +4.3 ms, median of 41 processes each). Node's builtins stay imports and koffi
// stays a require at run time; the other files of dist/ (types, the global entry's helpers, the CLI) stay as tsc
// wrote them.
import { spawnSync } from "node:child_process";
import { readFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const entry = join(root, "dist", "runtimes", "node.js");
const bundled = join(root, "dist", "runtimes", "node.bundle.js");
const bun = join(root, "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");
const run = spawnSync(bun, ["build", entry, "--target=node", "--format=esm", `--outfile=${bundled}`], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (run.status !== 0) {
  console.error(`bundle_node_entry: bun build failed (${run.error?.message ?? `exit ${run.status}`})`);
  process.exit(1);
}
// A top-level name of ours that another bundled module also uses as a global would be renamed (URL -> URL2): our
// classes must keep their names (inspect output, `URL.name`).
const text = readFileSync(bundled, "utf8");
const renamed = text.match(/^class (URL|URLSearchParams|URLPattern)\d+ /m);
if (renamed) {
  console.error(`bundle_node_entry: the bundler renamed class ${renamed[1]}; refer to the global one as globalThis.${renamed[1]}`);
  process.exit(1);
}
renameSync(bundled, entry);
