/**
 * The Deno entry imported over the network, as from JSR (runtimes/deno/entry.ts): with no library beside its modules
 * it finds the prebuilt one in the npm package of its version (`npm:ada-ffi@<version>`), as Deno has that package on
 * disk; ADA_FFI_LIBRARY still comes first. A local server stands in for JSR, a node_modules folder (Deno's "manual"
 * mode) for the npm package, so that no network is needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/files.ts";
import { runChild } from "../support/child_program.ts";
import type { Runtime } from "../support/entries.ts";
import { NPM_PACKAGE_VERSION } from "../../runtimes/deno/npm_package.ts";

/** A file server for ROOT on a free port (each file with its content type, as JSR serves it), in a child Deno. */
async function startServer(): Promise<{ server: ChildProcess; origin: string }> {
  const source =
    `const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log("PORT " + port) },
  async (request) => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    try {
      const body = await Deno.readFile(${JSON.stringify(ROOT)} + path);
      const type = path.endsWith(".ts") ? "application/typescript" : path.endsWith(".js") ? "text/javascript"
        : path.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
      return new Response(body, { headers: { "content-type": type } });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });`;
  const server = spawn(process.execPath, ["run", "--allow-net=127.0.0.1", `--allow-read=${ROOT}`, "-"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  server.stdin!.end(source);
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    server.once("exit", () => reject(new Error(`the server ended: ${out}`)));
  });
  return { server, origin: `http://127.0.0.1:${port}` };
}

export function register(runtime: Runtime): void {
  if (runtime !== "deno") return;
  const test = suite("imported as from JSR (deno)");

  test("the npm package's version is this package's (its library has the same ABI)", () => {
    const npm = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
    const jsr = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).version;
    assert.is(NPM_PACKAGE_VERSION, npm);
    assert.is(NPM_PACKAGE_VERSION, jsr);
  });

  test("over the network: the prebuilt library of npm:ada-ffi; ADA_FFI_LIBRARY still wins", async () => {
    const { server, origin } = await startServer();
    try {
      const key = `linux-${process.arch}-gnu`;
      const prebuilt = join(ROOT, "native", "prebuilds", key, "libada_ffi.so");
      const run = (env: Record<string, string | undefined>) =>
        runChild("deno", (dir) => {
          // The project: Deno's "manual" node_modules, holding the npm package as far as the entry asks of it.
          writeFileSync(join(dir, "deno.json"), JSON.stringify({ nodeModulesDir: "manual" }));
          writeFileSync(
            join(dir, "package.json"),
            JSON.stringify({ dependencies: { "ada-ffi": NPM_PACKAGE_VERSION } }),
          );
          const pkg = join(dir, "node_modules", "ada-ffi");
          mkdirSync(join(pkg, "dist", "runtimes", "deno"), { recursive: true });
          mkdirSync(join(pkg, "native", "prebuilds", key), { recursive: true });
          // The export as package.json has it ({ types, default }): Deno resolves it as it would the real package's.
          const exported = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).exports["./package-location"];
          const file = typeof exported === "string" ? exported : exported.default;
          writeFileSync(
            join(pkg, "package.json"),
            JSON.stringify({
              name: "ada-ffi",
              version: NPM_PACKAGE_VERSION,
              type: "module",
              exports: { "./package-location": exported },
            }),
          );
          // runtimes/deno/package_location.ts as tsconfig.deno.json emits it (its one type annotation dropped).
          const location = readFileSync(join(ROOT, "runtimes", "deno", "package_location.ts"), "utf8");
          writeFileSync(join(pkg, file), location.replace(": string =", " ="));
          symlinkSync(prebuilt, join(pkg, "native", "prebuilds", key, "libada_ffi.so"));
          return `const { nativeLibrary, URL } = await import(${
            JSON.stringify(`${origin}/runtimes/deno/entry.ts`)
          });\n` +
            `console.log(new URL("HTTP://A/b/../c").href + " " + nativeLibrary().path);\n`;
        }, {
          env,
          flags: ["--allow-ffi", "--allow-read", "--allow-env", "--allow-import=127.0.0.1", "--reload=" + origin],
        });
      const found = run({ ADA_FFI_LIBRARY: undefined });
      assert.is(found.status, 0, found.stderr);
      assert.match(
        found.stdout,
        /^http:\/\/a\/c \S*node_modules\/ada-ffi\/native\/prebuilds\/linux-[^/]+\/libada_ffi\.so\n$/,
      );
      const lib = join(ROOT, "build", "libada_ffi.so");
      const chosen = run({ ADA_FFI_LIBRARY: lib });
      assert.is(chosen.status, 0, chosen.stderr);
      assert.ok([`http://a/c ${lib}\n`, `http://a/c ${realpathSync(lib)}\n`].includes(chosen.stdout), chosen.stdout);
    } finally {
      server.kill();
    }
  });

  test("over the network: JSR's ./wasm with no permission but the import; the entry without --allow-ffi falls back to it", async () => {
    const { server, origin } = await startServer();
    try {
      const program = (entry: string) => () =>
        `const { nativeLibrary, URL } = await import(${JSON.stringify(`${origin}/runtimes/deno/${entry}`)});\n` +
        `console.log(nativeLibrary().ffi + " " + new URL("HTTP://A/b/../c").href);\n`;
      const imports = ["--allow-import=127.0.0.1", "--reload=" + origin];
      const wasm = runChild("deno", program("wasm_entry.ts"), { env: { ADA_FFI_BACKEND: undefined }, flags: imports });
      assert.is(wasm.stdout, "wasm http://a/c\n", wasm.stderr);
      const fallback = runChild("deno", program("entry.ts"), {
        env: { ADA_FFI_BACKEND: undefined, ADA_FFI_LIBRARY: undefined },
        flags: ["--allow-read", "--allow-env", ...imports],
      });
      assert.is(fallback.stdout, "wasm http://a/c\n", fallback.stderr);
    } finally {
      server.kill();
    }
  });

  test.run();
}
