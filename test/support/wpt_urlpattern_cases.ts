/**
 * How each case of WPT urlpatterntestdata.json is checked (the expectations web-platform-tests' urlpatterntests.js
 * derives from each entry), and the hasRegExpGroups assertions of urlpattern-hasregexpgroups-tests.js: shared by the
 * uvu suite (test/suites/wpt_urlpattern.ts) and the browser run (test/browser/page.ts). Browser-safe: no Node imports.
 */
import * as assert from "uvu/assert";
import type { Api } from "./api.ts";

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;
type Component = typeof COMPONENTS[number];
export type Dictionary = Partial<Record<Component | "baseURL", string>>;

interface ComponentResult {
  input: string;
  groups: Record<string, string | null>;
}

export interface WptPatternCase {
  pattern: unknown[];
  inputs?: unknown[];
  exactly_empty_components?: Component[];
  expected_obj?: "error" | Partial<Record<Component, string>>;
  expected_match?: "error" | null | (Partial<Record<Component, ComponentResult>> & { inputs?: unknown[] });
}

/** Components whose presence in a dictionary pattern makes a later one default to "*" instead of the base's. */
const EARLIER: Record<Component, Component[]> = {
  protocol: [],
  hostname: ["protocol"],
  port: ["protocol", "hostname"],
  username: [],
  password: [],
  pathname: ["protocol", "hostname", "port"],
  search: ["protocol", "hostname", "port", "pathname"],
  hash: ["protocol", "hostname", "port", "pathname", "search"],
};

/** The pattern string a component should show when the case does not spell it out. */
function expectedPattern(api: Api, c: WptPatternCase, component: Component): string {
  const explicit = typeof c.expected_obj === "object" ? c.expected_obj[component] : undefined;
  if (explicit !== undefined) return explicit;
  const first = c.pattern[0];
  const dictionary = typeof first === "object" && first !== null ? first as Dictionary : undefined;
  let baseURL: string | undefined;
  if (dictionary?.baseURL) baseURL = dictionary.baseURL;
  else if (typeof c.pattern[1] === "string") baseURL = c.pattern[1];
  if (c.exactly_empty_components?.includes(component)) return "";
  if (dictionary?.[component]) return dictionary[component]!;
  if (dictionary !== undefined && EARLIER[component].some((earlier) => earlier in dictionary)) return "*";
  if (baseURL !== undefined && component !== "username" && component !== "password") {
    const value = new api.URL(baseURL)[component];
    if (component === "protocol") return value.slice(0, -1);
    if (component === "search" || component === "hash") return value.slice(1);
    return value;
  }
  return "*";
}

/** The component result a case expects (a default wildcard captures "" as group "0"; an empty pattern has none). */
function expectedResult(c: WptPatternCase, component: Component): { input: string; groups: Record<string, unknown> } {
  const match = c.expected_match as Partial<Record<Component, ComponentResult>>;
  const given = match[component];
  if (given === undefined) {
    return { input: "", groups: c.exactly_empty_components?.includes(component) ? {} : { "0": "" } };
  }
  const groups: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given.groups)) groups[name] = value === null ? undefined : value;
  return { input: given.input, groups };
}

/** Own enumerable properties equal, in any order (WPT's assert_object_equals). */
function assertSameObject(actual: unknown, expected: unknown, message: string): void {
  if (typeof expected !== "object" || expected === null) {
    assert.is(actual, expected, message);
    return;
  }
  assert.ok(typeof actual === "object" && actual !== null, `${message}: an object`);
  const actualKeys = Object.keys(actual as object).sort();
  assert.equal(actualKeys, Object.keys(expected).sort(), `${message}: keys`);
  for (const key of actualKeys) {
    assertSameObject(
      (actual as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      `${message}.${key}`,
    );
  }
}

/** Pattern: ... Inputs: ..., as the suite names a case. */
export function patternCaseName(c: WptPatternCase): string {
  return `Pattern: ${JSON.stringify(c.pattern)} Inputs: ${JSON.stringify(c.inputs)}`;
}

/** One case: the constructor (or its TypeError), every component's pattern, then test() and exec() on the inputs. */
export function checkPatternCase(api: Api, c: WptPatternCase): void {
  const make = () =>
    new (api.URLPattern as unknown as new (...args: unknown[]) => InstanceType<Api["URLPattern"]>)(
      ...c.pattern,
    );
  if (c.expected_obj === "error") {
    assert.throws(make, (e: unknown) => e instanceof TypeError, "constructor throws a TypeError");
    return;
  }
  const pattern = make();
  for (const component of COMPONENTS) {
    assert.is(pattern[component], expectedPattern(api, c, component), `pattern's ${component}`);
  }
  const inputs = c.inputs ?? [];
  const test = () => (pattern.test as (...args: unknown[]) => boolean)(...inputs);
  const exec = () => (pattern.exec as (...args: unknown[]) => unknown)(...inputs);
  if (c.expected_match === "error") {
    assert.throws(test, (e: unknown) => e instanceof TypeError, "test() throws a TypeError");
    assert.throws(exec, (e: unknown) => e instanceof TypeError, "exec() throws a TypeError");
    return;
  }
  assert.is(test(), Boolean(c.expected_match), "test()");
  const result = exec() as Record<string, unknown> | null;
  if (!c.expected_match || typeof c.expected_match !== "object") {
    assert.is(result, c.expected_match ?? null, "exec() on no match");
    return;
  }
  assert.ok(result !== null, "exec() matches");
  const expectedInputs = c.expected_match.inputs ?? inputs;
  const actualInputs = result.inputs as unknown[];
  assert.is(actualInputs.length, expectedInputs.length, "exec().inputs.length");
  actualInputs.forEach((input, i) => {
    if (typeof input === "string") {
      assert.is(input, expectedInputs[i], `exec().inputs[${i}]`);
      return;
    }
    for (const component of COMPONENTS) {
      assert.is(
        (input as Dictionary)[component],
        (expectedInputs[i] as Dictionary)[component],
        `exec().inputs[${i}].${component}`,
      );
    }
  });
  for (const component of COMPONENTS) {
    assertSameObject(result[component], expectedResult(c, component), `exec().${component}`);
  }
}

/** An assertion of urlpattern-hasregexpgroups-tests.js (test/data/urlpattern_hasregexpgroups.json). */
export interface HasRegExpGroupsAssertion {
  pattern: Dictionary;
  expected: boolean;
  name: string;
}

export function checkHasRegExpGroups(api: Api, a: HasRegExpGroupsAssertion): void {
  assert.is(new api.URLPattern(a.pattern).hasRegExpGroups, a.expected);
}

/** urlpatterntestdata.json's size: a different count means the data changed under the tests. */
export const WPT_PATTERN_CASES = 369;
