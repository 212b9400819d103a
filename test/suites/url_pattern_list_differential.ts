/**
 * URLPatternList against the loop it replaces: on generated route sets and requests (test/support/route_list_cases.ts)
 * the list's test() and exec() (index, pattern, and a result deep-equal to the pattern's own) equal the loop over
 * our URLPattern, for a list built at once, one built by add() with lookups in between, and one built from the
 * same URLPattern objects; and, where the run has Node 26 (ADA_FFI_REFERENCE_NODE), the loop over Node 26's
 * built-in URLPattern on the absolute URL requests.
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
import {
  errorName,
  loopAnswers,
  normalizeResult,
  requestArgs,
  type RouteSetCase,
  routeSetCases,
} from "../support/route_list_cases.ts";
import { REFERENCE_ENV } from "./url_pattern_differential.ts";

type Pattern = InstanceType<Api["URLPattern"]>;
type List = InstanceType<Api["URLPatternList"]>;

/** The list's answers in loopAnswers' form; checks each match's `pattern` is the one at its index (when given). */
function listAnswers(list: List, patterns: Pattern[] | null, requests: unknown[][], sortGroups: boolean) {
  return requests.map((args) => {
    let test: unknown;
    try {
      test = (list.test as (...a: unknown[]) => boolean)(...args);
    } catch (error) {
      test = errorName(error);
    }
    try {
      const r = (list.exec as (...a: unknown[]) => ReturnType<List["exec"]>)(...args);
      if (r === null) return { test, index: -1, result: null };
      if (patterns !== null && r.pattern !== patterns[r.index]) {
        return { test, index: `pattern of ${r.index} is not the list's`, result: null };
      }
      return { test, index: r.index, result: normalizeResult(r.result as never, sortGroups) };
    } catch (error) {
      return { test, index: errorName(error), result: null };
    }
  });
}

