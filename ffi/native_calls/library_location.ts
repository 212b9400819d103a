/**
 * Where the native library is looked for, and the error when it is not there. Runtime-neutral: each
 * adapter passes its runtime's facts (environment variable, package root, platform) and its own
 * `open` function.
 *
 * Order: $ADA_FFI_LIBRARY (an explicit choice: never silently skipped), then the prebuilt copy the npm package
 * carries for this platform, `<package>/native/prebuilds/<key>/` (key `linux-x64-gnu`, `linux-arm64-musl`,
 * `darwin-arm64`, `win32-x64`, …: see prebuiltKey), then the CMake build output `<package>/build/` (a build from
 * source, for platforms with no prebuilt library).
 */

import { elfTruncation, type Libc, libcOfExecutable } from "./elf.ts";

export type { Libc };

export const LIBRARY_ENV = "ADA_FFI_LIBRARY";
export const BUILD_COMMAND = "node native/build_library.mjs source";

export interface LibrarySearch {
  /** Value of $ADA_FFI_LIBRARY, or undefined when unset (or unreadable). */
  envPath: string | undefined;
  /** Filesystem path of the package root (holding package.json), or undefined when not on disk. */
  packageRoot: string | undefined;
  /** Node-style platform and architecture: "linux", "darwin", "win32"; "x64", "arm64". */
  platform: string;
  arch: string;
  /**
   * On Linux, the C library the process runs on (a glibc build cannot load under musl, nor the reverse).
   * When not given, it is read from the running executable (`/proc/self/exe`) with `readHead`.
   */
  libc?: Libc;
  /** The first bytes of a file (64 unless told), or undefined when it does not exist or cannot be read. */
  readHead?: (path: string, length?: number) => Uint8Array | undefined;
  /** A file's size in bytes, or undefined when unknown (to refuse a truncated library before it is mapped). */
  fileSize?: (path: string) => number | undefined;
  /** False where $ADA_FFI_LIBRARY cannot be read at all (Deno without --allow-env): the errors say so. */
  envReadable?: boolean;
  /** A runtime's own advice, added to the not-found error (e.g. for an executable with no package beside it). */
  hint?: string;
  /**
   * The copy of the library for a prebuilt key that a bundle carries (`bun build --compile`), or undefined: tried
   * last, and only asked when the package's own files are not found.
   */
  embedded?: (key: string) => string | undefined;
}

/**
 * Thrown by an adapter's `open` when nothing can be loaded whatever the file (Deno without --allow-ffi):
 * passed through as it is, not reported as a problem of the file.
 */
export class LoaderUnavailableError extends Error {}

/** The folder under native/prebuilds/ for a platform: `<platform>-<arch>`, and `-gnu`/`-musl` on Linux. */
export function prebuiltKey(platform: string, arch: string, libc: Libc | undefined): string {
  return platform === "linux" ? `${platform}-${arch}-${libc ?? "gnu"}` : `${platform}-${arch}`;
}

const ELF_MACHINES: Record<number, string> = {
  3: "x86 (32-bit)",
  8: "mips",
  20: "ppc",
  21: "ppc64",
  22: "s390x",
  40: "arm (32-bit)",
  62: "x64",
  183: "arm64",
  243: "riscv",
};

/**
 * What a file is, from its first bytes: which platform and architecture a shared library was built
 * for. Loaders explain this badly (glibc reports an ELF for another machine as "No such file").
 */
export function describeBinary(head: Uint8Array): string {
  if (head.length >= 20 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) {
    const bits = head[4] === 1 ? "32-bit" : head[4] === 2 ? "64-bit" : "unknown-class";
    const machine = head[5] === 1 ? head[18] | (head[19] << 8) : (head[18] << 8) | head[19];
    return `a ${bits} ELF (Linux) library for ${ELF_MACHINES[machine] ?? `machine ${machine}`}`;
  }
  if (head.length >= 4) {
    const magic = (head[0] << 24 | head[1] << 16 | head[2] << 8 | head[3]) >>> 0;
    if (magic === 0xcffaedfe || magic === 0xcefaedfe || magic === 0xcafebabe) return "a Mach-O (macOS) binary";
    if (head[0] === 0x4d && head[1] === 0x5a) return "a PE (Windows) binary";
  }
  return "not a shared library (no ELF, Mach-O or PE header)";
}

export function libraryFileName(platform: string): string {
  if (platform === "win32") return "ada_ffi.dll";
  if (platform === "darwin") return "libada_ffi.dylib";
  return "libada_ffi.so";
}

/** The paths tried, in order. */
export function libraryCandidates(search: LibrarySearch): string[] {
  if (search.envPath) return [search.envPath];
  if (search.packageRoot === undefined) return [];
  const root = search.packageRoot.replace(/[\\/]+$/, "");
  const file = libraryFileName(search.platform);
  const key = prebuiltKey(search.platform, search.arch, search.libc);
  // A Windows path keeps Windows separators (paths in messages read as the user's own).
  const sep = search.platform === "win32" && root.includes("\\") ? "\\" : "/";
  return [[root, "native", "prebuilds", key, file].join(sep), [root, "build", file].join(sep)];
}

