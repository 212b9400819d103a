// The A/B benchmark's checkouts: a git ref's tree, built, in ada-ffi's cache (<cache>/ab/<sha>), reused while it is
// there. The tree comes from `git archive` (not `git worktree add`: nothing is registered in the repository, and a
// deleted cache leaves nothing stale behind). node_modules is a link to this tree's. The native library is built by the
// checkout's own `node native/prebuild.mjs --host` after its build-zig/ objects and their stamps were copied from this
// tree's, so an unchanged native source is "up to date" at once and a changed one recompiles only its own objects; the
// library file itself is the checkout's own (a copy, not a link), so a process that loads A and B opens two libraries.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The same cache as native/prebuild.mjs. */
function cacheDir() {
  if (process.env.ADA_FFI_CACHE) return process.env.ADA_FFI_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "ada-ffi");
}

function git(args, options = {}) {
  const child = spawnSync("git", ["-C", root, ...args], { encoding: "utf8", maxBuffer: 1 << 30, ...options });
  if (child.status !== 0) throw new Error(`git ${args.join(" ")}: ${child.stderr}`);
  return child.stdout;
}

/** `.` is this working tree as it is (built by `npm run bench:ab`); anything else a commit-ish. */
export function resolveRef(ref) {
  if (ref === ".") return { ref, sha: ".", label: "this tree" };
  const sha = git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).trim();
  return { ref, sha, label: `${ref} (${sha.slice(0, 10)})` };
}

function run(command, args, cwd, log, tolerated = false) {
  const env = { ...process.env, PATH: `${join(cwd, "node_modules", ".bin")}:${process.env.PATH}` };
  const child = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, env });
  writeFileSync(log, `$ ${command} ${args.join(" ")}\n${child.stdout}${child.stderr}`, { flag: "a" });
  if (child.status !== 0 && tolerated) {
    writeFileSync(log, `(exit ${child.status}: tolerated, tsc still wrote its output)\n`, { flag: "a" });
  } else if (child.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd} (${child.status}); see ${log}:\n` +
        `${child.stdout}${child.stderr}`.slice(-3000),
    );
  }
}

/**
 * The built checkout of `sha` (`copy` names a second one of the same commit, for an A/A run): its directory.
 * `say` reports progress.
 */
export function checkout({ sha }, copy, say) {
  if (sha === ".") return root;
  const dir = join(cacheDir(), "ab", copy ? `${sha}-${copy}` : sha);
  const stamp = join(dir, ".ab-built");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === sha) return dir;
  say(`building ${sha.slice(0, 10)} in ${dir} (log: ${join(dir, "ab-build.log")})`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync("git", ["-C", root, "archive", "--format=tar", sha], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${sha}: ${archive.stderr}`);
  const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  if (existsSync(join(root, "build-zig"))) cpSync(join(root, "build-zig"), join(dir, "build-zig"), { recursive: true });
  if (existsSync(join(root, "native", "prebuilds"))) {
    cpSync(join(root, "native", "prebuilds"), join(dir, "native", "prebuilds"), { recursive: true });
  }
  const log = join(dir, "ab-build.log");
  const scripts = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts ?? {};
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  if (scripts["build:prebuilt"] && scripts["build:js"]) {
    run(process.execPath, ["native/prebuild.mjs", "--host"], dir, log);
    // build:js's steps one by one: a commit in the middle of a branch may have a type error in a test, and tsc
    // writes its output all the same.
    for (const step of scripts["build:js"].split(" && ")) run("sh", ["-c", step], dir, log, /^tsc /.test(step));
  } else {
    run(npm, ["run", "build"], dir, log); // an older tree: its own whole build
  }
  writeFileSync(stamp, sha);
  return dir;
}

/** A package.json / deno.json export target for `conditions`, in order (a string target is its own answer). */
function exportTarget(target, conditions) {
  if (typeof target === "string") return target;
  if (target === null || typeof target !== "object") return undefined;
  for (const c of conditions) {
    if (c in target) {
      const found = exportTarget(target[c], conditions);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The checkout's main entry for `runtime` (node, deno or bun), as its own package.json and deno.json name it. */
export function entryOf(dir, runtime) {
  let target;
  if (runtime === "deno") {
    const exports = JSON.parse(readFileSync(join(dir, "deno.json"), "utf8")).exports;
    target = typeof exports === "string" ? exports : exports["."];
  } else {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const main = typeof pkg.exports === "object" && !("node" in pkg.exports) && !("default" in pkg.exports)
      ? pkg.exports["."]
      : pkg.exports ?? pkg.main;
    target = exportTarget(main, runtime === "bun" ? ["bun", "import", "default"] : ["node", "import", "default"]);
  }
  const path = target && join(dir, target);
  if (!path || !existsSync(path)) throw new Error(`no ${runtime} entry in ${dir} (${target})`);
  return path;
}
