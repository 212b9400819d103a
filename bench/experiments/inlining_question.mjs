#!/usr/bin/env node
// Experiment, answered (bench/experiments/README.md). The answer, measured alone on 2026-11-26 (Node 26.10, 10
// processes per variant, 12 rounds each), is recorded in docs/performance.md, "Seeing a 5% change": not inlined costs
// href 1.044 (1.005–1.119), 4 getters 1.019 (1.007–1.046), relative 1.018 (0.991–1.039), setSearch 1.019 (0.998–1.048)
// of the inlined time, canParse (the control) 1.002: inlining still pays 2–4% on Node 26, so `npm run bench -- --check`
// keeps failing when the chain outgrows the budget; inlining everything would gain 1–7% more.
//
// Does `new URL` inlined into the caller's loop still pay (Node 26 first)? `npm run bench -- --check` keeps the URL
// constructor's chain within V8's inlining budget so that it is inlined; this measures what that is worth, on the same
// code, by V8's own limit alone, in alternating processes (a flag is per process):
//   inlined       --max-inlined-bytecode-size-cumulative at the constructor's chain × 1.2 (V8's 920 when
//                 that is more): the constructor fits, as `--check` wants, with no room left for the getters;
//   not inlined   the same limit just under it: the constructor keeps the same optimized code of its own (the trace's
//                 "existing opt code's inlined bytecode size" is the same), but every loop calls it out of line: what
//                 exceeding the budget costs;
//   everything    --max-inlined-bytecode-size-cumulative=5000: the getters and setters inlined too (the ceiling).
// Each process runs one workload of bench/url/harness.ts over the dataset, `rounds` rounds with a full GC before each
// (as `npm run bench` does: V8 re-optimizes the loops after it), and reports the median of its rounds after two warm-up
// rounds; repetitions rotate the variants' order. Printed: each variant's ns/URL (median of processes) and its ratio
// to "inlined", the median of per-repetition ratios with a 95% bootstrap interval. canParse is the control (it does not
// construct): its ratios should read 1.
//
// Usage: node bench/experiments/inlining_question.mjs [--runtimes node26,node24,deno] [--reps N] [--rounds N]
//          [--workloads href,getters4,...] [urls-file]       (after `npm run build`; timing: run it alone)
//        node bench/experiments/inlining_question.mjs --verify    only what each variant inlines (no timing)
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { inliningBudget, v8Runtimes } from "../url/v8_checks.mjs";
import { root } from "../compare/checkout.mjs";

const { bootstrapMedian } = await import(join(root, "dist", "bench", "compare", "harness.js"));
const { median } = await import(join(root, "dist", "bench", "common", "harness.js"));

function parseArgs(argv) {
  const args = {
    runtimes: ["node26"],
    reps: 10,
    rounds: 12,
    workloads: ["href", "getters4", "relative", "setSearch", "canParse"],
    file: "bench/data/kasztp.txt",
    verify: false,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--runtimes") args.runtimes = argv[++i].split(",");
    else if (argv[i] === "--reps") args.reps = Number(argv[++i]);
    else if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--workloads") args.workloads = argv[++i].split(",");
    else if (argv[i] === "--verify") args.verify = true;
    else args.file = argv[i];
  }
  if (!(args.reps >= 1 && args.rounds >= 3)) throw new Error("--reps >= 1, --rounds >= 3");
  return args;
}

/** bench/url/v8_checks.mjs's runtime record for `name` (node26, node24, …, deno). */
function runtimeNamed(name) {
  const found = v8Runtimes().find((r) => r.name.replace(" ", "") === name);
  if (!found) throw new Error(`unknown runtime ${name} (${v8Runtimes().map((r) => r.name.replace(" ", ""))})`);
  return found;
}

