// Builds better-sqlite3 for the installed Electron into .electron-native/<electron version>/, so the desktop
// app runs from source (`npm run desktop`) while node_modules/better-sqlite3 stays built for Node, which
// `npm start` and `npm test` need. Unpackaged, the desktop shell hands that file to the server as
// `sqliteNativeBinding` (electron/desktop-config.ts); packages get theirs from electron-builder.
//
// node build/electron-native.mjs [--force] [--stage]
//
// A build made for the same Electron, better-sqlite3, platform and architecture is kept, so only the first
// launch after an install or upgrade waits. Building works in a temporary copy of better-sqlite3: first a
// prebuilt binary from better-sqlite3's releases (prebuild-install, as its own install does), else compiling
// against Electron's headers (node-gyp, which needs Python 3 and a C++ toolchain).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const NATIVE_DIR = '.electron-native';
export const BINDING_FILE = 'better_sqlite3.node';
export const STAMP_FILE = 'built-for.json';
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

export class NativeBuildError extends Error {}

/** Where the binding for one Electron version lives; electron/desktop-config.ts looks in the same place. */
export function bindingPath(projectRoot, electronVersion) {
  return path.join(projectRoot, NATIVE_DIR, electronVersion, BINDING_FILE);
}

/** The installed Electron's version, and better-sqlite3's version and folder. */
export function readVersions(projectRoot) {
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const manifest = (name) => {
    try {
      return require.resolve(`${name}/package.json`);
    } catch {
      throw new NativeBuildError(`${name} is not installed in ${projectRoot}: run \`npm install\` first.`);
    }
  };
  const electronManifest = manifest('electron');
  const sqliteManifest = manifest('better-sqlite3');
  const version = (file) => JSON.parse(fs.readFileSync(file, 'utf8')).version;
  return {
    electron: version(electronManifest),
    betterSqlite3: version(sqliteManifest),
    betterSqlite3Dir: path.dirname(sqliteManifest),
  };
}

/** What a build is made for; a binding made for anything else is built again. */
export function buildInfo(versions, platform = process.platform, arch = process.arch) {
  return { electron: versions.electron, betterSqlite3: versions.betterSqlite3, platform, arch };
}

/** Whether `outDir` holds a binding built for exactly `info`. */
export function isUpToDate(outDir, info) {
  if (!fs.existsSync(path.join(outDir, BINDING_FILE))) return false;
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
  } catch {
    return false;
  }
  return Object.entries(info).every(([key, value]) => stamp?.[key] === value);
}

/** Copies the package to build in, without its build/ folder (made for Node) or its own node_modules. */
export function copySource(packageDir, workDir) {
  fs.cpSync(packageDir, workDir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(packageDir, source);
      return relative !== 'build' && relative !== 'node_modules';
    },
  });
}

