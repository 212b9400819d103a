#!/usr/bin/env node
// `npm run bench:params` (and the searchParams section of `npm run bench`): issue 29's URLSearchParams workloads on
// every supported Node line, Deno and Bun, each runtime in its own process with its built-in URL/URLSearchParams
// and ada-ffi's side by side. Prints ns per URL and ours/built-in, single pass and sustained (the first
// `searchParams.get` over the file 6 times back to back, no forced collection between passes), on all URLs and on
// the URLs with a query, and the heap in use after the sustained run; writes bench/results/search_params.json
// (bench/common/results_file.mjs).
//
// Usage: node bench/search-params/main.mjs [--rounds N] [--runtimes node20,node26,node26-koffi,deno,bun] [urls-file]
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";
import { versionsOf, writeResults } from "../common/results_file.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name) => join(root, "node_modules", ".bin", name);
const thisLine = process.versions.node.split(".")[0];

/** The rows of issue 29's table, in its order. */
const ROWS = [
  ["get", 'new URL(s).searchParams.get("id")'],
  ["sustained", "the same, sustained (6 passes)"],
  ["entries", "iterate entries"],
  ["hasGetAll", "has + getAll"],
  ["setAppendHref", "set + append, then href"],
  ["sortHref", "sort, then href"],
  ["record5", "new URLSearchParams({5 keys}).toString()"],
  ["size", ".size"],
  ["parseToString", "new URLSearchParams(search).toString()"],
];

export function defaultParamsRuntimes() {
  return [
    `node${thisLine}`,
    ...Object.keys(NODE_LINES).filter((l) => l !== thisLine).map((l) => `node${l}`),
    "deno",
    "bun",
  ];
}

function commandFor(runtime, file, rounds) {
  const node = runtime.match(/^node(\d*)(-koffi)?$/);
  const tail = [file, String(rounds)];
  if (node) {
    const binary = node[1] === "" || node[1] === thisLine ? process.execPath : nodeBinary(node[1]);
    return [
      binary,
      ["--expose-gc", "dist/bench/search-params/node.js", ...tail],
      node[2] ? { ADA_FFI_NODE_FFI: "koffi" } : {},
    ];
  }
  if (runtime === "deno") {
    return [bin("deno"), ["run", "--allow-all", "--v8-flags=--expose-gc", "bench/search-params/deno.ts", ...tail], {}];
  }
  if (runtime === "bun") return [bin("bun"), ["bench/search-params/bun.ts", ...tail], {}];
  throw new Error(`unknown runtime ${runtime}`);
}

/** Runs every runtime, prints the tables, writes bench/results/search_params.json; returns the results. */
export function runParamsSection(
  { rounds = 9, runtimes = defaultParamsRuntimes(), file = "bench/data/kasztp.txt" } = {},
) {
  const results = {};
  for (const runtime of runtimes) {
    console.error(`bench:params: ${runtime}...`);
    const [command, commandArgs, env] = commandFor(runtime, file, rounds);
    const child = spawnSync(command, commandArgs, {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 26,
      env: { ...process.env, ...env },
    });
    const line = `${child.stdout}`.split("\n").find((l) => l.startsWith("PARAMS_RESULT "));
    if (child.status !== 0 || !line) {
      throw new Error(`${runtime} failed (${child.status}):\n${child.stdout}${child.stderr}`);
    }
    results[runtime] = JSON.parse(line.slice("PARAMS_RESULT ".length));
  }
  printParamsTables(results, file, rounds);
  const written = writeResults("search_params", {
    command: `node bench/search-params/main.mjs --rounds ${rounds} --runtimes ${runtimes.join(",")} ${file}`,
    versions: versionsOf(results),
    file,
    rounds,
    results,
  });
  console.log(`\nwrote ${written.file}`);
  return results;
}

const fmt = (n) => (n === undefined ? "—" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : (a / b).toFixed(2));

function printTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  for (const row of rows) {
    console.log(
      row.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  "),
    );
  }
}

export function printParamsTables(results, file, rounds) {
  const names = Object.keys(results);
  for (const set of ["all", "query"]) {
    const count = Object.values(results)[0]?.urls[set];
    console.log(
      `\nsearchParams, ${
        set === "all" ? "all URLs" : "URLs with a query"
      } of ${file} (${count}): ours/built-in, median of ${rounds} rounds`,
    );
    const rows = [["workload", ...names]];
    for (const [key, label] of ROWS) {
      rows.push([
        label,
        ...names.map((n) => {
          const ns = results[n].ns[`${key} ${set}`] ?? {};
          return ratio(ns["ada-ffi"], ns["built-in"]);
        }),
      ]);
    }
    rows.push([
      "heap after sustained, MB (ours / built-in)",
      ...names.map((n) => {
        const h = results[n].heapMB[set] ?? {};
        return `${fmt(h["ada-ffi"])} / ${fmt(h["built-in"])}`;
      }),
    ]);
    rows.push([
      "peak heap in sustained, MB (ours / built-in)",
      ...names.map((n) => {
        const h = results[n].peakHeapMB?.[set] ?? {};
        return `${fmt(h["ada-ffi"])} / ${fmt(h["built-in"])}`;
      }),
    ]);
    printTable(rows);
    console.log(`ns per URL (ada-ffi / built-in):`);
    const nsRows = [["workload", ...names]];
    for (const [key, label] of ROWS) {
      nsRows.push([
        label,
        ...names.map((n) => {
          const ns = results[n].ns[`${key} ${set}`] ?? {};
          return `${fmt(ns["ada-ffi"])} / ${fmt(ns["built-in"])}`;
        }),
      ]);
    }
    printTable(nsRows);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rounds") options.rounds = Number(argv[++i]);
    else if (argv[i] === "--runtimes") options.runtimes = argv[++i].split(",");
    else options.file = argv[i];
  }
  runParamsSection(options);
}
