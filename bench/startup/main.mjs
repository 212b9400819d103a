#!/usr/bin/env node
// Start-up cost: how much importing ada-ffi and the first `new URL` add over the built-in, on every Node line
// (test/node_lines.json), Deno and Bun, for the runtime's own entry (native library) and for `ada-ffi/wasm` (the
// WebAssembly backend: reading the module's file, or importing it on Deno, compiling and instantiating it at import).
// Each figure is the median wall time of N fresh processes running a one-line program, ours minus the built-in's.
// Writes bench/results/startup.json (bench/common/results_file.mjs). What the Wasm start-up is made of, phase by phase:
// bench/experiments/startup_wasm_phases.mjs.
//
// Usage: node bench/startup/main.mjs [--runs N]   (npm run bench:startup)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hasNodeFfi, NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";
import { plainVersion, writeResults } from "../common/results_file.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg === -1 ? 11 : Number(process.argv[runsArg + 1]);
const dir = mkdtempSync(join(tmpdir(), "ada-ffi-startup-"));
const entry = (file) => pathToFileURL(join(root, file)).href;
const program = (name, source) => {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
};
const builtin = program("builtin.mjs", `new URL("http://a/b");\n`);
const ours = (file) =>
  program(
    `ours-${file.replace(/\W/g, "_")}.mjs`,
    `import { URL } from ${JSON.stringify(entry(file))};\nnew URL("http://a/b");\n`,
  );

/** `ada-ffi/wasm` as the package ships it to Node, to Bun, and to Deno (what it takes from npm). */
const WASM_ENTRY = "dist/runtimes/node/wasm_entry.js";
const BUN_WASM_ENTRY = "dist/runtimes/bun/wasm_entry.js";
const DENO_WASM_ENTRY = "dist/runtimes/deno/wasm_entry.js";

function median(command, args, env = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const child = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
    if (child.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${child.status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

/** The first version-looking word a runtime prints for --version ("v20.20.2", "deno 2.9.6 (…)", "1.4.5"). */
function versionOf(command) {
  const out = spawnSync(command, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return plainVersion(out.match(/v?\d+\.\d+\.\d+/)?.[0] ?? "unknown");
}

const rows = [];
const versions = {};
const nodes = [["node " + process.versions.node.split(".")[0], process.execPath, {}]];
for (const line of Object.keys(NODE_LINES)) {
  if (line === process.versions.node.split(".")[0]) continue;
  nodes.push([`node ${line}`, nodeBinary(line), {}]);
  if (hasNodeFfi(line)) nodes.push([`node ${line} koffi`, nodeBinary(line), { ADA_FFI_NODE_FFI: "koffi" }]);
}
try {
  for (const [name, binary, env] of nodes) {
    versions[name] = versionOf(binary);
    const b = median(binary, [builtin]);
    // The Wasm entry does not depend on the FFI: measured once per line, not again for the koffi variant.
    const wasm = name.endsWith(" koffi") ? undefined : median(binary, [ours(WASM_ENTRY)]);
    rows.push([name, b, median(binary, [ours("dist/runtimes/node/entry.js")], env), wasm]);
  }
  const deno = join(root, "node_modules", ".bin", "deno");
  versions.deno = versionOf(deno);
  rows.push([
    "deno",
    median(deno, ["run", "-A", builtin]),
    median(deno, ["run", "-A", ours("runtimes/deno/entry.ts")]),
    median(deno, ["run", "-A", ours(DENO_WASM_ENTRY)]),
  ]);
  const bun = join(root, "node_modules", ".bin", "bun");
  versions.bun = versionOf(bun);
  rows.push([
    "bun",
    median(bun, [builtin]),
    median(bun, [ours("dist/runtimes/bun/entry.js")]),
    median(bun, [ours(BUN_WASM_ENTRY)]),
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `start-up, median of ${runs} fresh processes (ms): built-in URL, ada-ffi, added, ada-ffi/wasm, added (target ≤ 30)`,
);
const cell = (n) => (n === undefined ? "—" : n.toFixed(1)).padStart(7);
for (const [name, b, o, w] of rows) {
  console.log(
    `${name.padEnd(14)} ${cell(b)} ${cell(o)} ${cell(o - b)} ${cell(w)} ${cell(w === undefined ? w : w - b)}`,
  );
}
const { file } = writeResults("startup", {
  command: ["node bench/startup/main.mjs", ...process.argv.slice(2)].join(" "),
  versions,
  runs,
  // Milliseconds, medians of `runs` fresh processes: the built-in URL alone, after importing ada-ffi, and after
  // importing ada-ffi/wasm (absent on the koffi variants).
  rows: rows.map(([name, builtinMs, oursMs, wasmMs]) => ({ name, builtinMs, oursMs, wasmMs })),
});
console.log(`wrote ${file}`);
