#!/usr/bin/env node
// `npm run bench:ab -- <refA> <refB>`: two versions of ada-ffi in ONE process per runtime, with the runtime's built-in
// URL as a third contender, interleaved every batch of URLs (bench/compare/harness.ts), so that a few-percent change is
// not lost in the drift between processes; then, where `perf stat` can count instructions, instructions per URL of A
// and B (bench/compare/perf.mjs). docs/performance.md, "Seeing a 5% change".
//
// Usage: node bench/compare/main.mjs <refA> <refB> [--runtimes node20,node22,node24,node26,node26-koffi,deno,bun]
//          [--rounds N] [--warmup N] [--batch URLS] [--workloads href,getters4,...] [--no-perf]
//          [--perf-rounds N] [--perf-repeat N] [--perf-event EVENT] [--json FILE] [urls-file ...]
// A ref is any commit-ish (built once into ada-ffi's cache, bench/compare/checkout.mjs) or `.`, this working tree as it
// is (built by `npm run bench:ab`). The same ref twice runs two copies of it: an A/A run shows the noise floor.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkout, entryOf, resolveRef, root } from "./checkout.mjs";
import { instructionsPerUrl, PERF_EVENT, perfUnavailable } from "./perf.mjs";
import { nodeBinary } from "../../test/support/node_lines.mjs";

const DEFAULT_WORKLOADS = ["href", "getters4", "getters11", "canParse", "setSearch", "relative", "parseMany"];

function parseArgs(argv) {
  const args = {
    refs: [],
    files: [],
    runtimes: ["node20", "node22", "node24", "node26", "deno", "bun"],
    rounds: 30,
    warmup: 3,
    batch: 2000,
    workloads: DEFAULT_WORKLOADS,
    perf: true,
    perfRounds: 5,
    perfRepeat: 1,
    perfEvent: PERF_EVENT,
    json: undefined,
  };
  const value = (i) => {
    if (argv[i] === undefined) throw new Error(`${argv[i - 1]} takes a value`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--runtimes") args.runtimes = value(++i).split(",");
    else if (a === "--rounds") args.rounds = Number(value(++i));
    else if (a === "--warmup") args.warmup = Number(value(++i));
    else if (a === "--batch") args.batch = Number(value(++i));
    else if (a === "--workloads") args.workloads = value(++i).split(",");
    else if (a === "--no-perf") args.perf = false;
    else if (a === "--perf-rounds") args.perfRounds = Number(value(++i));
    else if (a === "--perf-repeat") args.perfRepeat = Number(value(++i));
    else if (a === "--perf-event") args.perfEvent = value(++i);
    else if (a === "--json") args.json = value(++i);
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else if (args.refs.length < 2) args.refs.push(a);
    else args.files.push(a);
  }
  if (args.refs.length !== 2) {
    throw new Error("usage: node bench/compare/main.mjs <refA> <refB> [options] [urls-file ...]");
  }
  for (const key of ["rounds", "batch", "perfRounds", "perfRepeat"]) {
    if (!(Number.isInteger(args[key]) && args[key] >= 1)) throw new Error(`--${key} takes a positive integer`);
  }
  if (!(Number.isInteger(args.warmup) && args.warmup >= 0)) throw new Error("--warmup takes an integer >= 0");
  if (args.files.length === 0) args.files = ["bench/data/kasztp.txt", "bench/data/node_files.txt"];
  return args;
}

/** [command, args, env] running bench/compare/run.ts with `config` under `runtime`. */
function commandFor(runtime, config) {
  const json = JSON.stringify(config);
  const node = runtime.match(/^node(\d*)(-koffi)?$/);
  if (node) {
    const thisLine = process.versions.node.split(".")[0];
    const binary = node[1] === "" || node[1] === thisLine ? process.execPath : nodeBinary(node[1]);
    return [binary, ["--expose-gc", join(root, "dist", "bench", "compare", "run.js"), json], node[2] ? KOFFI : {}];
  }
  const bin = (name) => join(root, "node_modules", ".bin", name);
  if (runtime === "deno") {
    return [bin("deno"), [
      "run",
      "--allow-all",
      "--v8-flags=--expose-gc",
      join(root, "bench", "compare", "run.ts"),
      json,
    ], {}];
  }
  if (runtime === "bun") return [bin("bun"), [join(root, "bench", "compare", "run.ts"), json], {}];
  throw new Error(`unknown runtime ${runtime}`);
}
const KOFFI = { ADA_FFI_NODE_FFI: "koffi" };

/** The library each copy loads is its own checkout's: a global override would load one library twice. */
function childEnv(env) {
  const out = { ...process.env, ...env };
  delete out.ADA_FFI_LIBRARY;
  return out;
}

function runChild([command, args, env], marker) {
  const child = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28, env: childEnv(env) });
  const line = child.stdout?.split("\n").find((l) => l.startsWith(marker));
  if (child.status !== 0 || !line) {
    throw new Error(
      `${command} ${args.slice(0, -1).join(" ")} failed (${child.status}):\n${child.stdout}${child.stderr}`,
    );
  }
  return line.slice(marker.length);
}

