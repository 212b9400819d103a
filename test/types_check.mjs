#!/usr/bin/env node
// The published declarations as a user's type checker reads them: the main entry ("ada-ffi", dist/**/*.d.ts), the
// global entry ("ada-ffi/global", types/global.d.ts) and, under tsc, the Workers entry ("ada-ffi/wasm/module"), each
// in a tiny user project per set of types a user may have, with `strict` on and `skipLibCheck` off and on; each run
// is one check, run as many at once as there are cores. Ends with `N passed, N failed`.
//
//   tsc (the pinned devDependency) with @types/node 20, 22, 24 and 26 (exact versions below, installed once by npm
//   into ~/.cache/ada-ffi/types-node/), lib.dom with @types/node 24 and 26, lib.dom and no @types, and no @types at
//   all (lib esnext only);
//   deno check --all (the pinned Deno) of the npm package from node_modules, and of the JSR package's sources.
//
// The package's files are copied from the `npm pack` file list (dist/ as `tsc -p tsconfig.json` built it: npm test
// builds it first). Each user file also asserts that the types are not `any` (a `@ts-expect-error` on a misuse).
//
//   node test/types_check.mjs
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cacheDir } from "../native/prebuild.mjs";
import { checksAtOnce, fail, finish, sh, shAsync, tool } from "./support/checks.mjs";

/** Each @types/node line a Node 20–26 project installs, pinned (the newest of each line when this was written). */
const TYPES_NODE = { 20: "20.19.43", 22: "22.20.5", 24: "24.19.2", 26: "26.6.6" };

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const work = mkdtempSync(join(tmpdir(), "ada-ffi-types-"));

// The user's files. Each line that needs a kind of built-in types is added only where the project has them.
const MAIN = (from) =>
  `import {
  domainToASCII, parseMany, route as routeRequests, URL, URLPattern, URLPatternList, type URLPatternResult,
  URLSearchParams,
} from "${from}";
const u: URL = new URL("https://a/?x=1");
const route = new URLPattern({ pathname: "/books/:id" }, { ignoreCase: true });
const hit: URLPatternResult | null = route.exec("https://a/books/1");
const id: string | undefined = hit?.pathname.groups.id;
const matches: boolean = route.test(u) || route.test({ pathname: "/x" }) || new URLPattern("/a", "https://h").test();
const p: URLSearchParams = u.searchParams;
const keys: string[] = p.keys().map((k) => k.toUpperCase()).toArray();
const many: (URL | null)[] = parseMany(["x"], u);
const host: string = domainToASCII("b\\u00FCcher.example");
const first: number | undefined = new URLPatternList([{ pathname: "/a/:x" }]).exec("https://h/a/1")?.index;
// route() in any project, with or without Request and Response types: the handlers read what route() promises.
const app = routeRequests([{
  pattern: route,
  method: ["GET", "HEAD"],
  handler: (request, params) => {
    throw new Error(request.url + request.method + params.pathname.groups.id);
  },
}], (request) => {
  throw new Error(request.url);
});
// @ts-expect-error -- a route's pattern is a URLPattern, not a string
routeRequests([{ pattern: "/a", handler: () => null }], app);
// Any pattern with an exec (urlpattern-polyfill's), as std's loop calls it; not one without.
routeRequests([{ pattern: { exec: (url: string) => route.exec(url) }, handler: (request) => app(request) }], app);
// @ts-expect-error -- a pattern has an exec method
routeRequests([{ pattern: { pathname: "/a" }, handler: () => null }], app);
// @ts-expect-error -- hostname is a string
const n: number = u.hostname;
// @ts-expect-error -- test() returns a boolean
const m: number = route.test("https://a/");
void [hit, id, matches, keys, many, host, first, app, n, m];
`;
// Where the project's types have a URL of their own: ours and the runtime's meet.
const MAIN_BUILTIN_URL = `const fromBuiltin = new URL("x", new globalThis.URL("https://b/"));
const asBuiltin: globalThis.URL = u;
const paramsAsBuiltin: globalThis.URLSearchParams = p;
const fetched = fetch(u);
// Where the project has Request and Response: handlers take and give the runtime's.
const served: Response | Promise<Response> = routeRequests(
  [{ pattern: new URLPattern({ pathname: "/b/:id" }), handler: (_request, params) => new Response(params.pathname.groups.id) }],
  (request: Request) => new Response(request.url, { status: 404 }),
)(new Request("https://a/b/1"));
void [fromBuiltin, asBuiltin, paramsAsBuiltin, fetched, served];
`;
// Where they have a URLPattern of their own (@types/node 24+, Deno): the built-in's types next to ours.
const MAIN_BUILTIN_PATTERN = (assignable) =>
  `const init: globalThis.URLPatternInit = { pathname: "/c/:id" };
const builtinPattern = new globalThis.URLPattern({ pathname: "/books/:id" });
const both: boolean = builtinPattern.test(u.href) && new URLPattern(init).test({ pathname: "/c/1" });
const builtinResult: globalThis.URLPatternResult | null = builtinPattern.exec("https://a/books/1");
// std's users' routes: the runtime's own URLPattern objects.
${
    assignable
      ? "const asBuiltinPattern: globalThis.URLPattern = route;\n"
      : ""
  }const builtinRoutes = routeRequests([{ pattern: builtinPattern, handler: () => new Response("b") }], () => new Response(null));
void [both, builtinResult, builtinRoutes];
`;
const GLOBAL = (from) =>
  `import "${from}";
const route = new URLPattern({ pathname: "/books/:id" }, { ignoreCase: true });
const matched: boolean = route.test("https://a/books/1");
const id: string | undefined = route.exec("https://a/books/1")?.pathname.groups.id;
const url: URL = new URL("https://a/?q=1");
const q: string | null = new URLSearchParams(url.search).get("q");
// @ts-expect-error -- test() returns a boolean: the global URLPattern is typed, not any
const notAny: number = route.test("https://a/");
// @ts-expect-error -- hostname is a string: the global URL is typed, not any
const notAnyUrl: number = url.hostname;
void [matched, id, q, notAny, notAnyUrl];
`;

