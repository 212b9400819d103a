/** WPT setters_tests.json, toascii.json and IdnaTestV2.json, as the WPT harness files run them. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readJson } from "../support/files.ts";
import {
  checkSetterCase,
  checkToAsciiCase,
  idnaMismatch,
  setterCaseName,
  setterCases,
  wptCases,
  type WptHostCase,
  type WptSetterCase,
} from "../support/wpt_url_cases.ts";

export function register(api: Api): void {
  const { domainToASCII } = api;
  const setters = suite("WPT setters_tests.json");
  const data = readJson<Record<string, WptSetterCase[] | string>>("test/data/setters_tests.json");
  for (const [setter, c] of setterCases(data)) {
    setters(setterCaseName(setter, c), () => checkSetterCase(api, setter, c));
  }
  setters.run();

  const toascii = suite("WPT toascii.json");
  for (const c of wptCases(readJson<(WptHostCase | string)[]>("test/data/toascii.json"))) {
    toascii(JSON.stringify(c.input), () => checkToAsciiCase(api, c));
  }
  toascii.run();

  const idna = suite("WPT IdnaTestV2.json through domainToASCII");
  idna("every case: domainToASCII gives the output, or '' for a failure", () => {
    const cases = wptCases(readJson<(WptHostCase | string)[]>("test/data/IdnaTestV2.json"));
    const differing: string[] = [];
    for (const c of cases) {
      const mismatch = idnaMismatch(api, c);
      if (mismatch !== undefined) differing.push(mismatch);
    }
    assert.ok(cases.length > 2000, `${cases.length} cases read`);
    assert.equal(differing.slice(0, 10), [], `${differing.length} of ${cases.length} differ`);
  });
  idna("domainToUnicode reverses domainToASCII; invalid domains give ''", () => {
    assert.is(api.domainToUnicode("xn--fa-hia.de"), "faß.de");
    assert.is(api.domainToUnicode("XN--BCHER-KVA.de"), "bücher.de");
    assert.is(api.domainToUnicode("example.com"), "example.com");
    assert.is(api.domainToUnicode("xn--tešla"), "");
    assert.is(domainToASCII(""), "");
    assert.is(domainToASCII("a b"), "");
    assert.is(domainToASCII("[::1]"), "[::1]");
    assert.is(domainToASCII("0x7f.1"), "127.0.0.1");
  });
  idna.run();
}
