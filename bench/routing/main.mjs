#!/usr/bin/env node
// `npm run bench:routing` (and a section of `npm run bench`): routing full request URL strings through ~12, ~140 and
// ~1,000 routes (bench/routing/harness.ts) on every supported Node line, Deno and Bun, each runtime in its own
// process: our URLPatternList against find-my-way, hono and rou3, and the loops over our and the built-in
// URLPattern. Prints ns per lookup and the ratios of the targets; writes bench/results/routing.json
// (bench/common/results_file.mjs). `npm run bench:routing` then runs route_main.mjs here (route()'s benchmarks).
//
// Usage: node bench/routing/main.mjs [--rounds N] [--runtimes node20,node26,node26-koffi,deno,bun]
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";
import { versionsOf, writeResults } from "../common/results_file.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name) => join(root, "node_modules", ".bin", name);
const thisLine = process.versions.node.split(".")[0];

/** Every supported Node line (this one first), Deno and Bun. */
export const DEFAULT_RUNTIMES = [
  `node${thisLine}`,
  ...Object.keys(NODE_LINES).filter((l) => l !== thisLine).map((l) => `node${l}`),
  "deno",
  "bun",
];

function commandFor(runtime, rounds) {
  const node = runtime.match(/^node(\d*)(-koffi)?$/);
  if (node) {
    const binary = node[1] === "" || node[1] === thisLine ? process.execPath : nodeBinary(node[1]);
    return [
      binary,
      ["--expose-gc", "dist/bench/routing/node.js", String(rounds)],
      node[2] ? { ADA_FFI_NODE_FFI: "koffi" } : {},
    ];
  }
  if (runtime === "deno") {
    return [bin("deno"), ["run", "--allow-all", "--v8-flags=--expose-gc", "bench/routing/deno.ts", String(rounds)], {}];
  }
  if (runtime === "bun") return [bin("bun"), ["bench/routing/bun.ts", String(rounds)], {}];
  throw new Error(`unknown runtime ${runtime}`);
}

const COLUMNS = [
  ["URLPatternList", "exec"],
  ["URLPatternList match", "match"],
  ["URLPatternList test", "test"],
  ["input", "input"],
  ["find-my-way", "find-my-way"],
  ["hono", "hono"],
  ["rou3", "rou3"],
  ["our URLPattern loop", "our loop"],
  ["built-in URLPattern loop", "built-in loop"],
  ["URLPatternList wasm", "wasm exec"],
];

const fmt = (n) => (n === undefined ? "—" : Math.round(n).toLocaleString("en-US"));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : (a / b).toFixed(2));

/** Runs every runtime's process and prints the tables; returns the results by runtime. */
export function runRoutingSection({ rounds = 9, runtimes = DEFAULT_RUNTIMES } = {}) {
  const results = {};
  for (const runtime of runtimes) {
    console.error(`bench:routing: ${runtime}...`);
    const [command, commandArgs, env] = commandFor(runtime, rounds);
    const child = spawnSync(command, commandArgs, {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 26,
      env: { ...process.env, ...env },
    });
    const line = `${child.stdout}`.split("\n").find((l) => l.startsWith("ROUTING_RESULT "));
    if (child.status !== 0 || !line) {
      throw new Error(`${runtime} failed (${child.status}):\n${child.stdout}${child.stderr}`);
    }
    results[runtime] = JSON.parse(line.slice("ROUTING_RESULT ".length));
  }
  const sets = Object.keys(Object.values(results)[0]?.sets ?? {});
  for (const set of sets) {
    const first = Object.values(results)[0].sets[set];
    console.log(
      `\nRouting, ${set} (${first.routes} routes): ns per lookup, median of ${rounds} rounds, full URL strings`,
    );
    const header = [
      "runtime",
      ...COLUMNS.map(([, label]) => label),
      "test/fmw",
      "match/fmw",
      "match/hono",
      "exec/fmw",
      "built-in/exec",
      "built-in/wasm exec",
    ];
    const rows = [header];
    const notes = [];
    for (const [runtime, r] of Object.entries(results)) {
      const s = r.sets[set];
      const ns = s.ns;
      rows.push([
        `${runtime} ${r.version}`,
        ...COLUMNS.map(([name]) => fmt(ns[name])),
        ratio(ns["URLPatternList test"], ns["find-my-way"]),
        ratio(ns["URLPatternList match"], ns["find-my-way"]),
        ratio(ns["URLPatternList match"], ns["hono"]),
        ratio(ns["URLPatternList"], ns["find-my-way"]),
        ratio(ns["built-in URLPattern loop"], ns["URLPatternList"]),
        ratio(ns["built-in URLPattern loop"], ns["URLPatternList wasm"]),
      ]);
      if (s.hono !== "RegExpRouter") notes.push(`${runtime}: hono is its ${s.hono}`);
      for (const [name, n] of Object.entries(s.disagree)) {
        if (n > 0) {
          notes.push(`${runtime}: ${name} matched another route than the list on ${n} of ${s.requests} requests`);
        }
      }
    }
    const widths = header.map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
    for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
    for (const note of notes) console.log(`  ${note}`);
  }
  console.log(
    "Targets (issue 34): test/fmw <= 1, match/fmw <= 1.5 and match/hono <= 2 (match() is the router's call), " +
      "built-in/exec >= 10; issue 35's: built-in/wasm exec >= 10 (URLPatternList on ada-ffi/wasm). exec, match, test: URLPatternList's; 'input': preparing the input alone (the canonical " +
      "scan, or ada's parse: test() of new URLPattern({}), which checks nothing after it).",
  );
  const { file } = writeResults("routing", {
    command: `node bench/routing/main.mjs --rounds ${rounds} --runtimes ${runtimes.join(",")}`,
    versions: versionsOf(results),
    rounds,
    results,
  });
  console.log(`wrote ${file}`);
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rounds") options.rounds = Number(argv[++i]);
    else if (argv[i] === "--runtimes") options.runtimes = argv[++i].split(",");
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  runRoutingSection(options);
}
