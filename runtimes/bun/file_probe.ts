/**
 * The Bun adapter's file checks for the library lookup, without node:fs where Bun can: loading node:fs costs
 * Bun ~2.4 ms of start-up, a third of what importing ada-ffi costs. A file's size comes from `Bun.file`, its
 * first bytes from `Bun.mmap` (a private mapping of just those bytes, copied out). `Bun.mmap` opens the file for
 * writing too, so a read-only file (a package installed by another user) takes the node:fs path, as does a
 * missing or empty one (for its error).
 */
import { fileSize as fileSizeByFs, readHead as readHeadByFs } from "../node/file_probe.ts";

export function readHead(file: string, length = 64): Uint8Array | undefined {
  try {
    const size = Bun.file(file).size;
    if (size > 0) return Bun.mmap(file, { size: Math.min(length, size), shared: false }).slice();
  } catch {
    // fall through to node:fs
  }
  return readHeadByFs(file, length);
}

export function fileSize(file: string): number | undefined {
  const size = Bun.file(file).size;
  return size > 0 ? size : fileSizeByFs(file);
}

/**
 * On Linux, whether Bun runs on glibc or musl, from its process report (0.2 ms on Bun; Node's takes ~12 ms), or
 * undefined to let the lookup read it from the executable.
 */
export function bunLibc(): "gnu" | "musl" | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
    if (header === undefined) return undefined;
    return header.glibcVersionRuntime ? "gnu" : "musl";
  } catch {
    return undefined;
  }
}
