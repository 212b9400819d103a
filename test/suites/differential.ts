/**
 * Differential test: every getter of our URL (sliced from href + offsets in JavaScript) against ada's
 * own C++ getters for the same input, over the real URL lists and seeded hostile inputs.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readLines } from "../support/files.ts";
import { hostileCases, hostileSetterCases } from "../support/hostile.ts";
import { type Case, GETTERS, referenceComponents } from "../support/reference.ts";

/** The fixed CI seed; ADA_FFI_TEST_SEED overrides it (the seed is printed with any failure). */
export const DEFAULT_SEED = 20261122;

function compare(api: Api, cases: Case[]): { compared: number; mismatches: string[] } {
  const expected = referenceComponents(cases);
  const mismatches: string[] = [];
  for (let i = 0; i < cases.length; i++) {
    const { input, base, set } = cases[i];
    const url = api.URL.parse(input, base);
    if (url !== null && set !== undefined) {
      try {
        (url as unknown as Record<string, string>)[set.setter] = set.value;
      } catch (error) {
        // Only the href setter throws (TypeError, URL unchanged); ada's set_href then returned false.
        if (!(set.setter === "href" && error instanceof TypeError)) throw error;
      }
    }
    const want = expected[i];
    const where = `${JSON.stringify(input)}${base === undefined ? "" : " against " + JSON.stringify(base)}` +
      (set === undefined ? "" : ` then ${set.setter} = ${JSON.stringify(set.value)}`);
    if ((url === null) !== (want === null)) {
      mismatches.push(
        `${where}: ours ${url === null ? "invalid" : url.href}, ada ${want === null ? "invalid" : want.href}`,
      );
      continue;
    }
    if (url === null || want === null) continue;
    for (const getter of GETTERS) {
      if (url[getter] !== want[getter]) {
        mismatches.push(`${where}: ${getter} ours ${JSON.stringify(url[getter])}, ada ${JSON.stringify(want[getter])}`);
      }
    }
  }
  return { compared: cases.length, mismatches };
}

export function register(api: Api, seed: number): void {
  const test = suite("differential: JS getters vs ada's C++ getters");
  for (const file of ["bench/data/kasztp.txt", "bench/data/node_files.txt"]) {
    test(file, () => {
      const { compared, mismatches } = compare(api, readLines(file).map((input) => ({ input })));
      assert.ok(compared > 40000, `only ${compared} URLs read from ${file}`);
      assert.equal(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
    });
  }
  test(`hostile inputs (seed ${seed})`, () => {
    const cases = hostileCases(seed, 20000);
    const { mismatches } = compare(api, cases);
    const valid = cases.filter((c) => api.URL.canParse(c.input, c.base)).length;
    // A generator that produced only failures (or only successes) would test little.
    assert.ok(valid > 4000 && valid < 18000, `${valid} of ${cases.length} hostile cases valid`);
    assert.equal(mismatches.slice(0, 10), [], `${mismatches.length} mismatches with seed ${seed}`);
  });
  test(`hostile setter values on hostile URLs (seed ${seed})`, () => {
    const cases = hostileSetterCases(seed, 20000);
    const { mismatches } = compare(api, cases);
    assert.equal(mismatches.slice(0, 10), [], `${mismatches.length} mismatches with seed ${seed}`);
  });
  test.run();
}
