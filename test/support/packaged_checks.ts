/**
 * What every packaged-app check asks of the package (runtime-neutral: the browser page, a bundler's app, a
 * `bun build --compile` executable, Node under --permission): every case of the WPT URL data (urltestdata*.json,
 * setters_tests.json, toascii.json, IdnaTestV2.json) and URLPattern data (urlpatterntestdata.json, the
 * hasRegExpGroups assertions) with the uvu suites' own expectations (./wpt_*_cases.ts), nativeLibrary(), and
 * URLPatternList routing against a loop over the engine's built-in URLPattern. Returns per-group counts and the first
 * failures, for the check script to print.
 */
import * as assert from "uvu/assert";
import type { Api } from "./api.ts";
import {
  checkSetterCase,
  checkToAsciiCase,
  checkUrlCase,
  idnaMismatch,
  setterCaseName,
  setterCases,
  urlCaseName,
  wptCases,
  type WptHostCase,
  type WptSetterCase,
  type WptUrlCase,
} from "./wpt_url_cases.ts";
import {
  checkHasRegExpGroups,
  checkPatternCase,
  type HasRegExpGroupsAssertion,
  patternCaseName,
  WPT_PATTERN_CASES,
  type WptPatternCase,
} from "./wpt_urlpattern_cases.ts";

/** One data file's (or one group's) result. */
export interface GroupReport {
  name: string;
  passed: number;
  failed: number;
  /** The first failures, each "case: message". */
  failures: string[];
}

interface BuiltinResult {
  [component: string]: { input: string; groups: Record<string, string | undefined> } | unknown;
}
export type BuiltinPattern = new (input: object) => { exec(input: string): BuiltinResult | null };

const MAX_FAILURES_SHOWN = 20;

function group(name: string): GroupReport & { run(caseName: string, fn: () => void): void } {
  const report = { name, passed: 0, failed: 0, failures: [] as string[] };
  return Object.assign(report, {
    run(caseName: string, fn: () => void): void {
      try {
        fn();
        report.passed++;
      } catch (error) {
        report.failed++;
        if (report.failures.length < MAX_FAILURES_SHOWN) {
          report.failures.push(`${caseName}: ${describe(error)}`);
        }
      }
    },
  });
}

/** An error as one line; uvu's assertion errors also say what was expected and what came. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { actual, expects } = error as Error & { actual?: unknown; expects?: unknown };
  if (!("expects" in error)) return error.message;
  return `${error.message} (got ${JSON.stringify(actual)}, expected ${JSON.stringify(expects)})`;
}

/** The WPT data files the checks read (test/data/, copied unmodified from WPT: see its PROVENANCE.md). */
export const WPT_DATA_FILES = [
  "urltestdata.json",
  "urltestdata-javascript-only.json",
  "setters_tests.json",
  "toascii.json",
  "IdnaTestV2.json",
  "urlpatterntestdata.json",
  "urlpattern_hasregexpgroups.json",
];

/** The file of the native backend's answers, beside the WPT data. */
export const NATIVE_ANSWERS = "native_answers.json";

/** Inputs and what the native backend answered for each (urlAnswer), and where the inputs came from. */
export interface NativeAnswers {
  source: string;
  cases: [string, string[] | null][];
}

/** What `new URL(input)` gives: its href and every component, or null when it throws. */
export function urlAnswer(api: Api, input: string): string[] | null {
  try {
    const u = new api.URL(input);
    return [
      u.href,
      u.origin,
      u.protocol,
      u.username,
      u.password,
      u.host,
      u.hostname,
      u.port,
      u.pathname,
      u.search,
      u.hash,
    ];
  } catch {
    return null;
  }
}

/** Reads one WPT data file (test/data/) by name: fetched in a browser, read or embedded elsewhere. */
export type LoadData = (file: string) => Promise<unknown>;

/** The routes and requests of the URLPatternList check: order matters (/users/me before /users/:id). */
const ROUTES = [
  { pathname: "/users/me" },
  { pathname: "/users/:id" },
  { pathname: "/books/:id(\\d+)", search: "*" },
  { pathname: "/files/*" },
  { hostname: ":tenant.example.com", pathname: "/api/:version/*" },
  { protocol: "https", pathname: "/" },
];
const REQUESTS = [
  "https://example.com/users/me",
  "https://example.com/users/42",
  "https://example.com/users/me/",
  "https://example.com/books/12?x=1",
  "https://example.com/books/abc",
  "https://example.com/files/a/b%20c.css",
  "https://acme.example.com/api/v2/orders/7",
  "https://example.com/",
  "http://example.com/",
  "https://example.com/nothing/here",
];
const COMPONENTS = ["pathname", "protocol", "username", "password", "hostname", "port", "search", "hash"];

