// The Node lines the project runs on besides the Node that runs npm (test/node_lines.json): official binaries
// from the npm registry (`node-<platform>-<arch>@<version>`), fetched once into ada-ffi's cache with `npm pack`
// (which checks the registry's integrity hash). Used by npm test, the package check and the benchmark.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { npmPackage } from "./checks.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** `{ "22": "22.23.3", … }`: each pinned line and its version. */
export const NODE_LINES = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(join(root, "test", "node_lines.json"), "utf8")))
    .filter(([line]) => /^\d+$/.test(line)),
);

/** The path of the pinned Node binary of a line (fetched on first use). */
export function nodeBinary(line) {
  const version = NODE_LINES[line];
  if (version === undefined) throw new Error(`no pinned Node ${line} in test/node_lines.json`);
  return join(npmPackage(`node-${process.platform}-${process.arch}`, version), "bin", "node");
}

/** Whether a Node line has node:ffi (so its suite and benchmark also run once with the koffi fallback). */
export function hasNodeFfi(line) {
  return Number(line) >= 26;
}
