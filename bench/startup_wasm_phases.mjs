// What the Wasm backend's start-up (`ada-ffi/wasm`, import to first parse) is made of, in this one process: loading the
// module of the embedded base64 (dist/runtimes/wasm/module_bytes.js), decoding it both ways runtimes/wasm/instance.ts
// can (Uint8Array.fromBase64 where the engine has it, else atob and a loop), compiling the module synchronously,
// instantiating it, and then importing the entry (which does all of that again, in its own module graph) and the first
// parse. One process, one sample each: indicative only (bench:startup measures the whole over fresh processes).
//
// Usage (after the build): node bench/startup_wasm_phases.mjs; deno run -A bench/startup_wasm_phases.mjs;
//        bun bench/startup_wasm_phases.mjs
const t = () => performance.now();
const phases = [];
const time = async (name, fn) => {
  const start = t();
  const value = await fn();
  phases.push([name, t() - start]);
  return value;
};
const { ADA_FFI_WASM_BASE64: base64 } = await time(
  "import module_bytes.js",
  () => import("../dist/runtimes/wasm/module_bytes.js"),
);
const fromBase64 = Uint8Array.fromBase64;
const viaAtob = await time("decode: atob + loop", () => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
});
if (typeof fromBase64 === "function") await time("decode: Uint8Array.fromBase64", () => fromBase64(base64));
const module = await time(
  `compile ${viaAtob.length} bytes (new WebAssembly.Module)`,
  () => new WebAssembly.Module(viaAtob),
);
await time("instantiate (new WebAssembly.Instance)", () => {
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) (imports[from] ??= {})[name] = () => 52;
  new WebAssembly.Instance(module, imports).exports._initialize();
});
const { URL } = await time("import the entry (all of the above again)", () => import("../dist/runtimes/wasm/entry.js"));
await time("first new URL(...).href", () => new URL("http://a/b").href);
const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
  ? `Bun ${Bun.version}`
  : `Node ${process.version}`;
console.log(`${runtime}: Uint8Array.fromBase64 ${typeof fromBase64 === "function" ? "present" : "absent"}`);
for (const [name, ms] of phases) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${name}`);
