/**
 * URLPatternList against the loop it replaces: on generated route sets and requests (test/support/route_list_cases.ts)
 * the list's test() and exec() (index, pattern, and a result deep-equal to the pattern's own) equal the loop over
 * the same patterns (our URLPattern, and on runtimes that have one some of the runtime's own), for a list built at
 * once, one built by add() with lookups in between, and one built from the same URLPattern objects; and the loop
 * over Node 26's built-in URLPattern (test/support/reference_node.ts) on every input form: absolute URLs, strings
 * with a base, dictionaries, and URL objects (Node 26's own there). Each request must also be answered within
 * REQUEST_BUDGET_MS: a slow pathname RegExp behind a protocol or hostname that rules the request out must not run.
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
import {
  errorName,
  loopAnswers,
  normalizeResult,
  requestArgs,
  type RouteSetCase,
  routeSetCases,
  SLOW_AS,
} from "../support/route_list_cases.ts";

type Pattern = InstanceType<Api["URLPattern"]>;
type List = InstanceType<Api["URLPatternList"]>;

/**
 * The most one request's test() and exec() may take. A slow request (SLOW_AS a's) costs seconds when its slow
 * pathname RegExp runs, microseconds when the protocol or hostname that rules it out is looked at first.
 */
const REQUEST_BUDGET_MS = 500;

/** The list's answers in loopAnswers' form; checks each match's `pattern` is the one at its index (when given). */
function listAnswers(list: List, patterns: Pattern[] | null, requests: unknown[][], sortGroups: boolean) {
  return requests.map((args) => {
    const start = performance.now();
    const answer = listAnswer(list, patterns, args, sortGroups);
    const took = performance.now() - start;
    if (took > REQUEST_BUDGET_MS) {
      const shown = JSON.stringify(args, (_, v) => v instanceof Object && "href" in v ? `URL ${v.href}` : v);
      assert.unreachable(
        `${shown} took ${took.toFixed(0)} ms (budget ${REQUEST_BUDGET_MS} ms): was a slow pathname RegExp run ` +
          `before the protocol or hostname that rules the request out?`,
      );
    }
    return answer;
  });
}

function listAnswer(list: List, patterns: Pattern[] | null, args: unknown[], sortGroups: boolean) {
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
}

type PatternClass = new (...a: unknown[]) => Pattern;

/**
 * The patterns of a case that construct (an invalid one is left out of both sides), with their arguments: ours, or
 * for the case's `builtin` indices the runtime's own (`Builtin`, where given). `invalid`: the indices left out.
 */