const say = (message) => process.stderr.write(`bench:ab: ${message}\n`);
const fmtNs = (n) => (n === undefined ? "—" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const fmtRatio = (s) => (s === undefined ? "—" : s.median.toFixed(3));
/** The bootstrap interval says little under five rounds. */
const fmtInterval = (s) =>
  s === undefined ? "—" : s.perRound.length < 5 ? "(< 5 rounds)" : `${s.low.toFixed(3)}–${s.high.toFixed(3)}`;

function printTable(title, rows, header) {
  console.log(`\n${title}`);
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => String(row[c]).length)));
  for (const row of all) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
}

function printAb(file, results, a, b) {
  const rows = [];
  for (const [runtime, r] of Object.entries(results)) {
    for (const [workload, w] of Object.entries(r.workloads)) {
      const ba = w.ratios["B/A"];
      rows.push([
        workload,
        runtime,
        fmtNs(w.ns["built-in"]),
        fmtNs(w.ns.A),
        fmtNs(w.ns.B),
        fmtRatio(w.ratios["A/built-in"]),
        fmtRatio(w.ratios["B/built-in"]),
        fmtRatio(ba),
        fmtInterval(ba),
        ba ? `${ba.dropped}/${ba.batches}` : "—",
      ]);
    }
  }
  const any = Object.values(results)[0];
  printTable(
    `${file}: ${any?.urls} URLs in batches of ${any?.batch}, ${any?.rounds} rounds; A = ${a.label}, B = ${b.label}\n` +
      "ns/URL: medians over rounds; ratios: median over rounds of each round's ratio, B/A with its 95% bootstrap " +
      "interval; dropped: pre-empted batches left out",
    rows,
    ["workload", "runtime", "built-in", "A", "B", "A/built-in", "B/built-in", "B/A", "B/A 95%", "dropped"],
  );
}

function printPerf(file, counts) {
  const rows = [];
  for (const [runtime, byWorkload] of Object.entries(counts)) {
    for (const [workload, c] of Object.entries(byWorkload)) {
      rows.push([workload, runtime, c.A.toFixed(0), c.B.toFixed(0), c.ratio.toFixed(4)]);
    }
  }
  printTable(`${file}: instructions per URL (perf stat, separate processes)`, rows, [
    "workload",
    "runtime",
    "A",
    "B",
    "B/A",
  ]);
}

const args = parseArgs(process.argv.slice(2));
const [a, b] = args.refs.map(resolveRef);
const dirA = checkout(a, undefined, say);
const dirB = checkout(b, a.sha === b.sha ? (a.sha === "." ? "worktree-copy" : "copy") : undefined, say);
if (dirA === dirB) throw new Error("A and B are both this working tree: give a commit for one of them");
const entriesFor = (runtime) => {
  const kind = runtime.startsWith("node") ? "node" : runtime;
  return { A: entryOf(dirA, kind), B: entryOf(dirB, kind) };
};

const perfWhyNot = args.perf ? perfUnavailable(args.perfEvent) : "--no-perf";
if (args.perf && perfWhyNot) say(`instruction counts skipped: ${perfWhyNot}`);
const report = { a, b, dirs: { A: dirA, B: dirB }, args, datasets: [] };
for (const file of args.files) {
  const dataset = { file, ab: {}, instructions: {} };
  for (const runtime of args.runtimes) {
    say(`${file}: ${runtime}, ${args.rounds} rounds...`);
    const config = {
      mode: "ab",
      file: join(root, file),
      entries: entriesFor(runtime),
      rounds: args.rounds,
      warmup: args.warmup,
      batch: args.batch,
      workloads: args.workloads,
    };
    dataset.ab[runtime] = JSON.parse(runChild(commandFor(runtime, config), "AB_RESULT "));
  }
  printAb(file, dataset.ab, a, b);
  if (!perfWhyNot) {
    for (const runtime of args.runtimes) {
      say(`${file}: ${runtime}, instruction counts...`);
      const entries = entriesFor(runtime);
      const [command, commandArgs, env] = commandFor(runtime, {});
      dataset.instructions[runtime] = instructionsPerUrl({
        workloads: args.workloads,
        sides: ["A", "B"],
        base: 2,
        extra: args.perfRounds,
        repeat: args.perfRepeat,
        event: args.perfEvent,
        commandFor: (side, workload, rounds) => {
          const config = { mode: "single", file: join(root, file), entries: { X: entries[side] }, workload, rounds };
          return [command, [...commandArgs.slice(0, -1), JSON.stringify(config)], childEnv(env)];
        },
      });
    }
    printPerf(file, dataset.instructions);
  }
  report.datasets.push(dataset);
}
if (perfWhyNot) console.log(`\ninstruction counts: skipped (${perfWhyNot})`);
if (args.json) {
  writeFileSync(args.json, JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2) + "\n");
  console.log(`wrote ${args.json}`);
}
