/**
 * Generated URLSearchParams cases aimed at the fast paths of ffi/url/form_urlencoded.ts and the searchParams link
 * of ffi/url/url.ts: queries built from pieces that hit every branch of the decoder ('+', '%' at the end, invalid
 * '%zz', percent-encoded UTF-8 that is complete, truncated or invalid, raw non-ASCII, lone surrogates, empty names,
 * '=' in values), pairs for the encoder, and URLs whose searchParams are changed and then read back through href,
 * search and hash. `runParamsCase` answers one case with any URL/URLSearchParams pair, so the same code runs ours
 * in-process and Node 26's built-in in a child process (test/suites/search_params_fast_paths.ts).
 */

export type ParamsCase =
  | { parse: string }
  | { pairs: [string, string][] }
  | { url: string; ops: (string[])[] };

type ParamsLike = {
  append(n: string, v: string): void;
  set(n: string, v: string): void;
  delete(n: string, v?: string): void;
  sort(): void;
  get(n: string): string | null;
  getAll(n: string): string[];
  has(n: string, v?: string): boolean;
  toString(): string;
  size: number;
  [Symbol.iterator](): Iterator<[string, string]>;
};
type UrlLike = { href: string; search: string; hash: string; searchParams: ParamsLike };

const PIECES = [
  "a",
  "b",
  "ab",
  "=",
  "=",
  "&",
  "&",
  "+",
  "%",
  "%2",
  "%zz",
  "%4g",
  "%41",
  "%3D",
  "%26",
  "%2B",
  "%20",
  "%25",
  "%C3",
  "%A9",
  "%c3%a9",
  "%E2%82",
  "%AC",
  "%E2%82%AC",
  "%F0%9F%98%80",
  "%F0%9F%98",
  "%FF",
  "%C0%80",
  "%ED%A0%80",
  "%EF%BF%BD",
  "é",
  "€",
  "😀",
  "\uD800",
  "\uDC00",
  " ",
  "~",
  "*-._",
  "!'()",
  "?",
  "/",
];

const URLS = [
  "http://h.example/p",
  "https://h.example/p?",
  "https://h.example/p?x=1#frag",
  "https://h.example/p?#",
  "https://h.example/?a=b%20c+d&a=%7e#h",
  "sc://host",
  "sc:opaque",
  "sc:opaque  ?q=1",
  "sc:opaque  ?q=1#f",
  "mailto:x@y.example?subject=hi",
  "file:///dir/f?x",
  "http://u:p@h.example:81/p?z=1&a=2",
];

/** A small seeded PRNG (mulberry32): the same cases for a seed on every runtime. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function paramsCases(seed: number, count: number): ParamsCase[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const text = (max: number) => {
    let s = "";
    const n = Math.floor(next() * max);
    for (let i = 0; i < n; i++) s += pick(PIECES);
    return s;
  };
  const cases: ParamsCase[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    if (kind === 0) cases.push({ parse: text(12) });
    else if (kind === 1) {
      const pairs: [string, string][] = [];
      const n = Math.floor(next() * 4);
      for (let k = 0; k < n; k++) pairs.push([text(4), text(5)]);
      cases.push({ pairs });
    } else {
      const ops: string[][] = [];
      const n = 1 + Math.floor(next() * 3);
      for (let k = 0; k < n; k++) {
        const op = pick(["append", "set", "delete", "delete", "sort", "search", "hash", "read"]);
        if (op === "sort" || op === "read") ops.push([op]);
        else if (op === "search") ops.push([op, pick(["", "?", "?" + text(6), text(6)])]);
        else if (op === "hash") ops.push([op, pick(["", "#", "x y"])]);
        else if (op === "delete") ops.push([op, pick(["a", "b", "q", "x", "z", "", text(2)])]);
        else ops.push([op, pick(["a", "b", "q", text(3)]), text(4)]);
      }
      cases.push({ url: pick(URLS), ops });
    }
  }
  return cases;
}

const entries = (p: ParamsLike) => {
  const out: [string, string][] = [];
  for (const pair of p as unknown as Iterable<[string, string]>) out.push([pair[0], pair[1]]);
  return out;
};

/** One case's answer: what a user could observe, as JSON-able data. */
export function runParamsCase(
  URL: new (s: string) => UrlLike,
  URLSearchParams: new (init?: unknown) => ParamsLike,
  c: ParamsCase,
): unknown {
  if ("parse" in c) {
    const p = new URLSearchParams(c.parse);
    return {
      entries: entries(p),
      string: p.toString(),
      size: p.size,
      getA: p.get("a"),
      allA: p.getAll("a"),
      hasEmpty: p.has(""),
      getLone: p.get("\uD800"),
    };
  }
  if ("pairs" in c) {
    const p = new URLSearchParams(c.pairs);
    const q = new URLSearchParams();
    for (const [n, v] of c.pairs) q.append(n, v);
    return { string: p.toString(), appended: q.toString(), again: entries(new URLSearchParams(p.toString())) };
  }
  const url = new URL(c.url);
  const params = url.searchParams;
  const states: unknown[] = [];
  for (const [op, a, b] of c.ops) {
    if (op === "append") params.append(a, b);
    else if (op === "set") params.set(a, b);
    else if (op === "delete") params.delete(a);
    else if (op === "sort") params.sort();
    else if (op === "search") url.search = a;
    else if (op === "hash") url.hash = a;
    states.push([url.href, url.search, url.hash, params.toString(), params.size]);
  }
  return states;
}
