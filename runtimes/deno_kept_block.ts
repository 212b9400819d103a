/**
 * Deno's first import: asks ffi/ for the kept call block in a Wasm memory, with the Wasm ASCII writer over it
 * (ffi/wasm_ascii_writer.ts: ~42 ns for a 45-unit URL, against ~90 for Deno's encodeInto and ~75 for the JS copy
 * loop). It must run before ffi/protocol.ts is evaluated, which allocates the block: runtimes/deno.ts imports it
 * first, and the loading suite checks that the block is a Wasm memory on Deno.
 */
import { requestWasmAsciiWriter } from "../ffi/wasm_ascii_writer.ts";

requestWasmAsciiWriter();
