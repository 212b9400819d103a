/**
 * ada's own answers, from the test-only C++ tool build/ada_reference (native/test/ada_reference.cpp),
 * which calls ada's C++ getters directly. See that file for the byte protocol.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import process from "node:process";
import { join } from "node:path";
import { ROOT } from "./files.ts";
import { type Getter, GETTERS } from "./getters.ts";

// The getters live in a module without Node imports (the browser run loads it); their users import them from here.
export { type Getter, GETTERS };
export type Components = Record<Getter, string>;
export interface Case {
  input: string;
  base?: string;
  /** Parse input, then run this setter (a GETTERS name other than origin) with this value. */
  set?: { setter: string; value: string };
}

/** Setter names in the order of enum ada_ffi_setter. */
export const SETTERS = [
  "href",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function encodeCases(cases: Case[]): Uint8Array {
  // Room for the worst case: 4 + 4 + 4 header bytes and 3 UTF-8 bytes per UTF-16 unit.
  let size = 0;
  for (const c of cases) size += 16 + 3 * (c.input.length + (c.base?.length ?? 0) + (c.set?.value.length ?? 0));
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const str = (s: string) => {
    const written = encoder.encodeInto(s, bytes.subarray(at + 4)).written; // lone surrogates -> U+FFFD
    view.setUint32(at, written, true);
    at += 4 + written;
  };
  for (const c of cases) {
    view.setUint32(at, c.set !== undefined ? 2 : c.base !== undefined ? 1 : 0, true);
    at += 4;
    str(c.input);
    if (c.set !== undefined) {
      view.setUint32(at, SETTERS.indexOf(c.set.setter), true);
      at += 4;
      str(c.set.value);
    } else if (c.base !== undefined) {
      str(c.base);
    }
  }
  return bytes.subarray(0, at);
}

/** ada's getters for each case, or null where ada rejects the URL. */
export function referenceComponents(cases: Case[]): (Components | null)[] {
  const tool = join(ROOT, "build", process.platform === "win32" ? "ada_reference.exe" : "ada_reference");
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-reference-"));
  let out: Uint8Array;
  try {
    writeFileSync(join(dir, "cases"), encodeCases(cases));
    const run = spawnSync(tool, [join(dir, "cases"), join(dir, "answers")], { stdio: ["ignore", "ignore", "pipe"] });
    if (run.error) throw new Error(`test: cannot run ${tool} (build it with npm run build:native): ${run.error}`);
    if (run.status !== 0) throw new Error(`test: ${tool} exited with ${run.status}: ${run.stderr}`);
    out = new Uint8Array(readFileSync(join(dir, "answers")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = 0;
  const results: (Components | null)[] = [];
  for (let i = 0; i < cases.length; i++) {
    const valid = out[at++];
    if (!valid) {
      results.push(null);
      continue;
    }
    const record = {} as Components;
    for (const getter of GETTERS) {
      const len = view.getUint32(at, true);
      at += 4;
      record[getter] = decoder.decode(out.subarray(at, at + len));
      at += len;
    }
    results.push(record);
  }
  if (at !== out.length) throw new Error(`test: ada_reference wrote ${out.length - at} unexpected bytes`);
  return results;
}
