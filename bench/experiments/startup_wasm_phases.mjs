// What the Wasm backend's start-up (`ada-ffi/wasm`, import to first parse) is made of, in this one process: reading the
// module's file (dist/runtimes/wasm/ada_ffi.wasm, as Node's and Bun's entries do), compiling it synchronously,
// instantiating it, and then importing the entry (which does all of that again, in its own module graph: Deno's
// imports the module instead) and the first parse. One process, one sample each: indicative only (bench:startup
// measures the whole over fresh processes).
//
// Usage (after the build): node bench/startup_wasm_phases.mjs; deno run -A bench/startup_wasm_phases.mjs;
//        bun bench/startup_wasm_phases.mjs
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
  () => readFileSync(new URL("../dist/runtimes/wasm/ada_ffi.wasm", import.meta.url)),
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
  ? "../dist/runtimes/deno/wasm_entry.js"
  : globalThis.Bun
  ? "../dist/runtimes/bun/wasm_entry.js"
  : "../dist/runtimes/node/wasm_entry.js";
const { URL: Ours } = await time("import the entry (all of the above again)", () => import(entry));
await time("first new URL(...).href", () => new Ours("http://a/b").href);
const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
  ? `Bun ${Bun.version}`
  : `Node ${process.version}`;
console.log(runtime);
for (const [name, ms] of phases) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${name}`);
