/**
 * The reference Node for the differential suites: Node 26's built-in URLPattern and URLSearchParams (ada 4.0.0 +
 * V8), run in a child process. `npm test` passes the pinned binary as ADA_FFI_REFERENCE_NODE; a suite run by hand
 * fetches the same pinned binary (test/support/node_lines.mjs, into ada-ffi's cache) as npm test does. Where it
 * cannot be had, the suites register their reference tests with uvu's test.skip: the summary says skipped, never
 * passed.
 */
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { ROOT } from "./files.ts";

export const REFERENCE_ENV = "ADA_FFI_REFERENCE_NODE";

// node_lines.mjs is plain JavaScript beside this file's source; from dist/ (tsc's output, which Node runs) it is
// reached through the checkout's root. Imported here, once: its nodeBinary() is synchronous, so a suite can decide
// at registration whether its reference test runs or is skipped.
const nodeLines: { nodeBinary(line: string): string } | Error = await import(
  pathToFileURL(join(ROOT, "test", "support", "node_lines.mjs")).href
).catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));

let resolved: { node: string } | { skip: string } | undefined;

/** Node 26's binary, or why there is none (said once, on the console). Fetches it on first use if it must. */
export function referenceNode(): { node: string } | { skip: string } {
  if (resolved !== undefined) return resolved;
  const given = process.env[REFERENCE_ENV];
  if (given) return resolved = { node: given };
  if (process.env.ADA_FFI_TEST_IN_PROCESS === "1") {
    resolved = { skip: "this run starts no child process (ADA_FFI_TEST_IN_PROCESS=1)" };
  } else if (nodeLines instanceof Error) {
    resolved = { skip: `test/support/node_lines.mjs could not be imported: ${nodeLines.message}` };
  } else {
    try {
      resolved = { node: nodeLines.nodeBinary("26") };
    } catch (error) {
      resolved = { skip: `the pinned Node 26 could not be fetched: ${(error as Error)?.message}` };
    }
  }
  if ("skip" in resolved) console.log(`  Node 26 reference tests skipped: ${resolved.skip}`);
  return resolved;
}
