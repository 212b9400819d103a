/**
 * URLPattern against another implementation of the same ada version: Node 26's built-in (ada 4.0.0 + V8),
 * run in a child process on the same generated cases (test/support/urlpattern_cases.ts). `npm test` passes
 * the pinned Node 26 binary as ADA_FFI_REFERENCE_NODE; without it (a suite run by hand) the comparison is
 * skipped and says so.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { ROOT } from "../support/files.ts";
import { patternCases, runPatternCase } from "../support/urlpattern_cases.ts";

export const REFERENCE_ENV = "ADA_FFI_REFERENCE_NODE";
const CASES = 2000;

/** The reference's answers, from a child process of the Node binary at `node`. */
function referenceAnswers(node: string, cases: unknown): unknown[] {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-urlpattern-"));
  try {
    const runner = pathToFileURL(join(ROOT, "dist", "test", "support", "urlpattern_cases.js")).href;
    writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
    writeFileSync(
      join(dir, "program.mjs"),
      `import { readFileSync, writeFileSync } from "node:fs";
import { runPatternCase } from ${JSON.stringify(runner)};
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
writeFileSync(process.argv[3], JSON.stringify(cases.map((c) => runPatternCase(globalThis.URLPattern, c))));
`,
    );
    const run = spawnSync(node, [join(dir, "program.mjs"), join(dir, "cases.json"), join(dir, "answers.json")], {
      encoding: "utf8",
      timeout: 120_000,
    });
    assert.is(run.status, 0, `${node} failed: ${run.stderr}`);
    return JSON.parse(readFileSync(join(dir, "answers.json"), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function register(api: Api, seed: number): void {
  const test = suite("URLPattern differential (Node 26's built-in)");
  test(`${CASES} generated patterns and their inputs: the same answers`, () => {
    const node = process.env[REFERENCE_ENV];
    if (!node) {
      console.log(`URLPattern differential skipped: set ${REFERENCE_ENV} to a Node 26 binary (npm test does)`);
      return;
    }
    // JSON round trip first: both sides see exactly the same (USVString-converted) cases.
    const cases = JSON.parse(JSON.stringify(patternCases(seed, CASES)));
    const theirs = referenceAnswers(node, cases);
    const ours = cases.map((c: Parameters<typeof runPatternCase>[1]) =>
      runPatternCase(api.URLPattern as unknown as new (...args: unknown[]) => unknown, c)
    );
    const differences: string[] = [];
    let constructed = 0, matched = 0;
    cases.forEach((c: unknown, i: number) => {
      const a = JSON.stringify(ours[i]), b = JSON.stringify(theirs[i]);
      if (typeof ours[i] === "object") constructed++;
      if (a.includes('"exec":{')) matched++;
      if (a !== b && differences.length < 10) differences.push(`${JSON.stringify(c)}\n  ours:   ${a}\n  Node's: ${b}`);
    });
    assert.equal(differences, [], differences.join("\n"));
    // The generator must exercise both outcomes, or the comparison proves little.
    assert.ok(constructed > CASES / 2 && constructed < CASES, `${constructed} of ${CASES} patterns constructed`);
    assert.ok(matched > CASES / 10, `${matched} patterns matched at least one input`);
  });
  test.run();
}
