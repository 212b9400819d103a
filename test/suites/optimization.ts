/**
 * V8 (Node, Deno): a full GC that finds no instance of our classes alive must not throw away the optimized code
 * that handles them. V8 keeps an instance's hidden class only while something holds it; without the instances
 * ffi/instance_shapes.ts keeps, every gc() deoptimized the URL constructor and getters
 * ("embedded weak objects cleared"), and the next loop ran interpreted code until re-optimized (new URL and two
 * getters: 330 ns instead of 196 on Node 26). Runs a child with --trace-deopt and counts those deopts of ours.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ENTRY, entryUrl, type Runtime } from "../support/entries.ts";

const PROGRAM = (entry: string) => `
import { URL, URLSearchParams, URLPattern } from ${JSON.stringify(entry)};
const inputs = Array.from({ length: 20000 }, (_, i) => "https://h" + (i % 50) + ".example/p/" + i + "?q=" + i);
const pattern = new URLPattern({ pathname: "/p/:id" });
let acc = 0;
for (let round = 0; round < 8; round++) {
  globalThis.gc();
  for (const s of inputs) {
    const u = new URL(s);
    acc += u.hostname.length + u.pathname.length + u.search.length + new URLSearchParams(u.search).size;
    if (pattern.test(s)) acc++;
  }
}
console.log("ACC " + acc);
`;

export function register(runtime: Runtime): void {
  if (runtime === "bun") return; // JavaScriptCore: no such tracing (and no such deopt reason)
  const test = suite(`optimized code survives full GCs (${runtime})`);
  test("no deopt of our code for 'embedded weak objects cleared' after gc() with no instance alive", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-deopt-"));
    try {
      const file = join(dir, runtime === "node" ? "program.mjs" : "program.ts");
      writeFileSync(file, PROGRAM(entryUrl(ENTRY[runtime])));
      const args = runtime === "node"
        ? ["--expose-gc", "--trace-deopt", file]
        : ["run", "--allow-all", "--v8-flags=--expose-gc,--trace-deopt", file];
      const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 120_000, maxBuffer: 1 << 28 });
      assert.ok(/ACC \d+/.test(run.stdout), `${run.stdout.slice(-2000)}${run.stderr}`);
      // The functions of ours that handle instances: constructors, getters, matching.
      const ours =
        /<SharedFunctionInfo (URL|URLSearchParams|URLPattern|get (href|hostname|pathname|search|size)|test|#\w+)>/;
      const cleared = run.stdout.split("\n").filter((line) =>
        line.includes("embedded weak objects cleared") && ours.test(line) && !line.includes("node:internal")
      );
      assert.equal(cleared, [], cleared.join("\n"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test.run();
}
