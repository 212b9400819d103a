/**
 * Block calls by address: `ada_ffi_block_at(double)` for the block ffi/native_calls/kept_block.ts keeps, `ada_ffi_block(pointer)`
 * for any other.
 *
 * node:ffi, koffi and Deno pass one f64 argument more cheaply than a pointer or a buffer (empty calls: Node 26.10
 * 4.5 vs 17 ns, koffi on Node 22 25 vs 37, Deno 4 vs 9; in Node 26's parse path 43 ns less per URL, as the pointer
 * path also runs node:ffi's argument checks in JavaScript). Bun's FFI is as cheap either way: its adapter passes the
 * typed array.
 *
 * Only the kept block is called by address: it lives as long as the module and, at 64 KiB, engines keep its memory
 * outside their heap and never move it. Its address is used when a double holds it exactly (below 2^53, true of
 * user-space addresses on the supported platforms); otherwise, or when the FFI cannot give the address, every call goes
 * by pointer.
 */
import { keptBlock } from "./kept_block.ts";

/**
 * A block function: `byAddress(address)` for the kept block, `byPointer(block)` for any other; every call by pointer
 * when `address` (from keptBlockAddress) is undefined.
 */
export function blockCaller(
  address: number | undefined,
  byAddress: (address: number) => number,
  byPointer: (block: Uint8Array) => number,
): (block: Uint8Array) => number {
  if (address === undefined) return byPointer;
  return (block) => block === keptBlock ? byAddress(address) : byPointer(block);
}

/** The kept block's call alone (NativeBinding.blockKept): by address when there is one, else by pointer. */
export function keptBlockCaller(
  address: number | undefined,
  byAddress: (address: number) => number,
  byPointer: (block: Uint8Array) => number,
): () => number {
  return address === undefined ? () => byPointer(keptBlock) : () => byAddress(address);
}

/**
 * The kept block's address as a double, or undefined when a double cannot hold it exactly or the FFI cannot tell
 * (a koffi without address()): then every call goes by pointer. `addressOf` is the runtime FFI's way to read a typed
 * array's address.
 */
export function keptBlockAddress(addressOf: (block: Uint8Array) => bigint | number): number | undefined {
  let exact: bigint | number;
  try {
    exact = addressOf(keptBlock);
  } catch {
    return undefined;
  }
  const address = Number(exact);
  return Number.isSafeInteger(address) && BigInt(address) === BigInt(exact) ? address : undefined;
}