/** URLPatternList's test/exec/match on each request, against the first route the built-in URLPattern matches. */
function checkRouting(api: Api, BuiltinURLPattern: BuiltinPattern, report: ReturnType<typeof group>): void {
  const list = new api.URLPatternList(ROUTES);
  const builtins = ROUTES.map((route) => new BuiltinURLPattern(route));
  report.run("the list holds every route", () => assert.is(list.length, ROUTES.length));
  report.run("/users/me wins over /users/:id (order)", () => assert.is(list.match(REQUESTS[0])?.index, 0));
  for (const request of REQUESTS) {
    report.run(request, () => {
      let index = -1;
      let expected: BuiltinResult | null = null;
      for (let i = 0; i < builtins.length && index === -1; i++) {
        expected = builtins[i].exec(request);
        if (expected !== null) index = i;
      }
      assert.is(list.test(request), index !== -1, "test()");
      const exec = list.exec(request);
      const match = list.match(request);
      if (index === -1 || expected === null) {
        assert.is(exec, null, "exec()");
        assert.is(match, null, "match()");
        return;
      }
      assert.is(exec?.index, index, "exec().index");
      assert.is(match?.index, index, "match().index");
      const params: Record<string, string | undefined> = {};
      for (const component of COMPONENTS) {
        const want = expected[component] as { input: string; groups: Record<string, string | undefined> };
        const got = (exec!.result as unknown as BuiltinResult)[component] as typeof want;
        assert.is(got.input, want.input, `exec().result.${component}.input`);
        assert.equal({ ...got.groups }, { ...want.groups }, `exec().result.${component}.groups`);
        for (const [name, value] of Object.entries(want.groups)) {
          if (!(name in params) && (component === "pathname" || !/^\d+$/.test(name))) params[name] = value;
        }
      }
      assert.equal({ ...match!.params }, params, "match().params");
    });
  }
}

/**
 * Runs every check on `api` (the package as the app under test loaded it) with the WPT data `load` reads, and the
 * routing check against `BuiltinURLPattern` (the engine's own, taken before the package loaded). Where the engine has
 * none, that group fails if `builtinRequired` (a browser), else it is reported as skipped (Node 22). `ffi` is the
 * backend the app must have loaded (nativeLibrary().ffi).
 */
export async function runPackagedChecks(
  api: Api,
  load: LoadData,
  BuiltinURLPattern: BuiltinPattern | undefined,
  builtinRequired: boolean,
  ffi: string,
): Promise<GroupReport[]> {
  const json = async <T>(file: string) => await load(file) as T;
  const groups: ReturnType<typeof group>[] = [];
  const add = (name: string) => {
    const g = group(name);
    groups.push(g);
    return g;
  };

  add("nativeLibrary()").run(`ffi is "${ffi}"`, () => assert.is(api.nativeLibrary().ffi, ffi));

  for (const file of ["urltestdata.json", "urltestdata-javascript-only.json"]) {
    const report = add(`WPT ${file}`);
    for (const c of wptCases(await json<(WptUrlCase | string)[]>(file))) {
      report.run(urlCaseName(c), () => checkUrlCase(api, c));
    }
  }
  const setters = add("WPT setters_tests.json");
  for (
    const [setter, c] of setterCases(
      await json<Record<string, WptSetterCase[] | string>>("setters_tests.json"),
    )
  ) {
    setters.run(setterCaseName(setter, c), () => checkSetterCase(api, setter, c));
  }
  const toascii = add("WPT toascii.json");
  for (const c of wptCases(await json<(WptHostCase | string)[]>("toascii.json"))) {
    toascii.run(JSON.stringify(c.input), () => checkToAsciiCase(api, c));
  }
  const idna = add("WPT IdnaTestV2.json (domainToASCII)");
  for (const c of wptCases(await json<(WptHostCase | string)[]>("IdnaTestV2.json"))) {
    idna.run(JSON.stringify(c.input), () => {
      const mismatch = idnaMismatch(api, c);
      if (mismatch !== undefined) throw new Error(mismatch);
    });
  }

  const patterns = add("WPT urlpatterntestdata.json");
  const patternCases = await json<WptPatternCase[]>("urlpatterntestdata.json");
  patterns.run(`${WPT_PATTERN_CASES} cases`, () => assert.is(patternCases.length, WPT_PATTERN_CASES));
  for (const c of patternCases) patterns.run(patternCaseName(c), () => checkPatternCase(api, c));
  const hasGroups = add("WPT urlpattern-hasregexpgroups");
  for (const a of await json<HasRegExpGroupsAssertion[]>("urlpattern_hasregexpgroups.json")) {
    hasGroups.run(a.name, () => checkHasRegExpGroups(api, a));
  }

  // The native backend's answers on real URLs (test/packaging_check.mjs records them; where none were given, skipped).
  let native: NativeAnswers | undefined;
  try {
    native = await json<NativeAnswers>(NATIVE_ANSWERS);
  } catch {
    native = undefined;
  }
  if (native === undefined) {
    add(`${NATIVE_ANSWERS}: skipped, no native backend's answers given`);
  } else {
    const report = add(`real URLs (${native.source}) against the native backend's answers`);
    for (const [input, expected] of native.cases) {
      report.run(input, () => assert.equal(urlAnswer(api, input), expected));
    }
  }

  const results = groups.map(({ name, passed, failed, failures }) => ({ name, passed, failed, failures }));
  if (BuiltinURLPattern === undefined) {
    const name = "URLPatternList routing: no built-in URLPattern (the reference)";
    const missing = builtinRequired
      ? { name, passed: 0, failed: 1, failures: ["the engine has no URLPattern"] }
      : { name: `${name}: skipped`, passed: 0, failed: 0, failures: [] };
    return [...results, missing];
  }
  const routing = group("URLPatternList routing (against the built-in URLPattern)");
  checkRouting(api, BuiltinURLPattern, routing);
  const { name, passed, failed, failures } = routing;
  return [...results, { name, passed, failed, failures }];
}
