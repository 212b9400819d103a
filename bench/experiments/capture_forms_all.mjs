#!/usr/bin/env node
// Experiment, answered (bench/experiments/README.md): should URL's getters call the String methods they use in a
// realm-safe form (taken at load, called without reading String.prototype, Function.prototype or Reflect)? No: every
// realm-safe form costs JavaScriptCore far more than it saves anyone. Measured alone on 2026-11-26 (ns per call,
// ratio to a direct `s.slice(a, b)`): on Bun 1.4.5 `slice.call` 0.93, `Function.prototype.call.bind(slice)` 5.1,
// `Reflect.apply` 4.9, in a rest wrapper 2.4; on Node 20–26 and Deno the bound form 1.00–1.07. Recorded in
// docs/runtime-interop.md, "Errors and robustness" (with the whole-library A/B run of the bound form).
//
// Runs bench/experiments/capture_forms.mjs on every runtime, one process each and one after the other (this Node, each
// pinned Node line of test/node_lines.json, Deno and Bun from node_modules/.bin), and prints a table per method: ns per
// call (median of the rounds) and the ratio to a direct method call. Run it alone on the machine.
//
// Usage: node bench/experiments/capture_forms_all.mjs [--iterations N] [--rounds R]   (defaults 2,000,000 and 15)
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const script = join(root, "bench", "experiments", "capture_forms.mjs");
const passed = process.argv.slice(2);
const bin = (name) => join(root, "node_modules", ".bin", name);

const runtimes = [
  ["Node (this)", process.execPath, [script]],
  ...Object.keys(NODE_LINES).map((line) => [`Node ${line}`, nodeBinary(line), [script]]),
  ["Deno", bin("deno"), ["run", "--allow-env", script]],
  ["Bun", bin("bun"), [script]],
];

const rows = [];
for (const [name, command, args] of runtimes) {
  process.stderr.write(`${name}…\n`);
  const child = spawnSync(command, [...args, ...passed], { encoding: "utf8", cwd: root });
  if (child.status !== 0) throw new Error(`${name} exited with ${child.status}:\n${child.stderr}`);
  rows.push(JSON.parse(child.stdout.trim().split("\n").at(-1)));
}

for (const method of Object.keys(rows[0].results)) {
  const forms = Object.keys(rows[0].results[method]);
  console.log(
    `\n${method}: ns per call (ratio to direct), median of ${rows[0].rounds} rounds of ${rows[0].iterations}`,
  );
  console.log(`| runtime | ${forms.join(" | ")} |`);
  console.log(`| --- |${" ---: |".repeat(forms.length)}`);
  for (const row of rows) {
    const cells = forms.map((f) => `${row.results[method][f].ns} (${row.results[method][f].ratio.toFixed(2)})`);
    console.log(`| ${row.runtime} | ${cells.join(" | ")} |`);
  }
}
