#!/usr/bin/env node
// `npm run bench`: the native ada floor (build/ada_bench) and the same workloads on every supported Node line,
// Deno and Bun, each runtime in its own process with its built-in URL, our URL (native, and on the Wasm backend:
// `ada-ffi/wasm`) and our parseMany side by side.
// Prints a table, writes bench/results/url.json and bench/chart.svg (the README's chart); then the routing
// section (bench/routing/main.mjs: URLPatternList against find-my-way, hono, rou3), bench/results/routing.json, and the
// searchParams section (bench/search-params/main.mjs, also `npm run bench:params` alone).
//
// Usage: node bench/url/main.mjs [--rounds N] [--runtimes node20,node26,node26-koffi,deno,bun] [urls-file ...]
//        node bench/url/main.mjs --check: only V8's handling of our hot code (bench/url/v8_checks.mjs), exit 1 on a
//        regression
// Runtimes: node (the Node running this), node<line> (pinned, test/node_lines.json), node<line>-koffi (a line
// with node:ffi, forced onto koffi), deno, bun. Default: this Node, every pinned line, Node 26 on koffi too,
// Deno and Bun.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderChart } from "../tables/chart.mjs";
import { versionsOf, writeResults } from "../common/results_file.mjs";
import { runV8Checks } from "./v8_checks.mjs";
import { runRoutingSection } from "../routing/main.mjs";
import { runParamsSection } from "../search-params/main.mjs";
import { hasNodeFfi, NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name) => join(root, "node_modules", ".bin", name);

function parseArgs(argv) {
  const thisLine = process.versions.node.split(".")[0];
  const pinned = Object.keys(NODE_LINES).filter((line) => line !== thisLine);
  const nodes = [
    `node${thisLine}`,
    ...pinned.map((l) => `node${l}`),
    ...pinned.filter(hasNodeFfi).map((l) => `node${l}-koffi`),
  ];
  const args = { rounds: 15, runtimes: [...nodes, "deno", "bun"], files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--runtimes") args.runtimes = argv[++i].split(",");
    else args.files.push(argv[i]);
  }
  if (args.files.length === 0) args.files = ["bench/data/kasztp.txt", "bench/data/node_files.txt"];
  if (!(args.rounds >= 1)) throw new Error("--rounds takes a positive number");
  return args;
}

/** How to run a runtime's bench process: [command, args, extra environment]. */
function commandFor(runtime, file, rounds) {
  const node = runtime.match(/^node(\d*)(-koffi)?$/);
  if (node) {
    const line = node[1];
    const binary = line === "" || line === process.versions.node.split(".")[0] ? process.execPath : nodeBinary(line);
    return [
      binary,
      ["--expose-gc", "dist/bench/url/node.js", file, String(rounds)],
      node[2] ? { ADA_FFI_NODE_FFI: "koffi" } : {},
    ];
  }
  if (!(runtime in COMMANDS)) throw new Error(`unknown runtime ${runtime}`);
  return [...COMMANDS[runtime](file, rounds), {}];
}

const COMMANDS = {
  deno: (
    file,
    rounds,
  ) => [bin("deno"), ["run", "--allow-all", "--v8-flags=--expose-gc", "bench/url/deno.ts", file, String(rounds)]],
  bun: (file, rounds) => [bin("bun"), ["bench/url/bun.ts", file, String(rounds)]],
};

function run(command, args, env = {}) {
  const child = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 26,
    env: { ...process.env, ...env },
  });
  if (child.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${child.status}):\n${child.stdout}${child.stderr}`);
  }
  return child.stdout;
}

const WORKLOADS = ["href", "getters4", "getters11", "canParse", "setSearch", "relative"];
const fmt = (n) => (n === undefined ? "—" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : (a / b).toFixed(2));

function printTable(dataset) {
  const { native, runtimes } = dataset;
  console.log(`\n${dataset.name}: ${dataset.urls} URLs, median ns/URL of ${dataset.rounds} rounds`);
  const header = [
    "workload",
    "runtime",
    "built-in",
    "ada-ffi",
    "wasm",
    "parseMany",
    "native ada",
    "ours/built-in",
    "wasm/built-in",
    "ours/native",
    "batch/native",
  ];
  const rows = [header];
  for (const workload of WORKLOADS) {
    for (const [name, r] of Object.entries(runtimes)) {
      const ns = r.ns[workload] ?? {};
      const ours = ns["ada-ffi"];
      const batch = ns["ada-ffi parseMany"];
      rows.push([
        workload,
        name,
        fmt(ns["built-in"]),
        fmt(ours),
        fmt(ns.wasm),
        fmt(batch),
        fmt(native[workload]),
        ratio(ours, ns["built-in"]),
        ratio(ns.wasm, ns["built-in"]),
        ratio(ours, native[workload]),
        ratio(batch, native[workload]),
      ]);
    }
  }
  for (const [name, r] of Object.entries(runtimes)) {
    const h = r.heapBytes;
    rows.push([
      "heap B/URL",
      name,
      fmt(h["built-in"]),
      fmt(h["ada-ffi"]),
      fmt(h.wasm),
      "",
      "",
      ratio(h["ada-ffi"], h["built-in"]),
      ratio(h.wasm, h["built-in"]),
      "",
      "",
    ]);
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
}

if (process.argv.includes("--check")) process.exit(runV8Checks() ? 0 : 1);
const args = parseArgs(process.argv.slice(2));
const datasets = [];
for (const file of args.files) {
  console.error(`bench: ${file}: native ada...`);
  const native = JSON.parse(run(join(root, "build", "ada_bench"), [file, String(Math.max(args.rounds, 15))]));
  const dataset = { name: basename(file), file, rounds: args.rounds, urls: native.urls, native, runtimes: {} };
  for (const runtime of args.runtimes) {
    console.error(`bench: ${file}: ${runtime}...`);
    const [command, commandArgs, env] = commandFor(runtime, file, args.rounds);
    const line = run(command, commandArgs, env).split("\n").find((l) => l.startsWith("BENCH_RESULT "));
    if (!line) throw new Error(`${runtime} printed no BENCH_RESULT line`);
    const result = JSON.parse(line.slice("BENCH_RESULT ".length));
    dataset.runtimes[runtime] = result;
    dataset.urls = result.urls;
  }
  datasets.push(dataset);
  printTable(dataset);
}

// Routing (URLPatternList against routers): each runtime in its own process; koffi runs are the URL sections' only.
runRoutingSection({ rounds: args.rounds, runtimes: args.runtimes.filter((r) => !r.endsWith("-koffi")) });

// The searchParams section (issue 29's workloads), on the same runtimes minus the koffi variants.
console.log("\n--- searchParams ---");
runParamsSection({ rounds: args.rounds, runtimes: args.runtimes.filter((r) => !r.endsWith("-koffi")) });

const { report, file } = writeResults("url", {
  command: ["node bench/url/main.mjs", ...process.argv.slice(2)].join(" "),
  versions: versionsOf(datasets[0]?.runtimes ?? {}),
  rounds: args.rounds,
  datasets,
});
writeFileSync(join(root, "bench", "chart.svg"), renderChart(report));
console.log(`\nwrote ${file} and bench/chart.svg (${report.machine.cpu}, ${report.machine.cores} cores)`);
