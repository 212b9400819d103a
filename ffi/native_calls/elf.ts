/**
 * What the loader would read of an ELF file, from its first bytes: the program headers. Used before loading
 * the native library (refuse a truncated one) and to tell this process's C library (glibc or musl).
 */

const PT_LOAD = 1;
const PT_INTERP = 3;

interface ProgramHeader {
  type: number;
  offset: number;
  fileSize: number;
}

/**
 * The program headers found in `head`, and where their table ends; `complete` is false when the table goes
 * on past the bytes given. Undefined for anything that is not ELF.
 */
function programHeaders(
  head: Uint8Array,
): { headers: ProgramHeader[]; tableEnd: number; complete: boolean } | undefined {
  if (head.length < 64 || head[0] !== 0x7f || head[1] !== 0x45 || head[2] !== 0x4c || head[3] !== 0x46) {
    return undefined;
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const is64 = head[4] === 2;
  const le = head[5] === 1;
  const word = (at: number) => is64 ? Number(view.getBigUint64(at, le)) : view.getUint32(at, le);
  const phoff = word(is64 ? 32 : 28);
  const phentsize = view.getUint16(is64 ? 54 : 42, le);
  const phnum = view.getUint16(is64 ? 56 : 44, le);
  const headers: ProgramHeader[] = [];
  for (let i = 0; i < phnum; i++) {
    const ph = phoff + i * phentsize;
    if (ph + phentsize > head.length) break;
    headers.push({
      type: view.getUint32(ph, le),
      offset: word(ph + (is64 ? 8 : 4)),
      fileSize: word(ph + (is64 ? 32 : 16)),
    });
  }
  return { headers, tableEnd: phoff + phentsize * phnum, complete: headers.length === phnum };
}

/**
 * Why an ELF file is cut short, or undefined: a segment that ends past the end of the file. The loader maps
 * it anyway and the process dies of SIGBUS on first touch, with no message; so it is refused beforehand.
 * Judged by the headers within `head`.
 */
export function elfTruncation(head: Uint8Array, size: number): string | undefined {
  const table = programHeaders(head);
  if (table === undefined) return undefined;
  let needed = table.tableEnd;
  for (const h of table.headers) if (h.type === PT_LOAD) needed = Math.max(needed, h.offset + h.fileSize);
  return needed > size ? `the file has ${size} bytes, but its segments need ${needed} (truncated?)` : undefined;
}

export type Libc = "gnu" | "musl";

/**
 * The C library of a Linux executable from its first bytes (4 KiB is plenty): the dynamic loader it names
 * (`/lib/ld-musl-x86_64.so.1` or `/lib64/ld-linux-x86-64.so.2`). Reading the running executable
 * (`/proc/self/exe`) tells which libc this process has, in well under a millisecond (Node's
 * `process.report` takes ~10 ms). Undefined when it cannot tell (not ELF, static, header not in `head`).
 */
export function libcOfExecutable(head: Uint8Array): Libc | undefined {
  const table = programHeaders(head);
  if (table === undefined) return undefined;
  const interp = table.headers.find((h) => h.type === PT_INTERP);
  if (interp === undefined || interp.offset + interp.fileSize > head.length) return undefined;
  const name = String.fromCharCode(...head.subarray(interp.offset, interp.offset + interp.fileSize));
  return name.includes("musl") ? "musl" : "gnu";
}
