/**
 * What the library lookup (ffi/native_calls/library_location.ts) asks of files, through node:fs: the Node adapter uses it, and
 * the Bun adapter falls back to it (runtimes/bun/file_probe.ts); Deno's adapter has its own, which checks Deno's
 * read permission first.
 */
type Fs = typeof import("node:fs");
let fs: Fs | undefined;
// node:fs through process.getBuiltinModule (Node >= 20.16, Bun), on first use: an ESM import of it costs Node
// ~1-2 ms at start-up (the ESM view of every export), and loading it at all costs Bun ~2.4 ms.
function nodeFs(): Fs {
  fs ??= (process as unknown as { getBuiltinModule(id: "node:fs"): Fs }).getBuiltinModule("node:fs");
  return fs;
}

/** The first bytes of a file: what a library that does not load is, and which libc this process has. */
export function readHead(file: string, length = 64): Uint8Array | undefined {
  const { closeSync, openSync, readSync } = nodeFs();
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
    return nodeFs().statSync(file).size;
  } catch {
    return undefined;
  }
}
