/**
 * The reference for URLPatternList.match(): the loop over patterns' exec(), with params taken from the first match's
 * result by the documented rule (the pathname's groups, then the named groups of the other components in the
 * standard's order, the first value of a name kept). Plain code over exec() results, so that Node 26's built-in
 * URLPattern (in a child process) can run it too.
 */
import { errorName } from "./route_list_cases.ts";

const OTHERS = ["protocol", "username", "password", "hostname", "port", "search", "hash"];

type Groups = Record<string, string | undefined>;
type Result = Record<string, { groups: Groups }>;
type Pattern = { exec(...args: unknown[]): Result | null };

/** params by the rule, as sorted [name, value] pairs (undefined written "(undefined)"). */
export function paramsOf(result: Result): [string, string][] {
  const params = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(result.pathname.groups)) params.set(name, value);
  for (const component of OTHERS) {
    for (const [name, value] of Object.entries(result[component].groups)) {
      if (!/^[0-9]+$/.test(name) && !params.has(name)) params.set(name, value);
    }
  }
  return [...params].map(([k, v]): [string, string] => [k, v === undefined ? "(undefined)" : v]).sort();
}

/** Per request: the index of the first pattern whose exec() matches and the params, or -1, or the error's name. */
export function matchLoopAnswers(
  patterns: Pattern[],
  requests: unknown[][],
): { index: number | string; params: unknown }[] {
  return requests.map((args) => {
    try {
      for (let i = 0; i < patterns.length; i++) {
        const r = patterns[i].exec(...args);
        if (r !== null) return { index: i, params: paramsOf(r) };
      }
      return { index: -1, params: null };
    } catch (error) {
      return { index: errorName(error), params: null };
    }
  });
}
