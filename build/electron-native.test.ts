// The parts of build/electron-native.mjs that need no network: a fake project and a fake build step.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bindingPath,
  buildEnv,
  buildInfo,
  buildSteps,
  copySource,
  ensureElectronBinding,
  findNodeGyp,
  isUpToDate,
  NativeBuildError,
  readVersions,
  STAMP_FILE,
  type BuildStep,
} from './electron-native.mjs';

let root: string;

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A project with Electron and better-sqlite3 "installed", the latter already built for Node. */
function fakeProject(electron = '45.4.1', betterSqlite3 = '12.10.1') {
  write(path.join(root, 'package.json'), '{"name":"bookclub"}');
  const electronManifest = JSON.stringify({ name: 'electron', version: electron });
  write(path.join(root, 'node_modules/electron/package.json'), electronManifest);
  const sqlite = path.join(root, 'node_modules/better-sqlite3');
  write(path.join(sqlite, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: betterSqlite3 }));
  write(path.join(sqlite, 'binding.gyp'), '{}');
  write(path.join(sqlite, 'src/better_sqlite3.cpp'), '// source');
  write(path.join(sqlite, 'build/Release/better_sqlite3.node'), 'built for node');
  write(path.join(root, 'node_modules/prebuild-install/package.json'), '{"name":"prebuild-install"}');
  write(path.join(root, 'node_modules/prebuild-install/bin.js'), '');
  return sqlite;
}

/** A build step that "builds" the binding in the working copy, like prebuild-install or node-gyp would. */
function fakeRun(outcomes: Record<string, boolean>) {
  const calls: { step: BuildStep; workDir: string; copied: string[] }[] = [];
  const run = (step: BuildStep, workDir: string) => {
    calls.push({ step, workDir, copied: fs.readdirSync(workDir).sort() });
    const ok = outcomes[step.label] ?? false;
    if (ok) write(path.join(workDir, 'build/Release/better_sqlite3.node'), `built for electron by ${step.label}`);
    return ok;
  };
  return { run, calls };
}

const quiet = { log: () => {} };
const PREBUILT = 'downloading a prebuilt binary';
const COMPILE = "compiling it against Electron's headers";
// node-gyp is found through npm's variable, as under `npm run desktop`.
const npmEnv = () => {
  const nodeGyp = path.join(root, 'npm/node_modules/node-gyp/bin/node-gyp.js');
  write(nodeGyp, '');
  return { npm_config_node_gyp: nodeGyp };
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'electron-native-test-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('where the binding goes', () => {
  it('is .electron-native/<electron version>/better_sqlite3.node in the project', () => {
    expect(bindingPath('/src/bookclub', '45.4.1')).toBe(path.join('/src/bookclub', '.electron-native', '45.4.1', 'better_sqlite3.node'));
  });

  it('follows the installed Electron and better-sqlite3', () => {
    const sqlite = fakeProject('45.4.1', '12.10.1');
    expect(readVersions(root)).toEqual({
      electron: '45.4.1',
      betterSqlite3: '12.10.1',
      betterSqlite3Dir: fs.realpathSync(sqlite),
    });
  });

  it('asks for npm install when Electron is missing', () => {
    write(path.join(root, 'package.json'), '{}');
    expect(() => readVersions(root)).toThrow(NativeBuildError);
    expect(() => readVersions(root)).toThrow('electron is not installed');
  });
});

describe('a binding already built', () => {
  const info = buildInfo({ electron: '45.4.1', betterSqlite3: '12.10.1', betterSqlite3Dir: '' }, 'linux', 'x64');

  function built(stamp: object | null) {
    write(path.join(root, 'better_sqlite3.node'), 'x');
    if (stamp) write(path.join(root, STAMP_FILE), JSON.stringify(stamp));
  }

  it('for the same Electron, better-sqlite3, platform and architecture is kept', () => {
    built(info);
    expect(isUpToDate(root, info)).toBe(true);
  });

  it('for another better-sqlite3 or architecture is not', () => {
    built({ ...info, betterSqlite3: '12.9.0' });
    expect(isUpToDate(root, info)).toBe(false);
    built({ ...info, arch: 'arm64' });
    expect(isUpToDate(root, info)).toBe(false);
  });

  it('without its stamp, or a stamp without its binding, is not', () => {
    built(null);
    expect(isUpToDate(root, info)).toBe(false);
    fs.rmSync(path.join(root, 'better_sqlite3.node'));
    write(path.join(root, STAMP_FILE), JSON.stringify(info));
    expect(isUpToDate(root, info)).toBe(false);
  });
});

