import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder's own validation (its JSON schema), run on our config as `npm run dist` would.
const require = createRequire(import.meta.url);
const { validateConfiguration, getConfig } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<Record<string, unknown>>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled?: boolean) => unknown };

const root = path.resolve(__dirname, '..');

describe('electron-builder.yml', () => {
  it("passes electron-builder's schema", async () => {
    const config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds Linux AppImage and deb, Windows NSIS and macOS dmg, with icons from build/', async () => {
    const config = (await getConfig(root, path.join(root, 'electron-builder.yml'), null)) as {
      linux: { target: string[] };
      win: { target: string };
      mac: { target: string };
      directories: { buildResources: string; output: string };
    };
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
    expect(config.mac.target).toBe('dmg');
    expect(config.directories.buildResources).toBe('build');
    expect(fs.existsSync(path.join(root, 'build', 'icon.png'))).toBe(true);
  });

  it('would refuse a made-up option, so the check has teeth', async () => {
    await expect(validateConfiguration({ appId: 'x', notAnOption: true }, new DebugLogger(false))).rejects.toThrow();
  });
});

describe('native modules when packaging', () => {
  it('never rebuilds node_modules in place, and ships the Electron build of better-sqlite3 as native/', async () => {
    const config = (await getConfig(root, path.join(root, 'electron-builder.yml'), null)) as {
      npmRebuild: boolean;
      extraResources: { from: string; to: string }[];
    };
    expect(config.npmRebuild).toBe(false);
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: '.electron-native/package', to: 'native' }));
  });
});
