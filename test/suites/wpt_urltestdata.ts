/** WPT urltestdata.json and urltestdata-javascript-only.json: every case, as url-constructor.any.js runs them. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readJson } from "../support/files.ts";
import { GETTERS } from "../support/reference.ts";

interface WptCase extends Partial<Record<typeof GETTERS[number], string>> {
  input: string;
  searchParams?: string;
  base: string | null;
  failure?: boolean;
}

function cases(file: string): WptCase[] {
  return readJson<(WptCase | string)[]>(file).filter((c): c is WptCase => typeof c !== "string");
}

export function register(api: Api): void {
  for (const file of ["test/data/urltestdata.json", "test/data/urltestdata-javascript-only.json"]) {
    const test = suite(file.replace("test/data/", "WPT "));
    for (const c of cases(file)) {
      const base = c.base === null ? undefined : c.base;
      const name = `${JSON.stringify(c.input)}${base === undefined ? "" : " against " + JSON.stringify(base)}`;
      test(name, () => {
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
      });
    }
    test.run();
  }
}
