/**
 * URLPatternList.match(), the router's call: the same first pattern as the loop over exec(), and params by the
 * documented rule from that pattern's result. Against the loop over our URLPattern on generated route sets (every
 * input form, paths against a base as node:http gives them), and against the loop over Node 26's built-in URLPattern
 * in a child process (ADA_FFI_REFERENCE_NODE; skipped, never passed, without it). Also params' edges: "__proto__",
 * a name in two components, a tail, optional groups.
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
import { errorName, requestArgs, type RouteSetCase, routeSetCases } from "../support/route_list_cases.ts";
import { matchLoopAnswers } from "../support/route_list_match.ts";
import { REFERENCE_ENV } from "./url_pattern_differential.ts";

type Pattern = InstanceType<Api["URLPattern"]>;
type List = InstanceType<Api["URLPatternList"]>;

/** The cases, with requests added as node:http gives them: a path and query against a base. */
function cases(seed: number): RouteSetCase[] {
  return routeSetCases(seed, 40, 30, 120).map((c) => {
    const extra: unknown[][] = [];
    for (const r of c.requests) {
      if (typeof r[0] !== "string" || r.length !== 1) continue;
      const m = /^[a-z]+:\/\/[^/?#]*(\/[^#]*)?/.exec(r[0]);
      if (m && m[1] !== undefined) extra.push([m[1], r[0].slice(0, m[0].length - m[1].length)]);
    }
    return { patterns: c.patterns, requests: [...c.requests, ...extra] };
  });
}

function construct(api: Api, c: RouteSetCase): Pattern[] {
  const patterns: Pattern[] = [];
  for (const a of c.patterns) {
    try {
      patterns.push(new (api.URLPattern as unknown as new (...x: unknown[]) => Pattern)(...a));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return patterns;
}

function listAnswers(list: List, requests: unknown[][]): { index: number | string; params: unknown }[] {
  return requests.map((args) => {
    try {
      const m = (list.match as (...a: unknown[]) => ReturnType<List["match"]>)(...args);
      if (m === null) return { index: -1, params: null };
      return {
        index: m.index,
        params: Object.entries(m.params).map(([k, v]) => [k, v === undefined ? "(undefined)" : v]).sort(),
      };
    } catch (error) {
      return { index: errorName(error), params: null };
    }
  });
}

function differences(c: RouteSetCase, requests: unknown[][], ours: unknown[], theirs: unknown[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < requests.length && out.length < 5; i++) {
    const a = JSON.stringify(ours[i]), b = JSON.stringify(theirs[i]);
    if (a !== b) out.push(`request ${JSON.stringify(requests[i])}\n  match: ${a}\n  loop: ${b}`);
  }
  if (out.length > 0) out.unshift(`patterns ${JSON.stringify(c.patterns)}`);
  return out;
}

export function register(api: Api, seed: number): void {
  const test = suite("URLPatternList.match() = the loop's first match, params by the rule");
  const List = api.URLPatternList as unknown as new (...a: unknown[]) => List;

  test(`against the loop over our URLPattern, every input form (seed ${seed})`, () => {
    let matched = 0, total = 0;
    for (const c of cases(seed + 5)) {
      const patterns = construct(api, c);
      const requests = c.requests.map((r) => requestArgs(r, api.URL as never, globalThis.URL));
      const theirs = matchLoopAnswers(patterns as never, requests);
      const list = new List(patterns);
      assert.equal(differences(c, c.requests, listAnswers(list, requests), theirs), []);
      // match() and exec() agree on the pattern.
      for (const args of requests) {
        let viaExec: unknown, viaMatch: unknown;
        try {
          viaExec = (list.exec as (...a: unknown[]) => { index: number } | null)(...args)?.index ?? -1;
        } catch (error) {
          viaExec = errorName(error);
        }
        try {
          viaMatch = (list.match as (...a: unknown[]) => { index: number } | null)(...args)?.index ?? -1;
        } catch (error) {
          viaMatch = errorName(error);
        }
        assert.is(viaMatch, viaExec, JSON.stringify(args));
      }
      total += requests.length;
      matched += theirs.filter((a) => typeof a.index === "number" && a.index >= 0).length;
    }
    assert.ok(matched > total / 5, `${matched} of ${total} matched`);
  });

  const node = process.env[REFERENCE_ENV];
  (node ? test : test.skip)(`against the loop over Node 26's built-in URLPattern (seed ${seed})`, () => {
    // As JSON carries them to the child (an undefined base becomes null on both sides), without the requests
    // Node 26's built-in gets wrong: a relative URL string with no base matches there as if it were a path
    // (`new URLPattern({ pathname: "/:p+" }).exec("relative/path")` matches on Node 26; not on Deno, Bun or ours).
    const isRelativeAlone = (r: unknown[]) =>
      r.length === 1 && typeof r[0] === "string" && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(r[0]);
    const all = (JSON.parse(JSON.stringify(cases(seed + 6))) as RouteSetCase[]).map((c) => ({
      patterns: c.patterns,
      requests: c.requests.filter((r) => !isRelativeAlone(r)),
    }));
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-match-"));
    try {
      const support = (name: string) => pathToFileURL(join(ROOT, "dist", "test", "support", name)).href;
      writeFileSync(join(dir, "cases.json"), JSON.stringify(all));
      writeFileSync(
        join(dir, "program.mjs"),
        `import { readFileSync, writeFileSync } from "node:fs";
import { matchLoopAnswers } from ${JSON.stringify(support("route_list_match.js"))};
import { requestArgs } from ${JSON.stringify(support("route_list_cases.js"))};
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
writeFileSync(process.argv[3], JSON.stringify(cases.map((c) => {
  const patterns = [];
  for (const a of c.patterns) { try { patterns.push(new URLPattern(...a)); } catch {} }
  return matchLoopAnswers(patterns, c.requests.map((r) => requestArgs(r, URL, URL)));
})));
`,
      );
      const run = spawnSync(node!, [join(dir, "program.mjs"), join(dir, "cases.json"), join(dir, "answers.json")], {
        encoding: "utf8",
        timeout: 300_000,
      });
      assert.is(run.status, 0, `${node} failed: ${run.stderr}`);
      const answers = JSON.parse(readFileSync(join(dir, "answers.json"), "utf8")) as unknown[][];
      let matched = 0;
      all.forEach((c, i) => {
        const patterns = construct(api, c);
        // Ours and the built-in get the same kind of URL object: the built-in's where a request names one.
        const requests = c.requests.map((r) => requestArgs(r, globalThis.URL as never, globalThis.URL));
        const ours = listAnswers(new List(patterns), requests);
        matched += ours.filter((a) => typeof a.index === "number" && a.index >= 0).length;
        assert.equal(differences(c, c.requests, ours, answers[i]), []);
      });
      assert.ok(matched > 300, `${matched} requests matched`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("params: segments, a tail, names in two components, __proto__, optional groups", () => {
    const list = new List([
      { pathname: "/users/:id/posts/:post" },
      { hostname: ":tenant.example.com", pathname: "/t/:id" },
      { pathname: "/files/:dir/*" },
      { pathname: "/p/:__proto__" },
      { pathname: "/o/:x?" },
      { pathname: "/r/:id(\\d+)" },
      { protocol: ":id", pathname: "/twice/:other" },
    ]);
    const params = (url: string) => (list.match(url) as { params: Record<string, unknown> } | null)?.params;
    assert.equal(params("https://h/users/7/posts/9?x"), { id: "7", post: "9" });
    assert.equal(params("https://acme.example.com/t/5"), { id: "5", tenant: "acme" });
    assert.equal(params("https://h/files/a/b/c.css"), { dir: "a", 0: "b/c.css" });
    assert.equal(params("https://h/files/a/"), { dir: "a", 0: "" });
    const proto = params("https://h/p/x") as Record<string, unknown>;
    assert.equal(Object.keys(proto), ["__proto__"]);
    assert.is(Object.getPrototypeOf(proto), Object.prototype);
    const optional = params("https://h/o") as Record<string, unknown>;
    assert.ok("x" in optional && optional.x === undefined);
    assert.equal(params("https://h/r/12"), { id: "12" });
    assert.is(list.match("https://h/r/ab"), null);
    assert.equal(params("https://h/twice/y"), { other: "y", id: "https" });
    // The params are the standard's groups: not percent-decoded, canonicalized as the URL parser does.
    assert.equal(params("https://h/users/caf%C3%A9/posts/a%2Fb"), { id: "caf%C3%A9", post: "a%2Fb" });
    assert.equal(params("https://h/x/../users/1/posts/2"), { id: "1", post: "2" });
    const m = list.match("/users/1/posts/2?q", "https://h.example")!;
    assert.is(m.index, 0);
    assert.is(
      m.pattern,
      (list as unknown as { exec(u: string): { pattern: unknown } }).exec("https://h/users/1/posts/2").pattern,
    );
    assert.is(list.match("https://h/none"), null);
    assert.is(new List().match("https://h/"), null);
    assert.is((List.prototype.match as unknown as { length: number }).length, 0);
    assert.throws(() => List.prototype.match.call({} as never, "https://h/"), TypeError);
    assert.throws(() => list.match({ pathname: "/a" } as never, "https://h/"), TypeError);
  });

  test.run();
}
