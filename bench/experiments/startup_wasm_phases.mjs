// Experiment, answered (bench/experiments/README.md): what the Wasm entry's start-up is made of. One run on
// 2026-11-26, recorded in docs/performance.md, "Start-up": reading ada_ffi.wasm 0.3–0.8 ms on Node and Bun (2.3 ms
// through Deno's node:fs), compiling 1.2–2.7 ms on Node 20–26 and Deno, 5.2 ms on Bun, instantiating 0.4–1.3 ms,
// importing the entry (all of that again plus the bundled backend) 7.8–13 ms; the embedded base64 the module's file
// replaced took another 1.3–2.8 ms to load and 1.4–3.8 ms to decode. `npm run bench:startup` measures the whole
// (bench/startup/main.mjs).
//
// What the Wasm backend's start-up (`ada-ffi/wasm`, import to first parse) is made of, in this one process: reading the
// module's file (dist/runtimes/wasm/ada_ffi.wasm, as Node's and Bun's entries do), compiling it synchronously,
// instantiating it, and then importing the entry (which does all of that again, in its own module graph: Deno's
// imports the module instead) and the first parse. One process, one sample each: indicative only (bench:startup
// measures the whole over fresh processes).
//
// Usage (after the build): node bench/experiments/startup_wasm_phases.mjs;
//        deno run -A bench/experiments/startup_wasm_phases.mjs; bun bench/experiments/startup_wasm_phases.mjs
import { readFileSync } from "node:fs";

const t = () => performance.now();
const phases = [];
const time = async (name, fn) => {
  const start = t();
  const value = await fn();
  phases.push([name, t() - start]);
  return value;
};
const bytes = await time(
  "read ada_ffi.wasm",
  () => readFileSync(new URL("../../dist/runtimes/wasm/ada_ffi.wasm", import.meta.url)),
);
const module = await time(
  `compile ${bytes.length} bytes (new WebAssembly.Module)`,
  () => new WebAssembly.Module(bytes),
);
await time("instantiate (new WebAssembly.Instance)", () => {
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) (imports[from] ??= {})[name] = () => 52;
  new WebAssembly.Instance(module, imports).exports._initialize();
});
const entry = globalThis.Deno
  ? "../../dist/runtimes/deno/wasm_entry.js"
  : globalThis.Bun
  ? "../../dist/runtimes/bun/wasm_entry.js"
  : "../../dist/runtimes/node/wasm_entry.js";
const { URL: Ours } = await time("import the entry (all of the above again)", () => import(entry));
await time("first new URL(...).href", () => new Ours("http://a/b").href);
const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
  ? `Bun ${Bun.version}`
  : `Node ${process.version}`;
console.log(runtime);
for (const [name, ms] of phases) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${name}`);