/** node-gyp: the one npm runs scripts with, else one installed in the project, else npm's own beside node. */
export function findNodeGyp(projectRoot, env = process.env, execPath = process.execPath) {
  const inProject = (() => {
    try {
      return createRequire(path.join(projectRoot, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
    } catch {
      return undefined;
    }
  })();
  const npmBundled = (npmDir) => path.join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const nodeDir = path.dirname(execPath);
  const candidates = [
    env.npm_config_node_gyp,
    inProject,
    env.npm_execpath && npmBundled(path.dirname(path.dirname(env.npm_execpath))),
    npmBundled(path.join(nodeDir, '..', 'lib', 'node_modules', 'npm')), // Linux and macOS
    npmBundled(path.join(nodeDir, 'node_modules', 'npm')), // Windows
  ];
  return candidates.find((file) => file && fs.existsSync(file)) ?? null;
}

/** prebuild-install as better-sqlite3's own install script finds it. */
export function findPrebuildInstall(betterSqlite3Dir) {
  try {
    return createRequire(path.join(betterSqlite3Dir, 'package.json')).resolve('prebuild-install/bin.js');
  } catch {
    return null;
  }
}

/**
 * The environment of a build step. node-gyp lets any `npm_config_<option>` variable override its command
 * line, and npm exports the user's npmrc that way (a `nodedir=` there would build against Node's headers):
 * so the Electron target is set here too, and header locations that are not Electron's are dropped.
 */
export function buildEnv(baseEnv, { electronVersion, arch = process.arch }) {
  const env = Object.fromEntries(Object.entries(baseEnv).filter(([key]) => !/^npm_config_(nodedir|tarball)$/i.test(key)));
  return {
    ...env,
    npm_config_runtime: 'electron',
    npm_config_target: electronVersion,
    npm_config_dist_url: ELECTRON_HEADERS_URL,
    npm_config_arch: arch,
  };
}

/** The ways to get the binding into `build/Release/` of the working copy, best first. */
export function buildSteps({ electronVersion, prebuildInstall, nodeGyp, arch = process.arch, env = process.env }) {
  const stepEnv = buildEnv(env, { electronVersion, arch });
  const steps = [];
  if (prebuildInstall) {
    steps.push({
      label: 'downloading a prebuilt binary',
      command: process.execPath,
      args: [prebuildInstall, '--runtime=electron', `--target=${electronVersion}`, `--arch=${arch}`],
      env: stepEnv,
    });
  }
  if (nodeGyp) {
    steps.push({
      label: "compiling it against Electron's headers",
      command: process.execPath,
      args: [nodeGyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, `--dist-url=${ELECTRON_HEADERS_URL}`, `--arch=${arch}`],
      env: stepEnv,
    });
  }
  return steps;
}

function runStep(step, cwd) {
  const result = spawnSync(step.command, step.args, { cwd, env: step.env, stdio: 'inherit' });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

function install(builtFile, outDir, info) {
  fs.mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, BINDING_FILE);
  // Copied beside and renamed, so an interrupted build never leaves half a binding that looks finished.
  const partial = `${target}.partial`;
  fs.copyFileSync(builtFile, partial);
  fs.renameSync(partial, target);
  fs.writeFileSync(path.join(outDir, STAMP_FILE), JSON.stringify(info, null, 2) + '\n');
}

/**
 * Makes sure .electron-native/<electron version>/better_sqlite3.node is built for the installed Electron.
 * Answers its path and whether it was built now; throws a NativeBuildError with a readable message.
 * `runStep` runs one build step in the working copy and answers whether it succeeded (tests fake it).
 */
export function ensureElectronBinding({ projectRoot, force = false, run = runStep, log = console, env = process.env }) {
  const versions = readVersions(projectRoot);
  const info = buildInfo(versions);
  const target = bindingPath(projectRoot, versions.electron);
  const outDir = path.dirname(target);
  const what = `better-sqlite3 ${versions.betterSqlite3} for Electron ${versions.electron}`;
  if (!force && isUpToDate(outDir, info)) return { file: target, built: false };

  const steps = buildSteps({
    electronVersion: versions.electron,
    prebuildInstall: findPrebuildInstall(versions.betterSqlite3Dir),
    nodeGyp: findNodeGyp(projectRoot, env),
    env,
  });
  if (steps.length === 0) {
    throw new NativeBuildError(`Cannot build ${what}: neither prebuild-install nor node-gyp was found.`);
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-electron-native-'));
  try {
    copySource(versions.betterSqlite3Dir, workDir);
    const built = path.join(workDir, 'build', 'Release', BINDING_FILE);
    for (const [index, step] of steps.entries()) {
      if (index > 0) log.log(`That did not work; ${step.label} instead.`);
      log.log(`Building ${what}: ${step.label}...`);
      if (run(step, workDir) && fs.existsSync(built)) {
        install(built, outDir, info);
        log.log(`Built ${what} in ${path.relative(projectRoot, outDir) || outDir}.`);
        return { file: target, built: true };
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  throw new NativeBuildError(
    [
      `Could not build ${what} (see the output above).`,
      "Tried a prebuilt binary from better-sqlite3's GitHub releases, then compiling against Electron's headers",
      `from ${ELECTRON_HEADERS_URL}, which needs network access, Python 3 and a C++ toolchain`,
      '(https://github.com/nodejs/node-gyp#installation).',
      'node_modules was left as it was: `npm start` and `npm test` still work.',
    ].join('\n'),
  );
}

/** Where `npm run dist` stages the binding for electron-builder.yml's extraResources (shipped as native/). */
export function stagedBindingPath(projectRoot) {
  return path.join(projectRoot, '.electron-native', 'package', BINDING_FILE);
}

/** Copies the built binding to the staging folder, replacing whatever a build for another version left. */
export function stageForPackage(projectRoot, file) {
  const staged = stagedBindingPath(projectRoot);
  fs.rmSync(path.dirname(staged), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(staged), { recursive: true });
  fs.copyFileSync(file, staged);
  return staged;
}

/** The script's flags: --force builds even when a build for the same versions is kept; --stage stages it. */
export function parseFlags(args) {
  try {
    const { values } = parseArgs({ args, options: { force: { type: 'boolean' }, stage: { type: 'boolean' } } });
    return { force: values.force === true, stage: values.stage === true };
  } catch (error) {
    // A mistyped --stage must not quietly leave a package without its binding.
    throw new NativeBuildError(`${error.message}\nUsage: node build/electron-native.mjs [--force] [--stage]`);
  }
}

function main() {
  const projectRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  try {
    const flags = parseFlags(process.argv.slice(2));
    const { file } = ensureElectronBinding({ projectRoot, force: flags.force });
    if (flags.stage) stageForPackage(projectRoot, file);
  } catch (error) {
    console.error(error instanceof NativeBuildError ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
