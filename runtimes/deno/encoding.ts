/** How Deno encodes input into a call block: shared by its native adapter (./entry.ts) and its Wasm one (./wasm_options.ts). */

/**
 * Deno's TextEncoder.encodeInto is an op call, ~70-90 ns whatever the length; the JS copy loop costs ~1.7 ns a
 * character (ns per URL, by length: <32 64 vs 89, 32-63 78 vs 92, 64-95 122 vs 71, 96-127 159 vs 66). So the loop
 * up to 64 units (it was 1024): new URL(s).href for URLs of ~200, 500, 1000 units 536 -> 280, 1102 -> 443, 2077 ->
 * 628 ns; node_files.txt canParse 174-187 -> 169-170 ns; kasztp.txt (93% under 64 units) canParse 144-146 -> 155-156.
 * Into the kept block, the Wasm writer (runtimes/deno/wasm_kept_block.ts) takes the loop's place up to the same length;
 * the loop stays for the other buffers, and for the kept block where the engine runs without Wasm.
 */
export const LOOP_ENCODE_LIMIT = 64;
