/**
 * `@std/http/unstable-route` (routeLinear, routeRadix) for the routing benchmarks, from a checkout of denoland/std that
 * the developer has: ADA_FFI_STD_DIR (a work tree or a bare git directory), else the search tool's snapshot
 * /work/.mirror/denoland+std/repo. std is on JSR only (no registry this project installs from reaches it), and its code
 * is never committed here: its one file is written into a temporary directory and imported from there as TypeScript
 * (Deno, Bun, and Node ≥ 22.18 strip the types). Without a checkout, or on a Node that cannot import TypeScript, the
 * benchmarks leave std's columns out and say why.
 */
import { execFileSync } from "node:child_process";
import process from "node:process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// deno-lint-ignore no-explicit-any
type Any = any;

export interface StdRouter {
  routeLinear: Any;
  routeRadix: Any;
  /** Where it came from: the checkout and its commit. */
  source: string;
}

const FILE = "http/unstable_route.ts";

/** The source of std's router file in `dir`, and the commit, or null. */
function readStd(dir: string): { text: string; commit: string } | null {
  if (existsSync(join(dir, FILE))) {
    let commit = "work tree";
    try {
      commit = execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    } catch { /* not a git work tree */ }
    return { text: readFileSync(join(dir, FILE), "utf8"), commit };
  }
  try {
    const text = execFileSync("git", ["--git-dir", dir, "show", `HEAD:${FILE}`], { encoding: "utf8" });
    const commit = execFileSync("git", ["--git-dir", dir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    return { text, commit };
  } catch {
    return null;
  }
}

/** std's router, or a reason it cannot be had here. */
export async function loadStdRouter(): Promise<StdRouter | string> {
  const dir = process.env.ADA_FFI_STD_DIR ?? "/work/.mirror/denoland+std/repo";
  if (!existsSync(dir)) return `no std checkout (set ADA_FFI_STD_DIR to one of denoland/std)`;
  const found = readStd(dir);
  if (found === null) return `${dir} has no ${FILE}`;
  const temp = mkdtempSync(join(tmpdir(), "ada-ffi-std-"));
  const file = join(temp, "unstable_route.ts");
  writeFileSync(file, found.text);
  try {
    const module = await import(pathToFileURL(file).href);
    return { routeLinear: module.routeLinear, routeRadix: module.routeRadix, source: `${dir} @ ${found.commit}` };
  } catch (error) {
    return `std's TypeScript could not be imported here (${(error as Error).message.split("\n")[0]})`;
  } finally {
    rmSync(temp, { recursive: true, force: true }); // imported: the module stays loaded
  }
}
