/**
 * The WPT URLPattern suites (test/suites/wpt_urlpattern.ts) against another implementation, for README's
 * conformance table: `builtin` (the runtime's own URLPattern) or `polyfill` (urlpattern-polyfill).
 * Run: node dist/bench/urlpattern/conformance.js builtin | deno run -A bench/urlpattern/conformance.ts polyfill |
 * bun bench/urlpattern/conformance.ts builtin. uvu prints the totals.
 */
import process from "node:process";
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import type { Api } from "../../test/support/api.ts";
import { register } from "../../test/suites/wpt_urlpattern.ts";

const which = process.argv[2];
const URLPattern = which === "polyfill" ? Polyfill : (globalThis as { URLPattern?: unknown }).URLPattern;
if (typeof URLPattern !== "function") {
  console.log(`no ${which} URLPattern here`);
  process.exit(0);
}
register({ URLPattern, URL: globalThis.URL } as unknown as Api);
