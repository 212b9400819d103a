/**
 * Deno's first import: puts the kept call block in a Wasm memory (ffi/native_calls/kept_block_memory.ts), for the
 * Wasm ASCII writer over it (runtimes/deno/wasm_ascii_writer.ts: ~42 ns for a 45-unit URL, against ~90 for Deno's
 * encodeInto and ~75 for the JS copy loop). It must run before ffi/native_calls/kept_block.ts is evaluated, which
 * allocates the block (provideKeptBlockMemory throws otherwise); the loading suite checks the block is a Wasm memory.
 */
import { provideKeptBlockMemory } from "../../ffi/native_calls/kept_block_memory.ts";
import { wasmKeptBlock } from "./wasm_ascii_writer.ts";

provideKeptBlockMemory(wasmKeptBlock);
