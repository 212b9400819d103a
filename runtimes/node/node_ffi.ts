/**
 * The Node adapter's FFI where the running Node has one: `node:ffi` (Node >= 26.1, experimental, on by
 * default). Its fast path (V8's Fast API) takes numbers and raw pointers (BigInt), and a pointer argument still
 * runs checks in JavaScript: the kept call block goes by its address as a double (`ada_ffi_block_at`,
 * ffi/native_calls/block_address.ts), any other block by pointer. The batch call, once per 1,024 URLs, passes its buffers
 * as buffers (converted at the call: safe for any buffer, a little slower).
 *
 * Every call on the kept block goes through the one function `ada_ffi_block_at` (the block says which operation):
 * Node 26.10 wraps each native function in the same JavaScript function, whose call into native code stays fast
 * only while it sees one target. Alternating parse, canParse and setters made each call ~2x slower (47 → 88 ns
 * for one parse call in a loop that also calls canParse).
 *
 * Loading `node:ffi` prints an ExperimentalWarning. A user who imports ada-ffi did not ask for it, so that
 * one warning is held back while the module loads (docs/internals.md says why); every other warning passes.
 */
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { blockCaller, keptBlockAddress, keptBlockCaller } from "../../ffi/native_calls/block_address.ts";
import { LoaderUnavailableError } from "../../ffi/native_calls/library_location.ts";
import { BLOCK_TEXT } from "../../ffi/native_calls/call_block.ts";
import { keptBlock } from "../../ffi/native_calls/kept_block.ts";
import { type AsciiDecoder, cStringDecoder } from "../../ffi/native_calls/strings.ts";

interface NodeFfi {
  dlopen(
    path: string,
    definitions: Record<string, { arguments: string[]; return: string }>,
  ): { functions: Record<string, (...args: unknown[]) => number> };
  getRawPointer(source: ArrayBufferView | ArrayBuffer): bigint;
  toString(pointer: bigint): string;
}

/** `node:ffi` when this Node has it and it is switched on, else undefined. Emits no warning. */
export function loadNodeFfi(): NodeFfi | undefined {
  const getBuiltinModule = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (typeof getBuiltinModule !== "function") return undefined;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === "string" ? warning : warning?.message;
    if (/^FFI is an experimental feature/.test(String(text))) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return getBuiltinModule.call(process, "node:ffi") as NodeFfi | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * Opens the library at `path` with `node:ffi`; the functions of native/ada_ffi.h as a NativeBinding. `decodeOther` is
 * the ASCII decoder (runtimes/node/entry.ts: Buffer's latin1 slice) for every href but one in the kept block's text area.
 */
export function openWithNodeFfi(ffi: NodeFfi, path: string, decodeOther: AsciiDecoder): NativeBinding {
  let opened;
  try {
    opened = ffi.dlopen(path, {
      ada_ffi_abi_version: { arguments: [], return: "u32" },
      ada_ffi_ada_version: { arguments: ["buffer", "u32"], return: "u32" },
      ada_ffi_block: { arguments: ["pointer"], return: "u32" },
      ada_ffi_block_at: { arguments: ["f64"], return: "u32" },
      ada_ffi_parse_many: {
        arguments: ["buffer", "buffer", "u32", "buffer", "u32", "buffer", "u32", "buffer"],
        return: "u32",
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_ACCESS_DENIED") {
      throw new LoaderUnavailableError(
        "ada-ffi needs FFI permission: run Node with --allow-ffi (the permission model is on).",
        { cause: error },
      );
    }
    throw error;
  }
  const f = opened.functions;
  const { ada_ffi_abi_version, ada_ffi_ada_version, ada_ffi_block, ada_ffi_block_at, ada_ffi_parse_many } = f;
  const address = keptBlockAddress((block) => ffi.getRawPointer(block));
  const byAddress = (address: number) => ada_ffi_block_at(address);
  const byPointer = (block: Uint8Array) => ada_ffi_block(ffi.getRawPointer(block));
  return {
    // ffi.toString is node:ffi's own (Object.prototype's otherwise: a Node without it decodes as every other buffer).
    decodeAscii: Object.hasOwn(ffi, "toString") ? keptTextDecoder(ffi, decodeOther) : undefined,
    abiVersion: () => ada_ffi_abi_version(),
    adaVersion: (out, cap) => ada_ffi_ada_version(out, cap),
    // The block's OPERATION word, written by ffi/native_calls/kept_block.ts, names the function.
    block: blockCaller(address, byAddress, byPointer),
    blockKept: keptBlockCaller(address, byAddress, byPointer),
    parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) =>
      ada_ffi_parse_many(inputs, lengths, count, base, baseLen, out, outCap, results),
  };
}

/**
 * The ASCII decoder (NativeBinding.decodeAscii): an href in the kept block's text area, where every parse and setter
 * leaves it, is read as a NUL-terminated string at that area's address (`ffi.toString`: 33 ns for a 50-byte href on
 * Node 26.10, against `latin1Slice`'s 41; only at an address known beforehand, a BigInt); anything else through
 * `decodeOther` (ffi/native_calls/strings.ts, cStringDecoder).
 */
function keptTextDecoder(ffi: NodeFfi, decodeOther: AsciiDecoder): AsciiDecoder {
  const text = ffi.getRawPointer(keptBlock) + BigInt(BLOCK_TEXT);
  return cStringDecoder(
    (bytes, start) => bytes === keptBlock && start === BLOCK_TEXT,
    () => ffi.toString(text),
    decodeOther,
  );
}
