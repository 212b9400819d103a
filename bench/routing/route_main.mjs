#!/usr/bin/env node
// The route() benchmarks (part of `npm run bench:routing`): std's own router benchmark groups (std_groups_harness.ts)
// and route tables of 10,000 and 100,000 routes (scale_harness.ts), each runtime in its own process, run alone. Prints
// the tables and the targets' ratios; writes bench/results/route_std.json and route_scale.json
// (bench/common/results_file.mjs).
// std's routers come from a std checkout (std_router.ts: ADA_FFI_STD_DIR); without one their columns are left out.
//
// std's groups run in --processes separate processes per runtime (3 by default, the runtimes taken in turn): their
// ratios near 1.0 moved by 0.1-0.4 from one process to the next (JIT and GC timing), so each figure is the median of
// the processes' medians, and each ratio is printed with its range over the processes.
//
// Usage: node bench/routing/route_main.mjs [--only std|scale] [--rounds N] [--processes N] [--sizes 10000,100000]
//                                          [--runtimes node20,node22,node24,node26,deno,bun] [--backend wasm]
// --backend wasm: ada-ffi's WebAssembly backend (ADA_FFI_BACKEND=wasm in each runtime), results in route_std_wasm.json
// and route_scale_wasm.json.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeBinary } from "../../test/support/node_lines.mjs";
import { median } from "../common/median.mjs";
import { versionsOf, writeResults } from "../common/results_file.mjs";
import { DEFAULT_RUNTIMES } from "./main.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name) => join(root, "node_modules", ".bin", name);
const thisLine = process.versions.node.split(".")[0];

function commandFor(runtime, args) {
  const node = runtime.match(/^node(\d*)$/);
  if (node) {
    const binary = node[1] === "" || node[1] === thisLine ? process.execPath : nodeBinary(node[1]);
    return [binary, ["--expose-gc", "dist/bench/routing/route_node.js", ...args]];
  }
  if (runtime === "deno") {
    return [bin("deno"), ["run", "--allow-all", "--v8-flags=--expose-gc", "bench/routing/route_deno.ts", ...args]];
  }
  if (runtime === "bun") return [bin("bun"), ["bench/routing/route_bun.ts", ...args]];
  throw new Error(`unknown runtime ${runtime}`);
}

let backend = "native";

function runAll(runtimes, args) {
  const results = {};
  for (const runtime of runtimes) {
    console.error(`route bench (${args[0]}): ${runtime}...`);
    const [command, commandArgs] = commandFor(runtime, args);
    const env = backend === "wasm" ? { ...process.env, ADA_FFI_BACKEND: "wasm" } : process.env;
    const child = spawnSync(command, commandArgs, {
      cwd: root,
      env,
      encoding: "utf8",
      maxBuffer: 1 << 26,
      stdio: "pipe",
    });
    process.stderr.write(child.stderr);
    const line = `${child.stdout}`.split("\n").find((l) => l.startsWith("ROUTE_RESULT "));
    if (child.status !== 0 || !line) throw new Error(`${runtime} failed (${child.status}):\n${child.stdout}`);
    results[runtime] = JSON.parse(line.slice("ROUTE_RESULT ".length));
  }
  return results;
}

/**
 * std's groups over several processes per runtime (taken in turn): each runtime's result in one process's shape, every
 * figure the median over the processes, with `processes` and each process's own figures (`perProcess`).
 */
function runStdProcesses(runtimes, args, processes) {
  const runs = [];
  for (let p = 0; p < processes; p++) runs.push(runAll(runtimes, args));
  const results = {};
  for (const runtime of runtimes) {
    const all = runs.map((run) => run[runtime]);
    const merged = { ...all[0], processes, groups: {}, perProcess: all.map((r) => r.groups) };
    for (const group of Object.keys(all[0].groups)) {
      const own = {}, total = {};
      for (const name of Object.keys(all[0].groups[group].own)) {
        own[name] = medianOf(all.map((r) => r.groups[group].own[name]));
        total[name] = medianOf(all.map((r) => r.groups[group].total[name]));
      }
      merged.groups[group] = { own, total, handler: medianOf(all.map((r) => r.groups[group].handler)) };
    }
    results[runtime] = merged;
  }
  return results;
}

/** The median of the processes' figures, in whole nanoseconds as each process's are. */
const medianOf = (values) => Math.round(median(values));

const fmt = (n) => (n === undefined ? "—" : Math.round(n).toLocaleString("en-US"));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : (a / b).toFixed(2));

/** The ratio of contenders `a` and `b` in a group: of the medians, and its range over the processes. */
function groupRatio(r, group, a, b) {
  const own = r.groups[group].own;
  const median = ratio(own[a], own[b]);
  if (median === "—" || !r.perProcess || r.perProcess.length < 2) return median;
  const each = r.perProcess.map((g) => g[group].own[a] / g[group].own[b]);
  return `${median} (${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)})`;
}

function printTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
}

