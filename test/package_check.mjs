#!/usr/bin/env node
// The npm package as a user gets it: `npm pack`, install the tarball into an empty project, then use it on
// Node, Deno and Bun (import, types, the CLI), and finally take the path of a platform with no prebuilt
// library (build from the shipped sources). Run by `npm test --full` (and CI); ends with `N passed, N failed`.
//
//   node test/package_check.mjs [--no-source-build]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);
const work = mkdtempSync(join(tmpdir(), "ada-ffi-package-"));
const project = join(work, "project");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let passed = 0;
let failed = 0;

function sh(command, args, options = {}) {
  const child = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    ...options,
    env: { ...process.env, ...options.env },
  });
  return {
    status: child.status,
    stdout: child.stdout ?? "",
    out: `${child.stdout ?? ""}${child.stderr ?? ""}${child.error?.message ?? ""}`,
  };
}

/** One check: `fn` returns true or a string saying what went wrong. */
function check(name, fn) {
  let result;
  try {
    result = fn();
  } catch (error) {
    result = error instanceof Error ? error.message : String(error);
  }
  if (result === true) {
    passed++;
    console.log(`  ✓ ${name}`);
  } else {
    failed++;
    console.log(`  ✘ ${name}\n${String(result).replace(/^/gm, "      ")}`);
  }
}

const EXPECTED = "https://example.com/b?x=1 example.com /b 1 http://a/,null TypeError Invalid URL";
const USE = `import { URL, parseMany } from "ada-ffi";
const u = new URL("HTTPS://EXAMPLE.com/a/../b?x=1");
let error = "";
try { new URL("nope"); } catch (e) { error = e.name + " " + e.message; }
console.log([u.href, u.hostname, u.pathname, u.searchParams.get("x"),
  parseMany(["http://a/", "bad"]).map((x) => x === null ? "null" : x.href).join(","), error].join(" "));
`;
const RUNNERS = {
  node: [process.execPath, ["use.mjs"]],
  deno: [bin("deno"), ["run", "--allow-ffi", "--allow-read", "--allow-env", "use.ts"]],
  bun: [bin("bun"), ["use.ts"]],
};

function usesWork(runtime) {
  const [command, args] = RUNNERS[runtime];
  const { status, out } = sh(command, args, { cwd: project });
  return status === 0 && out.trim() === EXPECTED ? true : `exit ${status}:\n${out}`;
}

let tarball;
try {
  console.log("package:");
  check("npm pack builds the prebuilt library and the JavaScript", () => {
    const { status, out } = sh(npm, ["pack", "--pack-destination", work], { cwd: root });
    if (status !== 0) return out;
    const json = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root }); // the list, no logs
    const report = JSON.parse(json.stdout);
    tarball = join(work, report[0].filename);
    const files = new Set(report[0].files.map((f) => f.path));
    const missing = [
      "native/prebuilds/linux-x64/libada_ffi.so",
      "native/prebuilds/linux-x64/requires.json",
      "dist/runtimes/node.js",
      "dist/runtimes/node.d.ts",
      "dist/runtimes/deno.js",
      "dist/runtimes/cli_bin.js",
      "runtimes/bun.ts",
      "ffi/url.ts",
      "native/ada_ffi.cpp",
      "native/build_library.mjs",
      "CMakeLists.txt",
    ].filter((f) => !files.has(f));
    const stray = [...files].filter((f) => /^(test|bench|build|dist\/test|dist\/bench)\//.test(f));
    if (missing.length || stray.length) return `missing: ${missing.join(", ")}; should not ship: ${stray.join(", ")}`;
    return true;
  });
  if (tarball === undefined) throw new Error("no tarball: nothing else can be checked");

  check("installs into an empty project", () => {
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    const { status, out } = sh(npm, ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
      cwd: project,
    });
    writeFileSync(join(project, "use.mjs"), USE);
    writeFileSync(join(project, "use.ts"), USE);
    return status === 0 ? true : out;
  });
  for (const runtime of ["node", "deno", "bun"]) check(`import "ada-ffi" on ${runtime}`, () => usesWork(runtime));

  check("the types resolve for a TypeScript user (tsc, NodeNext)", () => {
    writeFileSync(
      join(project, "typed.ts"),
      `import { URL, URLSearchParams, parseMany, domainToASCII } from "ada-ffi";
const u: URL = new URL("https://a/");
const p: URLSearchParams = u.searchParams;
const many: (URL | null)[] = parseMany(["x"]);
const host: string = domainToASCII("b\u00FCcher.example");
// @ts-expect-error -- hostname is a string
const n: number = u.hostname;
console.log(p, many, host, n);
`,
    );
    const { status, out } = sh(bin("tsc"), [
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--types",
      "node",
      "--typeRoots",
      join(root, "node_modules", "@types"),
      "typed.ts",
    ], { cwd: project });
    return status === 0 ? true : out;
  });

  const line = "HTTPS://EXAMPLE.com/a/../b\n";
  const cliOk = ({ status, out }) =>
    status === 0 && out.includes('"href":"https://example.com/b"') && out.includes('"pathname":"/b"') ? true : out;
  check(
    "printf … | npx ada-ffi (Node)",
    () => cliOk(sh("npx", ["--no-install", "ada-ffi"], { cwd: project, input: line })),
  );
  check(
    "the ada-ffi bin under Deno",
    () =>
      cliOk(sh(bin("deno"), ["run", "--allow-ffi", "--allow-read", "--allow-env", "node_modules/.bin/ada-ffi"], {
        cwd: project,
        input: line,
      })),
  );
  check(
    "the ada-ffi bin under Bun",
    () => cliOk(sh(bin("bun"), ["node_modules/.bin/ada-ffi"], { cwd: project, input: line })),
  );

  if (!process.argv.includes("--no-source-build")) {
    // The install step on machines the prebuilt library does not fit: it builds from the shipped sources.
    const pkg = join(project, "node_modules", "ada-ffi");
    const install = () => sh(process.execPath, ["native/build_library.mjs", "install"], { cwd: pkg });
    check("a glibc older than the prebuilt library needs: install builds from source, saying why", () => {
      writeFileSync(join(pkg, "native", "prebuilds", "linux-x64", "requires.json"), '{"glibc":"99.0"}\n');
      const { status, out } = install();
      if (status !== 0) return out;
      if (!out.includes("cannot load here (it needs glibc >= 99.0")) return `no explanation printed:\n${out}`;
      return existsSync(join(pkg, "build", "libada_ffi.so")) ? true : `no build/libada_ffi.so in ${readdirSync(pkg)}`;
    });
    check("no prebuilt library for this platform: loading names the build command; install builds it", () => {
      rmSync(join(pkg, "native", "prebuilds"), { recursive: true, force: true });
      rmSync(join(pkg, "build", "libada_ffi.so"), { force: true });
      const before = usesWork("node");
      if (before === true || !before.includes("node native/build_library.mjs source")) {
        return `without a library, loading should fail and name the build command:\n${before}`;
      }
      const { status, out } = install();
      if (status !== 0) return out;
      if (!out.includes("no prebuilt native library for linux-x64")) return `no explanation printed:\n${out}`;
      return existsSync(join(pkg, "build", "libada_ffi.so")) ? true : `no build/libada_ffi.so in ${readdirSync(pkg)}`;
    });
    for (const runtime of ["node", "deno", "bun"]) {
      check(`the library built from source works on ${runtime}`, () => usesWork(runtime));
    }
  }
} catch (error) {
  failed++;
  console.log(`  ✘ ${error.message}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
