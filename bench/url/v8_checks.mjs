// `npm run bench -- --check`: V8's handling of our hot code, on every Node line and Deno, reported with numbers.
// These are engine internals, not answers: an engine update may move them while every answer stays right, so they
// are measured here and not asserted by `npm test` (docs/performance.md). Four checks:
// - the URL constructor with all it inlines stays within V8's inlining budget (--max-inlined-bytecode-size-cumulative,
//   920 bytes, times V8's reserve 1.2), so V8 inlines `new URL` into a caller's loop; when it did not (Node 26: 1,190
//   bytes) every loop that built URLs made a construct call (docs/performance.md, "new URL fits V8's inlining budget");
// - a full GC that finds no instance of ours alive does not throw away our optimized code ("embedded weak objects
//   cleared"): ffi/builtins/instance_shapes.ts keeps one instance of each class for that (without it, new URL and two
//   getters took 330 ns instead of 196 on Node 26 after every gc()); since 2026-11-26 also the setters (which check
//   arguments.length) and URLPatternList's match and test;
// - after a warm-up, no function is deoptimized twice for the same reason (a deopt loop), over the same program;
// - a URL object retains at most 80 bytes, the href aside: V8's three header words and seven fields (href, five
//   offsets, searchParams until asked for undefined); a private method would add an eighth, the class brand. (Bun's
//   figure is the benchmark's "heap B/URL" row.)
// Exits 1 when a check regressed, naming the numbers.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { NODE_LINES, nodeBinary } from "../../test/support/node_lines.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const entryUrl = (file) => pathToFileURL(join(root, file)).href;

/**
 * The hot paths between full GCs: URL with getters and setters (which check arguments.length), URLSearchParams,
 * URLPattern.test, URLPatternList.match and test (a router's calls). "STEADY" marks the end of the warm-up (4 rounds):
 * deopts after it are the steady state's.
 */
const PROGRAM = (entry) => `
import { URL, URLSearchParams, URLPattern, URLPatternList } from ${JSON.stringify(entry)};
const inputs = Array.from({ length: 20000 }, (_, i) => "https://h" + (i % 50) + ".example/p/" + i + "?q=" + i);
const pattern = new URLPattern({ pathname: "/p/:id" });
const list = new URLPatternList([{ pathname: "/a/:x" }, { pathname: "/p/:id" }, { pathname: "/u/:u/r/:r" }]);
function urls() {
  let acc = 0;
  for (const s of inputs) {
    const u = new URL(s);
    acc += u.hostname.length + u.pathname.length + u.search.length + new URLSearchParams(u.search).size;
    if (pattern.test(s)) acc++;
  }
  return acc;
}
function setters() {
  let acc = 0;
  for (let i = 0; i < inputs.length; i++) {
    const u = new URL(inputs[i]);
    u.search = "?x=" + (i & 7);
    u.pathname = "/q/" + (i & 3);
    u.hash = "h";
    acc += u.href.length;
  }
  return acc;
}
function routes() {
  let acc = 0;
  for (let i = 0; i < inputs.length; i++) {
    const m = list.match(inputs[i]);
    if (m !== null) acc += m.index + m.params.id.length;
    if (list.test(inputs[i])) acc++;
  }
  return acc;
}
let acc = 0;
for (let round = 0; round < 10; round++) {
  if (round === 4) console.log("STEADY");
  globalThis.gc();
  acc += urls() + setters() + routes();
}
console.log("ACC " + acc);
`;

/**
 * `new URL(s).href` in a loop of its own, with a full GC before every round (as the benchmark does). The constructor
 * first gets optimized code of its own (V8's natives, under --allow-natives-syntax), so that V8 reports its whole chain
 * ("existing opt code's inlined bytecode size") when it inlines it into `run`; left to timing, `run` was sometimes
 * optimized first and no such line came (Node 20: 3 runs in 20). Its feedback comes from all 20,000 inputs, past
 * Deno's Wasm-writer switch (16,384 encodes): with 2,000 the branch taken after it deoptimized the constructor's code
 * before `run` was compiled (Deno under load: 6 runs in 16; with 20,000, none in 16 on Deno, Node 20 and Node 26).
 */