/** The patterns of a case that construct (an invalid one is left out of both sides), with their arguments. */
function construct(api: Api, c: RouteSetCase): { patterns: Pattern[]; args: unknown[][] } {
  const patterns: Pattern[] = [];
  const args: unknown[][] = [];
  for (const a of c.patterns) {
    try {
      patterns.push(new (api.URLPattern as unknown as new (...x: unknown[]) => Pattern)(...a));
      args.push(a);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return { patterns, args };
}

function firstDifferences(c: RouteSetCase, requests: unknown[][], ours: unknown[], theirs: unknown[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < requests.length && out.length < 5; i++) {
    const a = JSON.stringify(ours[i]), b = JSON.stringify(theirs[i]);
    if (a !== b) out.push(`request ${JSON.stringify(requests[i])}\n  list: ${a}\n  loop: ${b}`);
  }
  if (out.length > 0) out.unshift(`patterns ${JSON.stringify(c.patterns)}`);
  return out;
}

/** Node 26's loop answers for `cases` (absolute URL requests only), from a child process of `node`. */
function referenceAnswers(node: string, cases: RouteSetCase[]): { invalid: number[]; answers: unknown[] }[] {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-urlpatternlist-"));
  try {
    const runner = pathToFileURL(join(ROOT, "dist", "test", "support", "route_list_cases.js")).href;
    writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
    writeFileSync(
      join(dir, "program.mjs"),
      `import { readFileSync, writeFileSync } from "node:fs";
import { loopAnswers } from ${JSON.stringify(runner)};
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
writeFileSync(process.argv[3], JSON.stringify(cases.map((c) => {
  const invalid = [];
  const patterns = [];
  c.patterns.forEach((a, i) => { try { patterns.push(new URLPattern(...a)); } catch { invalid.push(i); } });
  return { invalid, answers: loopAnswers(patterns, c.requests, true) };
})));
`,
    );
    const run = spawnSync(node, [join(dir, "program.mjs"), join(dir, "cases.json"), join(dir, "answers.json")], {
      encoding: "utf8",
      timeout: 300_000,
    });
    assert.is(run.status, 0, `${node} failed: ${run.stderr}`);
    return JSON.parse(readFileSync(join(dir, "answers.json"), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isAbsolute = (args: unknown[]) =>
  args.length === 1 && typeof args[0] === "string" && /^[a-z]+:\/\/\S/.test(args[0]);

export function register(api: Api, seed: number): void {
  const test = suite("URLPatternList = the loop over URLPattern");
  const List = api.URLPatternList as unknown as new (...a: unknown[]) => List;

  for (
    const [name, sets, count, requests] of [
      ["small route sets", 60, 12, 120],
      ["route sets of 60", 30, 60, 150],
      ["route sets of 400", 3, 400, 300],
    ] as const
  ) {
    test(`${name} (seed ${seed}): the same first match and result, for every input form`, () => {
      const cases = routeSetCases(seed + count, sets, count, requests);
      let matched = 0, compared = 0, narrowed = 0;
      for (const c of cases) {
        const { patterns, args } = construct(api, c);
        const requestsMade = c.requests.map((r) => requestArgs(r, api.URL as never, globalThis.URL));
        const loop = loopAnswers(patterns as never, requestsMade, false);
        // Built at once from the patterns themselves.
        const fromPatterns = new List(patterns);
        assert.equal(
          firstDifferences(c, c.requests, listAnswers(fromPatterns, patterns, requestsMade, false), loop),
          [],
        );
        // Built by add() from the arguments, half of it after lookups were made.
        const added = new List();
        const half = args.length >> 1;
        const add = (k: number) => assert.is((added.add as (...a: unknown[]) => number)(...args[k]), k);
        for (let k = 0; k < half; k++) add(k);
        const early = requestsMade.slice(0, 20);
        assert.equal(
          firstDifferences(
            c,
            early,
            listAnswers(added, null, early, false),
            loopAnswers(patterns.slice(0, half) as never, early, false),
          ),
          [],
        );
        for (let k = half; k < args.length; k++) add(k);
        assert.is(added.length, patterns.length);
        assert.equal(firstDifferences(c, c.requests, listAnswers(added, null, requestsMade, false), loop), []);
        for (const a of loop) {
          compared++;
          if (typeof a.index === "number" && a.index >= 0) matched++;
        }
        if (patterns.length >= 12) narrowed++;
      }
      // The generator must exercise both outcomes, or the comparison proves little.
      assert.ok(matched > compared / 4 && matched < compared * 0.95, `${matched} of ${compared} requests matched`);
      assert.ok(narrowed > 0);
    });
  }

  test(`Node 26's built-in URLPattern, looped: the same answers on absolute URLs (seed ${seed})`, () => {
    const node = process.env[REFERENCE_ENV];
    if (!node) {
      console.log(`URLPatternList differential against Node 26 skipped: set ${REFERENCE_ENV} (npm test does)`);
      return;
    }
    const cases = routeSetCases(seed + 1, 40, 40, 150).map((c) => ({
      patterns: c.patterns,
      requests: c.requests.filter(isAbsolute),
    }));
    const theirs = referenceAnswers(node, JSON.parse(JSON.stringify(cases)));
    let matched = 0;
    cases.forEach((c, i) => {
      const { patterns } = construct(api, c);
      const invalid = c.patterns.map((_, k) => k).filter((k) => {
        try {
          new (api.URLPattern as unknown as new (...x: unknown[]) => Pattern)(...c.patterns[k]);
          return false;
        } catch {
          return true;
        }
      });
      assert.equal(invalid, theirs[i].invalid, "the same patterns are invalid");
      const ours = listAnswers(new List(patterns), patterns, c.requests, true);
      matched += ours.filter((a) => typeof a.index === "number" && a.index >= 0).length;
      assert.equal(firstDifferences(c, c.requests, ours, theirs[i].answers), []);
    });
    assert.ok(matched > 500, `${matched} requests matched`);
  });

  test.run();
}
