// Types of electron-native.mjs, for its tests and anything else in TypeScript that imports it.

export declare const NATIVE_DIR: string;
export declare const BINDING_FILE: string;
export declare const STAMP_FILE: string;
export declare const ELECTRON_HEADERS_URL: string;

export declare class NativeBuildError extends Error {}

export interface Versions {
  electron: string;
  betterSqlite3: string;
  betterSqlite3Dir: string;
}

export interface BuildInfo {
  electron: string;
  betterSqlite3: string;
  platform: string;
  arch: string;
}

export interface BuildStep {
  label: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export declare function bindingPath(projectRoot: string, electronVersion: string): string;
export declare function readVersions(projectRoot: string): Versions;
export declare function buildInfo(versions: Versions, platform?: string, arch?: string): BuildInfo;
export declare function isUpToDate(outDir: string, info: BuildInfo): boolean;
export declare function copySource(packageDir: string, workDir: string): void;
export declare function findNodeGyp(projectRoot: string, env?: NodeJS.ProcessEnv, execPath?: string): string | null;
export declare function findPrebuildInstall(betterSqlite3Dir: string): string | null;
export declare function buildEnv(baseEnv: NodeJS.ProcessEnv, options: { electronVersion: string; arch?: string }): NodeJS.ProcessEnv;
export declare function buildSteps(options: {
  electronVersion: string;
  prebuildInstall: string | null;
  nodeGyp: string | null;
  arch?: string;
  env?: NodeJS.ProcessEnv;
}): BuildStep[];
export declare function ensureElectronBinding(options: {
  projectRoot: string;
  force?: boolean;
  run?: (step: BuildStep, workDir: string) => boolean;
  log?: Pick<Console, 'log'>;
  env?: NodeJS.ProcessEnv;
}): { file: string; built: boolean };
export function stagedBindingPath(projectRoot: string): string;
export function stageForPackage(projectRoot: string, file: string): string;
export declare function parseFlags(args: string[]): { force: boolean; stage: boolean };
