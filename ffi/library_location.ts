/**
 * Where the native library is looked for, and the error when it is not there. Runtime-neutral: each
 * adapter passes its runtime's facts (environment variable, package root, platform) and its own
 * `open` function.
 *
 * Order: $ADA_FFI_LIBRARY (an explicit choice: never silently skipped), then the CMake build output
 * `<package>/build/`, then the prebuilt copy `<package>/prebuilds/<platform>-<arch>/`.
 */

export const LIBRARY_ENV = "ADA_FFI_LIBRARY";
export const BUILD_COMMAND = "npm run build:native";

export interface LibrarySearch {
  /** Value of $ADA_FFI_LIBRARY, or undefined when unset (or unreadable). */
  envPath: string | undefined;
  /** Filesystem path of the package root (holding package.json), or undefined when not on disk. */
  packageRoot: string | undefined;
  /** Node-style platform and architecture: "linux", "darwin", "win32"; "x64", "arm64". */
  platform: string;
  arch: string;
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
  return [`${root}/build/${file}`, `${root}/prebuilds/${search.platform}-${search.arch}/${file}`];
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
  search: LibrarySearch,
  open: (path: string) => T,
): { library: T; path: string } {
  const candidates = libraryCandidates(search);
  const tried: string[] = [];
  for (const path of candidates) {
    try {
      return { library: open(path), path };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (search.envPath || !isMissingFile(message)) {
        throw new Error(
          `ada-ffi: the native library at ${path} exists but could not be loaded: ${message}\n` +
            `It may be built for another platform (this is ${search.platform}-${search.arch}) or be damaged. ` +
            `Rebuild it with \`${BUILD_COMMAND}\`` +
            (search.envPath ? `, or fix ${LIBRARY_ENV}.` : "."),
          { cause: error },
        );
      }
      tried.push(`  - ${path} (not found)`);
    }
  }
  throw new Error(
    `ada-ffi: native library ${libraryFileName(search.platform)} not found for ${search.platform}-${search.arch}.\n` +
      `Looked for:\n  - $${LIBRARY_ENV} (not set)\n${tried.join("\n")}\n` +
      `Build it from the package directory with \`${BUILD_COMMAND}\` (CMake >= 3.18, a C++20 compiler, Python's pip ` +
      `to fetch ada), or set ${LIBRARY_ENV} to the library's path.`,
  );
}