describe('the working copy', () => {
  it('has the sources but not the build made for Node', () => {
    const sqlite = fakeProject();
    const work = path.join(root, 'work');
    copySource(sqlite, work);
    expect(fs.readdirSync(work).sort()).toEqual(['binding.gyp', 'package.json', 'src']);
    expect(fs.existsSync(path.join(sqlite, 'build/Release/better_sqlite3.node'))).toBe(true);
  });
});

describe('the build steps', () => {
  it('try a prebuilt binary for Electron first, then compile against its headers', () => {
    const steps = buildSteps({
      electronVersion: '45.4.1',
      prebuildInstall: '/p/prebuild-install/bin.js',
      nodeGyp: '/n/node-gyp.js',
      arch: 'x64',
    });
    expect(steps.map((step) => step.args)).toEqual([
      ['/p/prebuild-install/bin.js', '--runtime=electron', '--target=45.4.1', '--arch=x64'],
      ['/n/node-gyp.js', 'rebuild', '--release', '--runtime=electron', '--target=45.4.1', '--dist-url=https://electronjs.org/headers', '--arch=x64'],
    ]);
    expect(steps.every((step) => step.command === process.execPath)).toBe(true);
  });

  it("build against Electron's headers even when npm passes down a nodedir from the user's npmrc", () => {
    // node-gyp lets npm_config_* variables override its command line.
    const npmEnv = {
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_TARBALL: '/tmp/node.tgz',
      npm_config_target: '20.20.2',
    };
    const env = buildEnv(npmEnv, { electronVersion: '45.4.1', arch: 'arm64' });
    expect(env).toEqual({
      PATH: '/usr/bin',
      npm_config_runtime: 'electron',
      npm_config_target: '45.4.1',
      npm_config_dist_url: 'https://electronjs.org/headers',
      npm_config_arch: 'arm64',
    });
    const steps = buildSteps({
      electronVersion: '45.4.1',
      prebuildInstall: 'p',
      nodeGyp: 'n',
      arch: 'arm64',
      env: npmEnv,
    });
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step.env).toEqual(env);
  });

  it("use npm's node-gyp when run by npm, else the project's, else npm's beside node", () => {
    fakeProject();
    expect(findNodeGyp(root, npmEnv())).toBe(npmEnv().npm_config_node_gyp);

    const inProject = path.join(root, 'node_modules/node-gyp/bin/node-gyp.js');
    write(path.join(root, 'node_modules/node-gyp/package.json'), '{"name":"node-gyp"}');
    write(inProject, '');
    expect(findNodeGyp(root, {})).toBe(fs.realpathSync(inProject));
    fs.rmSync(path.join(root, 'node_modules/node-gyp'), { recursive: true });

    const besideNode = path.join(root, 'usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js');
    write(besideNode, '');
    expect(findNodeGyp(root, {}, path.join(root, 'usr/bin/node'))).toBe(besideNode);
    expect(findNodeGyp(root, {}, path.join(root, 'nowhere/node'))).toBeNull();
  });
});