/** @types/node at `version` with its dependencies, installed by npm (registry integrity checked) once. */
function typesNode(version) {
  const dir = join(cacheDir(), "types-node", version);
  const installed = join(dir, "node_modules", "@types", "node", "package.json");
  if (!existsSync(installed) || JSON.parse(readFileSync(installed, "utf8")).version !== version) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
    tool(npm, ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--save-exact", `@types/node@${version}`], {
      cwd: dir,
    });
  }
  return join(dir, "node_modules");
}

/** The package's files as `npm pack` would ship them (not the native libraries, which no type checker reads). */
function copyPackage(into) {
  const { stdout } = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
  const files = JSON.parse(stdout)[0].files.map((f) => f.path).filter((f) => !f.startsWith("native/"));
  for (const file of files) cpSync(join(root, file), join(into, file));
}

/** A user project: package.json, the package in node_modules, and the given @types/node (if any). */
function project(name, typesFrom) {
  const dir = join(work, name);
  mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  cpSync(join(work, "package"), join(dir, "node_modules", "ada-ffi"), { recursive: true });
  if (typesFrom) {
    for (const pkg of ["@types/node", "undici-types"]) {
      symlinkSync(join(typesFrom, pkg), join(dir, "node_modules", pkg));
    }
  }
  return dir;
}

/** tsc over one user file with the project's tsconfig and skipLibCheck set as given: true or its errors. */
async function tsc(dir, file, lib, skipLibCheck) {
  // One config per file and setting: the checks run two at a time, and may share a project.
  const config = `tsconfig.${file.replace(/\.ts$/, "")}.${skipLibCheck}.json`;
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: "esnext",
    module: "nodenext",
    lib,
    skipLibCheck,
    typeRoots: ["./node_modules/@types"], // this project's, not any in a folder above the temporary one
  };
  writeFileSync(join(dir, config), JSON.stringify({ compilerOptions, files: [file] }, null, 2));
  const { status, out } = await shAsync(bin("tsc"), ["-p", config], { cwd: dir });
  return status === 0 ? true : out;
}

/**
 * deno check --all (which also reports errors in the packages' declarations unless skipLibCheck is on), with the
 * project's deno.json as written for the batch it runs in.
 */
async function denoCheck(dir, file) {
  const { status, out } = await shAsync(bin("deno"), ["check", "--all", file], { cwd: dir, env: { NO_COLOR: "1" } });
  return status === 0 ? true : out;
}

/** The tsc checks, run as many at once as there are cores once every project is made (checksAtOnce): [name, fn]. */
const checks = [];

