/**
 * How each case of WPT's URL data is checked (urltestdata*.json as url-constructor.any.js runs them, setters_tests.json,
 * toascii.json, IdnaTestV2.json): shared by the uvu suites (test/suites/wpt_urltestdata.ts, wpt_setters_idna.ts) and
 * the browser run (test/browser/page.ts), so both hold the same expectations. Browser-safe: no Node imports.
 */
import * as assert from "uvu/assert";
import type { Api } from "./api.ts";
import { GETTERS } from "./getters.ts";

export interface WptUrlCase extends Partial<Record<typeof GETTERS[number], string>> {
  input: string;
  searchParams?: string;
  base: string | null;
  failure?: boolean;
}
export interface WptSetterCase {
  href: string;
  new_value: string;
  expected: Record<string, string>;
}
export interface WptHostCase {
  input: string;
  output: string | null;
}

/** The cases of a WPT data file (its string entries are comments). */
export function wptCases<T>(data: (T | string)[]): T[] {
  return data.filter((c): c is T => typeof c !== "string");
}

export function urlCaseName(c: WptUrlCase): string {
  const base = c.base === null ? undefined : c.base;
  return `${JSON.stringify(c.input)}${base === undefined ? "" : " against " + JSON.stringify(base)}`;
}

/** A urltestdata case: a failure throws TypeError (canParse false, parse null); else every getter given, canParse. */
export function checkUrlCase(api: Api, c: WptUrlCase): void {
  const base = c.base === null ? undefined : c.base;
  if (c.failure) {
    assert.throws(() => new api.URL(c.input, base), (e: unknown) => e instanceof TypeError);
    assert.is(api.URL.canParse(c.input, base), false);
    assert.is(api.URL.parse(c.input, base), null);
    return;
  }
  const url = new api.URL(c.input, base);
  for (const getter of GETTERS) {
    if (c[getter] !== undefined) assert.is(url[getter], c[getter], getter);
  }
  if (c.searchParams !== undefined) assert.is(url.searchParams.toString(), c.searchParams, "searchParams");
  assert.is(api.URL.canParse(c.input, base), true);
  assert.is(api.URL.parse(c.input, base)?.href, c.href);
}

/** setters_tests.json's cases as [setter, case] (its "comment" entry left out). */
export function setterCases(data: Record<string, WptSetterCase[] | string>): [string, WptSetterCase][] {
  return Object.entries(data).flatMap(([setter, cases]) =>
    setter === "comment" || typeof cases === "string" ? [] : cases.map((c): [string, WptSetterCase] => [setter, c])
  );
}

export function setterCaseName(setter: string, c: WptSetterCase): string {
  return `${setter} = ${JSON.stringify(c.new_value)} on ${c.href}`;
}

export function checkSetterCase(api: Api, setter: string, c: WptSetterCase): void {
  const url = new api.URL(c.href);
  (url as unknown as Record<string, string>)[setter] = c.new_value;
  for (const [getter, want] of Object.entries(c.expected)) {
    assert.is((url as unknown as Record<string, string>)[getter], want, getter);
  }
}

/** A toascii.json case: the host as the parser and the host/hostname setters give it. */
export function checkToAsciiCase(api: Api, c: WptHostCase): void {
  if (c.output === null) {
    assert.throws(() => new api.URL(`https://${c.input}/x`), (e: unknown) => e instanceof TypeError);
  } else {
    const url = new api.URL(`https://${c.input}/x`);
    assert.is(url.host, c.output);
    assert.is(url.hostname, c.output);
    assert.is(url.pathname, "/x");
    assert.is(url.href, `https://${c.output}/x`);
  }
  for (const setter of ["host", "hostname"] as const) {
    const url = new api.URL("https://x/x");
    url[setter] = c.input;
    assert.is(url[setter], c.output ?? "x", setter);
  }
}

/** An IdnaTestV2.json case through domainToASCII (the output, or "" for a failure): undefined, or how it differs. */
export function idnaMismatch(api: Api, c: WptHostCase): string | undefined {
  const got = api.domainToASCII(c.input);
  return got === (c.output ?? "")
    ? undefined
    : `${JSON.stringify(c.input)}: ${JSON.stringify(got)} != ${JSON.stringify(c.output)}`;
}
