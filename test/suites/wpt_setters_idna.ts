/** WPT setters_tests.json, toascii.json and IdnaTestV2.json, as the WPT harness files run them. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readJson } from "../support/files.ts";

interface SetterCase {
  href: string;
  new_value: string;
  expected: Record<string, string>;
}
interface HostCase {
  input: string;
  output: string | null;
}

export function register(api: Api): void {
  const { URL, domainToASCII } = api;
  const setters = suite("WPT setters_tests.json");
  const data = readJson<Record<string, SetterCase[] | string>>("test/data/setters_tests.json");
  for (const [setter, cases] of Object.entries(data)) {
    if (setter === "comment" || typeof cases === "string") continue;
    for (const c of cases) {
      setters(`${setter} = ${JSON.stringify(c.new_value)} on ${c.href}`, () => {
        const url = new URL(c.href);
        (url as unknown as Record<string, string>)[setter] = c.new_value;
        for (const [getter, want] of Object.entries(c.expected)) {
          assert.is((url as unknown as Record<string, string>)[getter], want, getter);
        }
      });
    }
  }
  setters.run();

  const toascii = suite("WPT toascii.json");
  for (const c of readJson<(HostCase | string)[]>("test/data/toascii.json")) {
    if (typeof c === "string") continue;
    toascii(JSON.stringify(c.input), () => {
      if (c.output === null) {
        assert.throws(() => new URL(`https://${c.input}/x`), (e: unknown) => e instanceof TypeError);
      } else {
        const url = new URL(`https://${c.input}/x`);
        assert.is(url.host, c.output);
        assert.is(url.hostname, c.output);
        assert.is(url.pathname, "/x");
        assert.is(url.href, `https://${c.output}/x`);
      }
      for (const setter of ["host", "hostname"] as const) {
        const url = new URL("https://x/x");
        url[setter] = c.input;
        assert.is(url[setter], c.output ?? "x", setter);
      }
    });
  }
  toascii.run();

  const idna = suite("WPT IdnaTestV2.json through domainToASCII");
  idna("every case: domainToASCII gives the output, or '' for a failure", () => {
    const cases = readJson<(HostCase | string)[]>("test/data/IdnaTestV2.json").filter((c): c is HostCase =>
      typeof c !== "string"
    );
    const differing: string[] = [];
    for (const c of cases) {
      const got = domainToASCII(c.input);
      if (got !== (c.output ?? "")) {
        differing.push(`${JSON.stringify(c.input)}: ${JSON.stringify(got)} != ${JSON.stringify(c.output)}`);
      }
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
