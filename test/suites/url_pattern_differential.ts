/**
 * URLPattern against another implementation of the same ada version: Node 26's built-in (ada 4.0.0 + V8),
 * run in a child process on the same generated cases (test/support/urlpattern_cases.ts), every input form
 * included: strings, strings with a base, dictionaries, and URL objects (ours and the runtime's here, Node 26's own
 * there). The pinned Node 26 comes from test/support/reference_node.ts; where it cannot be had, the test is
 * skipped and the summary says so.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { ROOT } from "../support/files.ts";
import { referenceNode } from "../support/reference_node.ts";
import { requestArgs } from "../support/route_list_cases.ts";
import { patternCases, runPatternCase } from "../support/urlpattern_cases.ts";

export { REFERENCE_ENV } from "../support/reference_node.ts";
const CASES = 2000;

/** The reference's answers, from a child process of the Node binary at `node`. */
function referenceAnswers(node: string, cases: unknown): unknown[] {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-urlpattern-"));
  try {
    const runner = pathToFileURL(join(ROOT, "dist", "test", "support", "urlpattern_cases.js")).href;
    const urls = pathToFileURL(join(ROOT, "dist", "test", "support", "route_list_cases.js")).href;
    writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
    writeFileSync(
      join(dir, "program.mjs"),
      `import { readFileSync, writeFileSync } from "node:fs";
import { runPatternCase } from ${JSON.stringify(runner)};
import { requestArgs } from ${JSON.stringify(urls)};
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
// Both kinds of URL object are Node 26's own URL here.
const makeArgs = (args) => requestArgs(args, URL, URL);
writeFileSync(process.argv[3], JSON.stringify(cases.map((c) => runPatternCase(globalThis.URLPattern, c, makeArgs))));
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
  const reference = referenceNode();
  (("node" in reference) ? test : test.skip)(`${CASES} generated patterns and their inputs: the same answers`, () => {
    const node = (reference as { node: string }).node;
    // JSON round trip first: both sides see exactly the same (USVString-converted) cases.
    const cases = JSON.parse(JSON.stringify(patternCases(seed, CASES)));
    const theirs = referenceAnswers(node, cases);
    const ours = cases.map((c: Parameters<typeof runPatternCase>[1]) =>
      runPatternCase(
        api.URLPattern as unknown as new (...args: unknown[]) => unknown,
        c,
        (args) => requestArgs(args, api.URL as never, globalThis.URL),
      )
    );
    const differences: string[] = [];
    let constructed = 0, matched = 0, urlObjects = 0;
    cases.forEach((c: unknown, i: number) => {
      const a = JSON.stringify(ours[i]), b = JSON.stringify(theirs[i]);
      if (typeof ours[i] === "object") constructed++;
      if (a.includes('"exec":{')) matched++;
      for (const input of (c as Parameters<typeof runPatternCase>[1]).inputs) {
        if (JSON.stringify(input).includes('"$url"')) urlObjects++;
      }
      if (a !== b && differences.length < 10) differences.push(`${JSON.stringify(c)}\n  ours:   ${a}\n  Node's: ${b}`);
    });
    assert.equal(differences, [], differences.join("\n"));
    // The generator must exercise both outcomes, or the comparison proves little.
    assert.ok(constructed > CASES / 2 && constructed < CASES, `${constructed} of ${CASES} patterns constructed`);
    assert.ok(matched > CASES / 10, `${matched} patterns matched at least one input`);
    assert.ok(urlObjects > CASES / 10, `only ${urlObjects} URL object inputs`);
  });
  test.run();
}
