#!/usr/bin/env node
/**
 * The package's `ada-ffi` bin. npm runs it with Node; `deno run npm:ada-ffi` and `bun --bun x ada-ffi` run
 * the same file under Deno or Bun, so it hands over to that runtime's entry, which loads the native
 * library with the runtime's own FFI (Node's koffi is not loaded there).
 */
// Compiled to dist/cli/bin.js, beside node.js and deno.js (Deno runs no TypeScript from node_modules); Bun runs
// the TypeScript launcher in cli/.
const entry = "Deno" in globalThis
  ? "./deno.js"
  : "Bun" in globalThis
  ? new URL("../../cli/bun.ts", import.meta.url).href
  : "./node.js";
await import(entry);
