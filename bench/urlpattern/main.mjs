#!/usr/bin/env node
// `npm run bench:urlpattern`: URLPattern construct / test / exec (fresh inputs) and a router mix (repeating
// inputs) on every supported Node line, Deno and Bun; per runtime its built-in URLPattern (Node 24+, Deno,
// Bun), ada-ffi's and urlpattern-polyfill's, side by side in one process. Prints µs per call and each
// contender's time relative to ada-ffi's; writes bench/results/urlpattern.json (bench/common/results_file.mjs).
//
// Usage: node bench/urlpattern/main.mjs [--rounds N] [--runtimes node20,node26,deno,bun] [urls-file]
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";
import { versionsOf, writeResults } from "../common/results_file.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name) => join(root, "node_modules", ".bin", name);

const thisLine = process.versions.node.split(".")[0];
const args = {
  rounds: 15,
  runtimes: [
    `node${thisLine}`,
    ...Object.keys(NODE_LINES).filter((l) => l !== thisLine).map((l) => `node${l}`),
    "deno",
    "bun",
  ],
  file: "bench/data/kasztp.txt",
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
  else if (argv[i] === "--runtimes") args.runtimes = argv[++i].split(",");
  else args.file = argv[i];
}

function commandFor(runtime) {
  const node = runtime.match(/^node(\d*)$/);
  const tail = [args.file, String(args.rounds)];
  if (node) {
    const binary = node[1] === "" || node[1] === thisLine ? process.execPath : nodeBinary(node[1]);
    return [binary, ["--expose-gc", "dist/bench/urlpattern/node.js", ...tail]];
  }
  if (runtime === "deno") {
    return [bin("deno"), ["run", "--allow-all", "--v8-flags=--expose-gc", "bench/urlpattern/deno.ts", ...tail]];
  }
  if (runtime === "bun") return [bin("bun"), ["bench/urlpattern/bun.ts", ...tail]];
  throw new Error(`unknown runtime ${runtime}`);
}

const WORKLOADS = ["construct", "test", "exec", "router"];
const results = {};
for (const runtime of args.runtimes) {
  console.error(`bench:urlpattern: ${runtime}...`);
  const [command, commandArgs] = commandFor(runtime);
  const child = spawnSync(command, commandArgs, { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  const line = `${child.stdout}`.split("\n").find((l) => l.startsWith("PATTERN_RESULT "));
  if (child.status !== 0 || !line) {
    throw new Error(`${runtime} failed (${child.status}):\n${child.stdout}${child.stderr}`);
  }
  results[runtime] = JSON.parse(line.slice("PATTERN_RESULT ".length));
}

const fmt = (n) => (n === undefined ? "—" : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3));
const header = ["workload", "runtime", "built-in µs", "ada-ffi µs", "polyfill µs", "built-in/ours", "polyfill/ours"];
const rows = [header];
for (const workload of WORKLOADS) {
  for (const [runtime, r] of Object.entries(results)) {
    const us = r.us[workload] ?? {};
    const ours = us["ada-ffi"];
    const times = (name) => (us[name] === undefined || ours === undefined ? "—" : `${(us[name] / ours).toFixed(1)}x`);
    const note = (name) => (r.disagree[workload]?.includes(name) ? "differs" : fmt(us[name]));
    rows.push([
      workload,
      runtime,
      note("built-in"),
      fmt(ours),
      note("urlpattern-polyfill"),
      times("built-in"),
      times("urlpattern-polyfill"),
    ]);
  }
}
const widths = header.map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
console.log(
  `\nURLPattern: µs per call, median of ${args.rounds} rounds (${
    Object.values(results)[0]?.urls
  } URLs of ${args.file})`,
);
for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
console.log("built-in/ours, polyfill/ours: how many times ada-ffi's time the other takes (higher: ada-ffi faster).");
console.log(
  '"differs": that contender answered differently from ada-ffi on the workload\'s inputs, so it was not timed.',
);

const { file } = writeResults("urlpattern", {
  command: ["node bench/urlpattern/main.mjs", ...process.argv.slice(2)].join(" "),
  versions: versionsOf(results),
  file: args.file,
  rounds: args.rounds,
  results,
});
console.log(`\nwrote ${file}`);