try {
  if (!existsSync(join(root, "dist", "runtimes", "node", "entry.d.ts"))) {
    throw new Error("no dist/: run `node_modules/.bin/tsc -p tsconfig.json` (npm test does) first");
  }
  copyPackage(join(work, "package"));

  // [name, @types/node version or null, lib, has a built-in URL, has a built-in URLPattern]
  const withNode = (line, lib) => [
    `${lib.includes("dom") ? "lib.dom + " : ""}@types/node ${TYPES_NODE[line]}`,
    TYPES_NODE[line],
    lib,
    true,
    Number(line) >= 24,
  ];
  const configs = [
    ...Object.keys(TYPES_NODE).map((line) => withNode(line, ["esnext"])),
    // No `lib` in tsconfig.json means lib.dom too: Node projects often have both.
    withNode(24, ["esnext", "dom"]),
    withNode(26, ["esnext", "dom"]),
    ["lib.dom, no @types", null, ["esnext", "dom"], true, false],
    ["no @types at all (lib esnext)", null, ["esnext"], false, false],
  ];
  for (const [label, version, lib, builtinURL, builtinPattern] of configs) {
    let dir;
    try {
      dir = project(label.replace(/[^a-z0-9.]+/gi, "_"), version && typesNode(version));
    } catch (error) {
      fail(`${label}: ${error.message}`);
      continue;
    }
    const builtins = (builtinURL ? MAIN_BUILTIN_URL : "") + (builtinPattern ? MAIN_BUILTIN_PATTERN(true) : "");
    writeFileSync(join(dir, "main.ts"), MAIN("ada-ffi") + builtins);
    writeFileSync(join(dir, "global.ts"), GLOBAL("ada-ffi/global"));
    // The Workers entry (Workers' types are lib.dom-like; a Worker bundled from Node tooling may have @types/node).
    writeFileSync(join(dir, "wasm_module.ts"), MAIN("ada-ffi/wasm/module") + builtins);
    for (const skipLibCheck of [false, true]) {
      const entries = [["ada-ffi", "main.ts"], ["ada-ffi/global", "global.ts"], [
        "ada-ffi/wasm/module",
        "wasm_module.ts",
      ]];
      for (const [entry, file] of entries) {
        checks.push([
          `tsc, ${label}: import "${entry}", skipLibCheck ${skipLibCheck}`,
          () => tsc(dir, file, lib, skipLibCheck),
        ]);
      }
    }
  }

  // Deno's own URLPattern types say `inputs` holds only URLPatternInit dictionaries (Deno's exec() reports the
  // string it was given there too), so our URLPatternResult is not assignable to Deno's: that line is left out.
  const denoMain = (from) => MAIN(from) + MAIN_BUILTIN_URL + MAIN_BUILTIN_PATTERN(false);
  const npmDir = project("deno_npm", null);
  writeFileSync(join(npmDir, "main.ts"), denoMain("ada-ffi"));
  writeFileSync(join(npmDir, "global.ts"), GLOBAL("ada-ffi/global"));
  writeFileSync(join(npmDir, "wasm.ts"), denoMain("ada-ffi/wasm"));
  writeFileSync(join(npmDir, "wasm_global.ts"), GLOBAL("ada-ffi/wasm/global"));
  // The JSR package: the TypeScript it publishes (ffi/, runtimes/deno/, and runtimes/wasm/, the adapter Deno's Wasm
  // entries use, with the module and the file that imports it), under the names a JSR user imports.
  const jsrDir = join(work, "deno_jsr");
  mkdirSync(jsrDir);
  for (const folder of ["ffi", join("runtimes", "deno"), join("runtimes", "wasm")]) {
    cpSync(join(root, folder), join(jsrDir, "jsr", folder), {
      recursive: true,
      filter: (f) => !/\.(js|d\.ts)$/.test(f) || /ada_ffi_source\.(js|d\.ts)$/.test(f),
    });
  }
  const jsrImports = {
    "@ada-ffi/ada-ffi": "./jsr/runtimes/deno/entry.ts",
    "@ada-ffi/ada-ffi/global": "./jsr/runtimes/deno/global.ts",
    "@ada-ffi/ada-ffi/wasm": "./jsr/runtimes/deno/wasm_entry.ts",
    "@ada-ffi/ada-ffi/wasm/global": "./jsr/runtimes/deno/wasm_global.ts",
  };
  writeFileSync(join(jsrDir, "main.ts"), denoMain("@ada-ffi/ada-ffi"));
  writeFileSync(join(jsrDir, "global.ts"), GLOBAL("@ada-ffi/ada-ffi/global"));
  writeFileSync(join(jsrDir, "wasm.ts"), denoMain("@ada-ffi/ada-ffi/wasm"));
  writeFileSync(join(jsrDir, "wasm_global.ts"), GLOBAL("@ada-ffi/ada-ffi/wasm/global"));
  // deno check reads skipLibCheck from the project's deno.json: one batch per setting (the first with the tsc checks).
  for (const skipLibCheck of [false, true]) {
    const batch = skipLibCheck ? [] : checks;
    for (const [dir, imports, label] of [[npmDir, undefined, "npm:ada-ffi"], [jsrDir, jsrImports, "JSR"]]) {
      writeFileSync(join(dir, "deno.json"), JSON.stringify({ compilerOptions: { skipLibCheck }, imports }, null, 2));
      const files = [["", "main.ts"], ["/global", "global.ts"], ["/wasm", "wasm.ts"], [
        "/wasm/global",
        "wasm_global.ts",
      ]];
      for (const [entry, file] of files) {
        batch.push([`deno check, ${label}${entry}, skipLibCheck ${skipLibCheck}`, () => denoCheck(dir, file)]);
      }
    }
    await checksAtOnce(batch);
  }
} catch (error) {
  fail(error.message);
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
