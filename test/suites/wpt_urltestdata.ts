/** WPT urltestdata.json and urltestdata-javascript-only.json: every case, as url-constructor.any.js runs them. */
import { suite } from "uvu";
import type { Api } from "../support/api.ts";
import { readJson } from "../support/files.ts";
import { checkUrlCase, urlCaseName, wptCases, type WptUrlCase } from "../support/wpt_url_cases.ts";

export function register(api: Api): void {
  for (const file of ["test/data/urltestdata.json", "test/data/urltestdata-javascript-only.json"]) {
    const test = suite(file.replace("test/data/", "WPT "));
    for (const c of wptCases(readJson<(WptUrlCase | string)[]>(file))) {
      test(urlCaseName(c), () => checkUrlCase(api, c));
    }
    test.run();
  }
}
