/**
 * WPT urlpatterntestdata.json (every case, with the expectations web-platform-tests' urlpatterntests.js
 * derives from each entry) and the hasRegExpGroups assertions of urlpattern-hasregexpgroups-tests.js.
 * The expectations: test/support/wpt_urlpattern_cases.ts (the browser run checks the same).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readJson } from "../support/files.ts";
import {
  checkHasRegExpGroups,
  checkPatternCase,
  type HasRegExpGroupsAssertion,
  patternCaseName,
  WPT_PATTERN_CASES,
  type WptPatternCase,
} from "../support/wpt_urlpattern_cases.ts";

export function register(api: Api): void {
  const data = suite("WPT urlpatterntestdata.json");
  const cases = readJson<WptPatternCase[]>("test/data/urlpatterntestdata.json");
  if (cases.length !== WPT_PATTERN_CASES) {
    throw new Error(`urlpatterntestdata.json: expected ${WPT_PATTERN_CASES} cases, found ${cases.length}`);
  }
  for (const c of cases) data(patternCaseName(c), () => checkPatternCase(api, c));
  data.run();

  const groups = suite("WPT urlpattern-hasregexpgroups");
  const assertions = readJson<HasRegExpGroupsAssertion[]>("test/data/urlpattern_hasregexpgroups.json");
  for (const a of assertions) groups(a.name, () => checkHasRegExpGroups(api, a));
  groups("is a getter of the prototype", () => {
    assert.ok("hasRegExpGroups" in api.URLPattern.prototype);
  });
  groups.run();
}