const INLINING_PROGRAM = (entry) => `
import { URL } from ${JSON.stringify(entry)};
const inputs = Array.from({ length: 20000 }, (_, i) => "https://h" + (i % 50) + ".example/p/" + i + "?q=" + i);
new Function("URL", "inputs", \`%PrepareFunctionForOptimization(URL);
for (let i = 0; i < inputs.length; i++) new URL(inputs[i]);
%OptimizeFunctionOnNextCall(URL);
new URL(inputs[0]);\`)(URL, inputs);
function run() {
  let acc = 0;
  for (let i = 0; i < inputs.length; i++) acc += new URL(inputs[i]).href.length;
  return acc;
}
let acc = 0;
for (let round = 0; round < 10; round++) {
  globalThis.gc();
  acc += run();
}
console.log("ACC " + acc);
`;

/** Bytes a URL object retains, the href aside (its inputs are their own hrefs): the median of three rounds. */
const RETAINED_PROGRAM = (entry) => `
import process from "node:process";
import { URL } from ${JSON.stringify(entry)};
const n = 200000;
const inputs = ["https://example.com/a?b#c", "http://u:p@h.example:81/", "mailto:x@y.example"];
const perUrl = [];
for (let round = 0; round < 3; round++) {
  const keep = new Array(n);
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) keep[i] = new URL(inputs[i % 3]);
  globalThis.gc();
  perUrl.push((process.memoryUsage().heapUsed - before) / n);
  if (keep[n - 1].href !== inputs[(n - 1) % 3]) throw new Error("wrong href");
}
console.log("ACC " + perUrl.sort((a, b) => a - b)[1].toFixed(1));
`;
const RETAINED_LIMIT = 82;

/** V8's defaults: --max-inlined-bytecode-size-cumulative, and the reserve it multiplies a candidate's size by. */
const INLINING_BUDGET = 920;
const INLINING_RESERVE = 1.2;

/** The URL constructor's chains in an inlining trace: its bytecode plus what its own optimized code inlined. */
function constructorChains(trace) {
  return [...trace.matchAll(
    /<SharedFunctionInfo URL>\}, bytecode size: (\d+), existing opt code's inlined bytecode size: (\d+)/g,
  )].map((m) => Number(m[1]) + Number(m[2]));
}