function printStd(results) {
  for (const [runtime, r] of Object.entries(results)) {
    console.log(
      `\nstd's router benchmark groups on ${runtime} ${r.version}: the routers' own ns per request (the ` +
        `handler's alone subtracted), median of ${r.rounds} rounds` +
        (r.processes > 1 ? `, then of ${r.processes} processes (ratios: of the medians, their range)` : "") +
        `; std: ${r.std}`,
    );
    const names = Object.keys(Object.values(r.groups)[0].own);
    const short = (n) =>
      n.replace("std ", "").replace(", runtime patterns", " (rt)").replace(", ada-ffi patterns", " (ada)");
    const rows = [[
      "group",
      ...names.map(short),
      "handler",
      "rt: route/radix",
      "ada: route/radix(rt)",
      "ada: route/radix(ada)",
    ]];
    for (const [group, g] of Object.entries(r.groups)) {
      rows.push([
        group,
        ...names.map((n) => fmt(g.own[n])),
        fmt(g.handler),
        groupRatio(r, group, "route(), runtime patterns", "std routeRadix, runtime patterns"),
        groupRatio(r, group, "route(), ada-ffi patterns", "std routeRadix, runtime patterns"),
        groupRatio(r, group, "route(), ada-ffi patterns", "std routeRadix, ada-ffi patterns"),
      ]);
    }
    printTable(rows);
  }
  console.log(
    "Targets (issue 41): rt: route/radix <= 1.0 (the runtime's URLPattern objects, std's users' code with the import " +
      "changed); ada: route/radix(rt) <= 0.5 and route/radix(ada) <= 1.0 (ada-ffi's patterns), on every group.",
  );
}

function printScale(results) {
  for (const [runtime, r] of Object.entries(results)) {
    console.log(
      `\nRoute tables at scale on ${runtime} ${r.version}: ns per lookup (first, last, miss), build ms, ` +
        `bytes per route; median of ${r.rounds} rounds`,
    );
    const rows = [["table", "contender", "first", "last", "miss", "build ms", "B/route", "disagree"]];
    for (const [table, t] of Object.entries(r.tables)) {
      rows.push([table, "patterns (made)", "", "", "", fmt(t.buildMs.patterns), fmt(t.bytesPerRoute.patterns), ""]);
      for (const [name, ns] of Object.entries(t.ns)) {
        const label = name === "hono" && t.hono !== "RegExpRouter" ? `hono (${t.hono})` : name;
        const buildName = name === "URLPatternList match" ? "URLPatternList" : name;
        rows.push([
          "",
          label,
          fmt(ns.first),
          fmt(ns.last),
          fmt(ns.miss),
          fmt(t.buildMs[buildName]),
          fmt(t.bytesPerRoute[buildName]),
          t.disagree[name] ?? "",
        ]);
      }
    }
    printTable(rows);
  }
  console.log(
    "Targets (issue 41): every lookup <= 2,000 ns on Node 26 and Bun (URLPatternList match, route()); a list built " +
      "in <= 1 s per 100,000 routes. 'disagree': of 203 requests, answers other than the list's (std's routeRadix " +
      "and hono give a later route where an earlier one also matches, or none for a parameter inside a segment).",
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let only;
  let rounds = 9;
  let processes = 3;
  let sizes = "10000,100000";
  let runtimes = DEFAULT_RUNTIMES;
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--only") only = argv[++i];
    else if (argv[i] === "--rounds") rounds = Number(argv[++i]);
    else if (argv[i] === "--processes") processes = Number(argv[++i]);
    else if (argv[i] === "--sizes") sizes = argv[++i];
    else if (argv[i] === "--runtimes") runtimes = argv[++i].split(",");
    else if (argv[i] === "--backend") backend = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (backend !== "native" && backend !== "wasm") throw new Error(`--backend native or wasm, not ${backend}`);
  if (!(Number.isInteger(processes) && processes >= 1)) throw new Error(`--processes takes a count, not ${processes}`);
  const suffix = backend === "wasm" ? "_wasm" : "";
  const command = `node bench/routing/route_main.mjs --rounds ${rounds} --runtimes ${runtimes.join(",")}` +
    (backend === "wasm" ? " --backend wasm" : "");
  if (only !== "scale") {
    const results = runStdProcesses(runtimes, ["std", String(rounds)], processes);
    printStd(results);
    const { file } = writeResults(`route_std${suffix}`, {
      command: `${command} --processes ${processes}`,
      processes,
      backend,
      versions: versionsOf(results),
      rounds,
      results,
    });
    console.log(`wrote ${file}`);
  }
  if (only !== "std") {
    const scaleRounds = Math.max(5, Math.ceil(rounds / 2));
    const results = runAll(runtimes, ["scale", String(scaleRounds), sizes]);
    printScale(results);
    const { file } = writeResults(`route_scale${suffix}`, {
      command: `${command} --sizes ${sizes}`,
      backend,
      versions: versionsOf(results),
      rounds: scaleRounds,
      results,
    });
    console.log(`wrote ${file}`);
  }
}
