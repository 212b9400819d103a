/**
 * What the library lookup (ffi/library_location.ts) asks of files, through node:fs: the Node and Bun adapters
 * share it (Deno's adapter has its own, which checks Deno's read permission first).
 */
// node:fs through process.getBuiltinModule (Node >= 20.16, Bun): an ESM import of it costs Node ~1-2 ms at
// start-up, for the ESM view of every export.
const { closeSync, openSync, readSync, statSync } = (process as unknown as {
  getBuiltinModule(id: "node:fs"): typeof import("node:fs");
}).getBuiltinModule("node:fs");

/** The first bytes of a file: what a library that does not load is, and which libc this process has. */
export function readHead(file: string, length = 64): Uint8Array | undefined {
  try {
    const fd = openSync(file, "r");
    try {
      const head = new Uint8Array(length);
      return head.subarray(0, readSync(fd, head, 0, length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** A file's size, to refuse a truncated library before the loader maps it. */
export function fileSize(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}