/** The symbol every ada-ffi library exports, whatever its version. */
const ADA_FFI_MARK = "ada_ffi_abi_version";
/** Past this size a file is not read to look for the mark (no ada-ffi library is near it). */
const MARK_SEARCH_LIMIT = 64 << 20;

/**
 * Whether the file at `path` is an ada-ffi library (of any version): whether its bytes hold the name of the symbol
 * every one exports. A loader that misses one of ada-ffi's functions says so either way; this tells a file that is
 * not ours (ADA_FFI_LIBRARY at the system's libz) from an ada-ffi library of another version. Unknown: assumed ours.
 */
function isAdaFfiLibrary(search: LibrarySearch, path: string): boolean {
  const size = search.fileSize?.(path);
  if (size === undefined || size > MARK_SEARCH_LIMIT || search.readHead === undefined) return true;
  const read = search.readHead(path, size);
  if (read === undefined) return true;
  const bytes: Uint8Array = read;
  const first = ADA_FFI_MARK.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first); i !== -1; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < ADA_FFI_MARK.length; j++) if (bytes[i + j] !== ADA_FFI_MARK.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/** True for a loader error that only means "no file at this path". */
function isMissingFile(message: string): boolean {
  return /no such file|cannot find|not found|image not found|does not exist|error 126/i.test(message);
}

/**
 * Opens the first candidate that exists. A file that exists but fails to load (wrong architecture,
 * corrupted) stops the search with that loader's error: loading a different copy would hide it.
 */
export function openNativeLibrary<T>(
  given: LibrarySearch,
  open: (path: string) => T,
): { library: T; path: string } {
  const search = given.platform === "linux" && given.libc === undefined && !given.envPath
    ? { ...given, libc: libcOfExecutable(given.readHead?.("/proc/self/exe", 4096) ?? new Uint8Array()) }
    : given;
  const candidates = libraryCandidates(search);
  const tried: string[] = [];
  const platformKey = prebuiltKey(search.platform, search.arch, search.libc);
  let embeddedAsked = false;
  for (const path of candidates) {
    const head = search.readHead?.(path, 4096);
    const size = head === undefined ? undefined : search.fileSize?.(path);
    const truncated = size === undefined ? undefined : elfTruncation(head!, size);
    if (truncated !== undefined) {
      throw new Error(
        `ada-ffi: the native library at ${path} is damaged: ${truncated}. Loading it would crash the process. ` +
          (search.envPath
            ? `Fix ${LIBRARY_ENV}, or rebuild the library with \`${BUILD_COMMAND}\`.`
            : `Reinstall ada-ffi, or rebuild the library with \`${BUILD_COMMAND}\`.`),
      );
    }
    try {
      return { library: open(path), path };
    } catch (error) {
      if (error instanceof LoaderUnavailableError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (head === undefined && isMissingFile(message)) {
        if (search.envPath) {
          throw new Error(
            `ada-ffi: ${LIBRARY_ENV} is set to ${path}, but there is no file there (${message}). Point it at a ` +
              `libada_ffi you built (\`${BUILD_COMMAND}\` builds one), or unset it to use the library that ships ` +
              `with the package.`,
            { cause: error },
          );
        }
        tried.push(`  - ${path} (not found)`);
        if (path === candidates[candidates.length - 1] && !embeddedAsked && !search.envPath) {
          embeddedAsked = true;
          const embedded = search.embedded?.(platformKey);
          if (embedded !== undefined) candidates.push(embedded);
        }
        continue;
      }
      if (head !== undefined && /ada_ffi_\w+/.test(message) && !isAdaFfiLibrary(search, path)) {
        throw new Error(
          `ada-ffi: ${path} is not an ada-ffi library: it loads, but exports none of ada-ffi's functions ` +
            `(${message}).\n` +
            (search.envPath
              ? `${LIBRARY_ENV} must name a libada_ffi built from this package (\`${BUILD_COMMAND}\` builds one); ` +
                "unset it to use the library that ships with the package."
              : `Reinstall ada-ffi, or rebuild the library with \`${BUILD_COMMAND}\`.`),
          { cause: error },
        );
      }
      const what = head !== undefined ? ` The file is ${describeBinary(head)}.` : "";
      throw new Error(
        `ada-ffi: the native library at ${path} exists but could not be loaded: ${message}\n` +
          `This process is ${platformKey}.${what} ` +
          `Rebuild it with \`${BUILD_COMMAND}\`` +
          (search.envPath ? `, or fix ${LIBRARY_ENV}.` : "."),
        { cause: error },
      );
    }
  }
  throw new Error(
    `ada-ffi: native library ${libraryFileName(search.platform)} not found for ${platformKey}.\n` +
      `Looked for:\n  - $${LIBRARY_ENV} ` +
      `(${search.envReadable === false ? "not readable: Deno needs --allow-env for it" : "not set"})\n` +
      `${tried.join("\n")}\n` +
      `Build it from the package directory with \`${BUILD_COMMAND}\` (CMake >= 3.19, a C++20 compiler, Python's pip ` +
      `to fetch ada), or set ${LIBRARY_ENV} to the library's path.` +
      (search.hint ? `\n${search.hint}` : ""),
  );
}
