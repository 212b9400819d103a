/** Paths and file reading for the tests (node: modules work on Node, Deno and Bun alike). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root: the nearest directory above this file holding package.json (tests also run from dist/). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("test: package.json not found above " + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();

export function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(join(ROOT, relative), "utf8")) as T;
}

/** Non-empty lines of a text file. */
export function readLines(relative: string): string[] {
  return readFileSync(join(ROOT, relative), "utf8").split(/\r?\n/).filter((line) => line !== "");
}