describe('ensureElectronBinding', () => {
  it('builds into .electron-native from a copy, leaving node_modules built for Node', () => {
    const sqlite = fakeProject();
    const { run, calls } = fakeRun({ [PREBUILT]: true });

    const result = ensureElectronBinding({ projectRoot: root, run, log: quiet, env: npmEnv() });

    const target = bindingPath(root, '45.4.1');
    expect(result).toEqual({ file: target, built: true });
    expect(fs.readFileSync(target, 'utf8')).toBe(`built for electron by ${PREBUILT}`);
    expect(fs.readFileSync(path.join(sqlite, 'build/Release/better_sqlite3.node'), 'utf8')).toBe('built for node');
    expect(calls.map((call) => call.step.label)).toEqual([PREBUILT]);
    expect(calls[0]!.copied).toEqual(['binding.gyp', 'package.json', 'src']);
    expect(fs.existsSync(calls[0]!.workDir)).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(path.dirname(target), STAMP_FILE), 'utf8'))).toEqual({
      electron: '45.4.1',
      betterSqlite3: '12.10.1',
      platform: process.platform,
      arch: process.arch,
    });
  });

  it('compiles when no prebuilt binary can be had', () => {
    fakeProject();
    const { run, calls } = fakeRun({ [PREBUILT]: false, [COMPILE]: true });

    ensureElectronBinding({ projectRoot: root, run, log: quiet, env: npmEnv() });

    expect(calls.map((call) => call.step.label)).toEqual([PREBUILT, COMPILE]);
    expect(fs.readFileSync(bindingPath(root, '45.4.1'), 'utf8')).toBe(`built for electron by ${COMPILE}`);
  });

  it('skips the build on the next launch, and builds again with --force', () => {
    fakeProject();
    const first = fakeRun({ [PREBUILT]: true });
    ensureElectronBinding({ projectRoot: root, run: first.run, log: quiet, env: npmEnv() });

    const second = fakeRun({ [PREBUILT]: true });
    const again = ensureElectronBinding({ projectRoot: root, run: second.run, log: quiet, env: npmEnv() });
    expect(again.built).toBe(false);
    expect(second.calls).toHaveLength(0);

    ensureElectronBinding({ projectRoot: root, force: true, run: second.run, log: quiet, env: npmEnv() });
    expect(second.calls).toHaveLength(1);
  });

  it('builds again after an Electron upgrade, into that version’s folder', () => {
    fakeProject('45.4.1');
    const first = fakeRun({ [PREBUILT]: true });
    ensureElectronBinding({ projectRoot: root, run: first.run, log: quiet, env: npmEnv() });
    fakeProject('45.5.0');

    const { run, calls } = fakeRun({ [PREBUILT]: true });
    const result = ensureElectronBinding({ projectRoot: root, run, log: quiet, env: npmEnv() });

    expect(calls).toHaveLength(1);
    expect(result.file).toBe(bindingPath(root, '45.5.0'));
  });

  it('explains what it tried when every step fails, and leaves nothing behind', () => {
    fakeProject();
    const { run, calls } = fakeRun({});

    let error: unknown;
    try {
      ensureElectronBinding({ projectRoot: root, run, log: quiet, env: npmEnv() });
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(NativeBuildError);
    expect((error as Error).message).toContain('Could not build better-sqlite3 12.10.1 for Electron 45.4.1');
    expect((error as Error).message).toContain('`npm start` and `npm test` still work');
    expect(fs.existsSync(path.join(root, '.electron-native'))).toBe(false);
    expect(calls.every((call) => !fs.existsSync(call.workDir))).toBe(true);
  });
});

describe('staging for the package', () => {
  it('copies the built binding to the folder electron-builder ships, replacing an older one', async () => {
    const { stageForPackage, stagedBindingPath } = await import('./electron-native.mjs');
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-stage-'));
    try {
      const built = path.join(project, 'built.node');
      fs.writeFileSync(built, 'electron build');
      fs.mkdirSync(path.dirname(stagedBindingPath(project)), { recursive: true });
      fs.writeFileSync(path.join(path.dirname(stagedBindingPath(project)), 'stale.node'), 'old');
      const staged = stageForPackage(project, built);
      expect(staged).toBe(path.join(project, '.electron-native', 'package', 'better_sqlite3.node'));
      expect(fs.readFileSync(staged, 'utf8')).toBe('electron build');
      expect(fs.readdirSync(path.dirname(staged))).toEqual(['better_sqlite3.node']);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('the command line', () => {
  it('reads --force and --stage, and refuses anything else rather than skip a step', async () => {
    const { parseFlags } = await import('./electron-native.mjs');
    expect(parseFlags([])).toEqual({ force: false, stage: false });
    expect(parseFlags(['--stage'])).toEqual({ force: false, stage: true });
    expect(parseFlags(['--force', '--stage'])).toEqual({ force: true, stage: true });
    expect(() => parseFlags(['--stag'])).toThrow(NativeBuildError);
    expect(() => parseFlags(['stage'])).toThrow(/Usage: node build\/electron-native.mjs/);
  });
});