/** The three variants' V8 flags, from the constructor's chain as V8 reports it under the defaults. */
function variants(runtime) {
  const base = inliningBudget(runtime);
  if (base.chain === undefined) throw new Error(`${runtime.name}: ${base.text}`);
  // V8 inlines a candidate while what it already inlined plus (int)(its chain × 1.2) stays within the limit.
  const threshold = Math.floor(base.chain * 1.2);
  const budget = (bytes) => [`--max-inlined-bytecode-size-cumulative=${bytes}`];
  return [
    { name: "inlined", flags: budget(Math.max(920, threshold)), expected: true },
    { name: "not inlined", flags: budget(threshold - 1), expected: false },
    { name: "everything", flags: ["--max-inlined-bytecode-size-cumulative=5000"], expected: true },
  ];
}

/** Whether each variant inlines the constructor as it should, and the constructor's own chain under it. */
function verify(runtime, list) {
  let ok = true;
  for (const v of list) {
    const r = inliningBudget(runtime, v.flags);
    const good = r.inlined === v.expected;
    ok &&= good;
    console.log(
      `${good ? "ok   " : "WRONG"} ${runtime.name.padEnd(8)} ${v.name.padEnd(12)} ${
        v.flags.join(" ") || "(defaults)"
      }: ` +
        `inlined ${r.inlined}, the constructor's own chain ${r.chain ?? "?"} bytes`,
    );
  }
  return ok;
}

function timedProcess(runtime, flags, config) {
  const json = JSON.stringify(config);
  const v8 = ["--expose-gc", ...flags];
  const [command, args] = runtime.kind === "node"
    ? [runtime.binary, [...v8, join(root, "dist", "bench", "compare", "run.js"), json]]
    : [runtime.binary, [
      "run",
      "--allow-all",
      `--v8-flags=${v8.join(",")}`,
      join(root, "bench", "compare", "run.ts"),
      json,
    ]];
  const env = { ...process.env };
  delete env.ADA_FFI_LIBRARY;
  const child = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 26, env });
  const line = child.stdout?.split("\n").find((l) => l.startsWith("AB_SINGLE "));
  if (child.status !== 0 || !line) {
    throw new Error(`${command} failed (${child.status}):\n${child.stdout}${child.stderr}`);
  }
  return median(JSON.parse(line.slice("AB_SINGLE ".length)).ns.slice(2));
}

const args = parseArgs(process.argv.slice(2));
let allOk = true;
for (const name of args.runtimes) {
  const runtime = runtimeNamed(name);
  const list = variants(runtime);
  allOk = verify(runtime, list) && allOk;
  if (args.verify) continue;
  const rows = [[
    "workload",
    "runtime",
    ...list.map((v) => v.name),
    ...list.slice(1).map((v) => `${v.name}/inlined 95%`),
  ]];
  for (const workload of args.workloads) {
    const config = { mode: "single", file: join(root, args.file), entries: { X: join(root, runtime.entry) }, workload };
    const ns = list.map(() => []);
    for (let rep = 0; rep < args.reps; rep++) {
      process.stderr.write(`inlining: ${name} ${workload} repetition ${rep + 1}/${args.reps}\r`);
      for (let k = 0; k < list.length; k++) {
        const v = (k + rep) % list.length;
        ns[v].push(timedProcess(runtime, list[v].flags, { ...config, rounds: args.rounds }));
      }
    }
    const cells = list.slice(1).map((_, i) => {
      const s = bootstrapMedian(ns[i + 1].map((t, rep) => t / ns[0][rep]));
      return `${s.median.toFixed(3)} (${s.low.toFixed(3)}–${s.high.toFixed(3)})`;
    });
    rows.push([workload, name, ...ns.map((values) => median(values).toFixed(1)), ...cells]);
  }
  process.stderr.write("\n");
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  console.log(
    `\n${args.file}, ${args.reps} processes per variant, ${args.rounds} rounds each (median after 2): ns/URL`,
  );
  for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join("  "));
}
if (!allOk) {
  console.log("\nA variant did not inline as intended: its timing does not answer the question (see above).");
  process.exitCode = 1;
}
