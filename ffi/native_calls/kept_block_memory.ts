/**
 * Where the kept call block (ffi/native_calls/kept_block.ts) is allocated. By default a plain Uint8Array; an adapter
 * whose encoder writes into a WebAssembly memory (Deno's: runtimes/deno/wasm_ascii_writer.ts) provides that memory
 * here, from a module its entry imports before anything that imports kept_block.ts: the block is a module-level
 * constant (V8 folds such constants into optimized code), so it exists from the moment kept_block.ts is evaluated.
 * The loading suite checks on Deno that the block is in a Wasm memory.
 */
type Allocator = (size: number) => Uint8Array | undefined;

let provided: Allocator | undefined;
let allocated = false;

/** Provides the kept block's memory: `allocate(size)` returns it, or undefined for a plain array. */
export function provideKeptBlockMemory(allocate: Allocator): void {
  if (allocated) throw new Error("ada-ffi: the kept call block was allocated before its memory was provided");
  provided = allocate;
}

/** The kept call block (`size` bytes): from the provided memory when there is one, else a plain array. */
export function allocateKeptBlock(size: number): Uint8Array {
  allocated = true;
  return provided?.(size) ?? new Uint8Array(size);
}