function construct(
  api: Api,
  c: RouteSetCase,
  Builtin?: PatternClass,
): { patterns: Pattern[]; args: unknown[][]; builtin: boolean[]; invalid: number[] } {
  const patterns: Pattern[] = [];
  const args: unknown[][] = [];
  const builtin: boolean[] = [];
  const invalid: number[] = [];
  c.patterns.forEach((a, i) => {
    const theirs = Builtin !== undefined && c.builtin.includes(i);
    try {
      patterns.push(new (theirs ? Builtin : api.URLPattern as unknown as PatternClass)(...a));
      args.push(a);
      builtin.push(theirs);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      invalid.push(i);
    }
  });
  return { patterns, args, builtin, invalid };
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

/** Node 26's loop answers for `cases` (URL objects made there with Node 26's URL), from a child process of `node`. */
function referenceAnswers(node: string, cases: RouteSetCase[]): { invalid: number[]; answers: unknown[] }[] {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-urlpatternlist-"));
  try {
    const runner = pathToFileURL(join(ROOT, "dist", "test", "support", "route_list_cases.js")).href;
    writeFileSync(join(dir, "cases.json"), JSON.stringify(cases));
    writeFileSync(
      join(dir, "program.mjs"),
      `import { readFileSync, writeFileSync } from "node:fs";
import { loopAnswers, requestArgs } from ${JSON.stringify(runner)};
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
writeFileSync(process.argv[3], JSON.stringify(cases.map((c) => {
  const invalid = [];
  const patterns = [];
  c.patterns.forEach((a, i) => { try { patterns.push(new URLPattern(...a)); } catch { invalid.push(i); } });
  const requests = c.requests.map((r) => requestArgs(r, URL, URL));
  return { invalid, answers: loopAnswers(patterns, requests, true) };
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

/**
 * A string that is no URL, given without a base: no match, in the standard, Deno, Bun and ours; Node 26 (ada 4.0.0)
 * matches `""`, `"//users"` or `"relative/path"` as if it were a dictionary's pathname. Left out of the comparison
 * with Node 26 (url_pattern_list_api.ts checks that they do not match). The runtime's URL parser decides.
 */
const relativeWithoutBase = (args: unknown[]) =>
  typeof args[0] === "string" && args[1] == null &&
  !(globalThis.URL as { canParse(s: string): boolean }).canParse(args[0]);

/**
 * Whether the runtime's URL parser reads a request's URL object (`$kind: "builtin"`) as ada does (our URL, and Node
 * 26's in the reference): Deno's and Bun's parsers differ on some URLs (a backslash in a non-special URL's port),
 * which the URL suites compare; here only URLPattern is.
 */
function sameURL(api: Api, args: unknown[]): boolean {
  return args.every((a) => {
    if (typeof a !== "object" || a === null || !("$url" in a)) return true;
    const href = (a as { $url: string }).$url;
    const parse = (Class: unknown) => {
      try {
        return new (Class as new (s: string) => { href: string })(href).href;
      } catch {
        return null;
      }
    };
    return parse(globalThis.URL) === parse(api.URL);
  });
}

export function register(api: Api, seed: number): void {
  const test = suite("URLPatternList = the loop over URLPattern");
  const List = api.URLPatternList as unknown as new (...a: unknown[]) => List;
  // The runtime's own URLPattern (Node 24+, Deno, Bun): some patterns of the generated lists are made with it.
  const Builtin = (globalThis as unknown as { URLPattern?: PatternClass }).URLPattern;
  const runtimeOwn = Builtin !== undefined && Builtin !== (api.URLPattern as unknown) ? Builtin : undefined;
  // Deno's own URLPattern throws on exec() and test() without an argument (the standard's input is optional,
  // `{}` by default); the list asks it with `(input, baseURL)`, both undefined, and gets the standard's answer. So
  // where the runtime's own pattern throws so, a list holding one is not compared with the loop on `[]`.
  const ownNeedsAnArgument = runtimeOwn !== undefined && (() => {
    try {
      (new runtimeOwn({}).test as () => boolean)();
      return false;
    } catch {
      return true;
    }
  })();

  for (
    const [name, sets, count, requests] of [
      ["small route sets", 60, 12, 120],
      ["route sets of 60", 30, 60, 150],
      ["route sets of 400", 3, 400, 300],
    ] as const
  ) {
    test(`${name} (seed ${seed}): the same first match and result, for every input form`, () => {
      const cases = routeSetCases(seed + count, sets, count, requests);
      let matched = 0, compared = 0, narrowed = 0, slow = 0, theirs = 0;
      for (const c of cases) {
        const { patterns, args, builtin } = construct(api, c, runtimeOwn);
        if (ownNeedsAnArgument && builtin.includes(true)) c.requests = c.requests.filter((r) => r.length > 0);
        const requestsMade = c.requests.map((r) => requestArgs(r, api.URL as never, globalThis.URL));
        // Built at once from the patterns themselves; first, so that a request over its time budget fails at once.
        const fromPatterns = new List(patterns);
        const answers = listAnswers(fromPatterns, patterns, requestsMade, false);
        const loop = loopAnswers(patterns as never, requestsMade, false);
        assert.equal(firstDifferences(c, c.requests, answers, loop), []);
        // Built by add() from the arguments (the runtime's own patterns as they are), half of it after lookups.
        const added = new List();
        const half = args.length >> 1;
        const add = (k: number) => {
          const a = builtin[k] ? [patterns[k]] : args[k];
          assert.is((added.add as (...a: unknown[]) => number)(...a), k);
        };
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
        slow += c.requests.filter((r) => JSON.stringify(r).includes("a".repeat(SLOW_AS))).length;
        theirs += builtin.filter((b) => b).length;
      }
      // The generator must exercise both outcomes, or the comparison proves little. Bounds that hold for any seed: 400
      // routes answer 93.6-97.1% of their requests (16 seeds), so "under 95%" failed about one seed in two.
      const missed = compared - matched;
      assert.ok(
        matched > compared / 4 && missed >= Math.max(5, compared / 100),
        `${matched} of ${compared} requests matched`,
      );
      assert.ok(narrowed > 0);
      assert.ok(slow > 0, "no slow request");
      assert.ok(runtimeOwn === undefined || theirs > 0, "no pattern of the runtime's own");
    });
  }

  const reference = referenceNode();
  (("node" in reference) ? test : test.skip)(
    `Node 26's built-in URLPattern, looped: the same answers for every input form (seed ${seed})`,
    () => {
      const node = (reference as { node: string }).node;
      // JSON round trip first: both sides see the same requests (`[url, undefined]` is `[url, null]` on both).
      const cases: RouteSetCase[] = JSON.parse(JSON.stringify(routeSetCases(seed + 1, 40, 40, 150))).map(
        (c: RouteSetCase) => ({ ...c, requests: c.requests.filter((r) => !relativeWithoutBase(r) && sameURL(api, r)) }),
      );
      const theirs = referenceAnswers(node, JSON.parse(JSON.stringify(cases)));
      let matched = 0;
      const forms = new Set<string>();
      cases.forEach((c, i) => {
        const { patterns, invalid } = construct(api, c);
        assert.equal(invalid, theirs[i].invalid, "the same patterns are invalid");
        const requestsMade = c.requests.map((r) => requestArgs(r, api.URL as never, globalThis.URL));
        const ours = listAnswers(new List(patterns), patterns, requestsMade, true);
        ours.forEach((a, k) => {
          if (typeof a.index !== "number" || a.index < 0) return;
          matched++;
          const [first, base] = c.requests[k];
          if (typeof first === "string") forms.add(base === undefined ? "string" : "string + base");
          else if (typeof first === "object" && first !== null) forms.add("$url" in first ? "URL" : "dictionary");
        });
        assert.equal(firstDifferences(c, c.requests, ours, theirs[i].answers), []);
      });
      assert.ok(matched > 1000, `${matched} requests matched`);
      assert.equal([...forms].sort(), ["URL", "dictionary", "string", "string + base"], "matches in every form");
    },
  );

  test.run();
}