/** Runs `program` under `runtime` ({ kind: "node" | "deno", binary }) with V8 `flags`: its standard output. */
function runTraced(runtime, program, flags) {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-v8-trace-"));
  try {
    const file = join(dir, runtime.kind === "node" ? "program.mjs" : "program.ts");
    writeFileSync(file, program);
    const args = runtime.kind === "node"
      ? ["--expose-gc", ...flags, file]
      : ["run", "--allow-all", `--v8-flags=${["--expose-gc", ...flags].join(",")}`, file];
    const run = spawnSync(runtime.binary, args, { encoding: "utf8", timeout: 120_000, maxBuffer: 1 << 28 });
    if (!/ACC \d+/.test(run.stdout)) throw new Error(`${runtime.name}: ${run.stdout.slice(-2000)}${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The inlining check: { chain, inlined, ok, text }. `extraFlags` (bench/experiments/inlining_question.mjs) run it
 * under other V8 limits, to see what a variant inlines.
 */
export function inliningBudget(runtime, extraFlags = []) {
  const flags = ["--allow-natives-syntax", "--trace-turbo-inlining", ...extraFlags];
  // A run whose trace reports no chain at all says nothing either way (compiler timing): up to three runs for one.
  let trace = "";
  let chains = [];
  for (let attempt = 0; attempt < 3 && chains.length === 0; attempt++) {
    trace = runTraced(runtime, INLINING_PROGRAM(entryUrl(runtime.entry)), flags);
    chains = constructorChains(trace);
  }
  const inlined = /Inlining .*<SharedFunctionInfo URL>\} into .*<SharedFunctionInfo run>\}/.test(trace);
  if (chains.length === 0) {
    return { ok: false, inlined, text: "no candidate line for the URL constructor (V8's format changed?)" };
  }
  const chain = Math.max(...chains);
  const limit = Math.floor(INLINING_BUDGET / INLINING_RESERVE);
  const ok = inlined && chain <= limit;
  return {
    ok,
    chain,
    inlined,
    text: `URL constructor chain ${chain} bytes of ${limit} (headroom ${
      limit - chain
    }); inlined into the loop: ${inlined}`,
  };
}

/** Our functions, as V8's traces name them (URL's accessors, URLPatternList's lookups, private methods). */
const OURS = /<SharedFunctionInfo (URL|URLSearchParams|URLPattern|URLPatternList|[gs]et \w+|test|exec|match|#\w+)>/;

/** The GC check: our functions deoptimized for "embedded weak objects cleared". */
function deoptsAfterGc(trace) {
  const cleared = trace.split("\n").filter((line) =>
    line.includes("embedded weak objects cleared") && OURS.test(line) && !line.includes("node:internal")
  );
  return { ok: cleared.length === 0, text: `deopts of ours after gc(): ${cleared.length}`, lines: cleared };
}

/**
 * The steady-state check: after the warm-up, no function (ours, or a loop that inlined ours) is deoptimized twice for
 * the same reason: a deopt loop, paid again and again. One-off deopts (a branch first taken late, e.g. Deno's Wasm
 * writer switch) and on-stack-replacement entries are left aside, and GC-cleared code is the check above.
 */
function deoptLoops(trace) {
  const steady = trace.slice(trace.indexOf("STEADY"));
  const counts = new Map();
  for (const line of steady.split("\n")) {
    const m = line.match(
      /\[bailout \(kind: [\w-]+, reason: ([^)]*)\): begin\. deoptimizing \S+ <JSFunction (.+?)(?: \(sfi|>)/,
    );
    if (!m || /on stack replacement/.test(m[1])) continue;
    const key = `${m[2]}: ${m[1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const loops = [...counts].filter(([, n]) => n >= 2).map(([key, n]) => `${key} (${n} times)`);
  return { ok: loops.length === 0, text: `deopt loops after warm-up: ${loops.length}`, lines: loops };
}

/** The retained-bytes check. */
function retainedBytes(runtime) {
  const out = runTraced(runtime, RETAINED_PROGRAM(entryUrl(runtime.entry)), []);
  const bytes = Number(out.match(/ACC ([\d.]+)/)[1]);
  return { ok: bytes <= RETAINED_LIMIT, text: `${bytes} bytes retained per URL (at most ${RETAINED_LIMIT})` };
}

/** Every V8 runtime the project supports: this Node, each pinned Node line, Deno. */
export function v8Runtimes() {
  const thisLine = process.versions.node.split(".")[0];
  const nodes = [{ name: `node ${thisLine}`, binary: process.execPath }];
  for (const line of Object.keys(NODE_LINES)) {
    if (line !== thisLine) nodes.push({ name: `node ${line}`, binary: nodeBinary(line) });
  }
  return [
    ...nodes.map((n) => ({ ...n, kind: "node", entry: "dist/runtimes/node/entry.js" })),
    { name: "deno", kind: "deno", binary: join(root, "node_modules", ".bin", "deno"), entry: "runtimes/deno/entry.ts" },
  ];
}

/** Runs both checks on every V8 runtime, prints one line each; true when none regressed. */
export function runV8Checks() {
  let ok = true;
  for (const runtime of v8Runtimes()) {
    const trace = runTraced(runtime, PROGRAM(entryUrl(runtime.entry)), ["--trace-deopt"]);
    const checks = [
      ["inlining", inliningBudget],
      ["gc", () => deoptsAfterGc(trace)],
      ["steady", () => deoptLoops(trace)],
      ["retained", retainedBytes],
    ];
    for (const [label, check] of checks) {
      const result = check(runtime);
      ok &&= result.ok;
      console.log(
        `${result.ok ? "ok        " : "REGRESSED "} ${runtime.name.padEnd(8)} ${label.padEnd(9)} ${result.text}`,
      );
      for (const line of result.lines ?? []) console.log(`    ${line}`);
    }
  }
  return ok;
}
