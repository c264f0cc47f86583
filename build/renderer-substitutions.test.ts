// What the renderer's build (renderer/vite.config.ts) puts in place of three dependencies of the first page
// still holds for the installed versions: each stand-in does what the module it replaces does here.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const modules = path.join(root, 'node_modules');
const require = createRequire(path.join(root, 'renderer/main.tsx'));

describe('the class names AppShell takes from react-remove-scroll (appShellScrollClassNames)', () => {
  const appShell = path.join(modules, '@mantine/core/esm/components/AppShell');
  const importers = fs
    .readdirSync(appShell, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => ({ file, code: fs.readFileSync(path.join(appShell, file), 'utf8') }))
    .filter(({ code }) => code.includes('react-remove-scroll'));

  it('are all AppShell uses of it: its parts read RemoveScroll.classNames and nothing else', () => {
    expect(importers.map(({ file }) => file).length).toBeGreaterThan(0);
    for (const { file, code } of importers) {
      expect(code, file).toMatch(/^import \{ RemoveScroll \} from "react-remove-scroll";$/m);
      const uses = code.split('\n').filter((line) => !line.startsWith('import ') && line.includes('RemoveScroll'));
      for (const line of uses) expect(line.replaceAll(/RemoveScroll\.classNames\.(zeroRight|fullWidth)\b/g, ''), file).not.toContain('RemoveScroll');
    }
  });

  it('are the scroll lock’s own, read from the constants it reads them from', async () => {
    const { RemoveScroll } = await import(pathToModule('react-remove-scroll'));
    const constants = await import(pathToModule('react-remove-scroll-bar/constants'));
    expect(RemoveScroll.classNames).toEqual({ fullWidth: constants.fullWidthClassName, zeroRight: constants.zeroRightClassName });
  });
});

describe('use-sync-external-store/shim (syncExternalStoreFromReact)', () => {
  it('answers React’s own hook, which the React installed has', async () => {
    const React = await import('react');
    expect(typeof React.useSyncExternalStore).toBe('function');
    expect(require('use-sync-external-store/shim').useSyncExternalStore).toBe(require('react').useSyncExternalStore);
  });
});

describe('react-router’s production build (reactRouterProductionBuild)', () => {
  const dist = path.join(modules, 'react-router/dist');

  /** A build's ES modules (what a bundler takes), by name. */
  function esModules(build: 'development' | 'production') {
    return fs
      .readdirSync(path.join(dist, build))
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => ({ file, code: fs.readFileSync(path.join(dist, build, file), 'utf8') }));
  }

  /** The dev-warnings switches a build sets. */
  function switches(build: 'development' | 'production'): Set<string> {
    return new Set(esModules(build).flatMap(({ code }) => code.match(/^var ENABLE_DEV_WARNINGS = \w+;$/gm) ?? []));
  }

  /** A build's modules with chunk names taken out (each build hashes its own) and the dev-warnings switch set to `on`. */
  function normalized(build: 'development' | 'production'): string[] {
    return esModules(build)
      .map(({ file, code }) => {
        const text = code
          .replaceAll(/chunk-[A-Z0-9]+\.mjs/g, 'chunk.mjs')
          .replace(/^var ENABLE_DEV_WARNINGS = (true|false);$/m, 'var ENABLE_DEV_WARNINGS = on;');
        return `${file.startsWith('chunk-') ? 'chunk' : file}\n${text}`;
      })
      .sort();
  }

  it('differs from the development build the package names only in ENABLE_DEV_WARNINGS', () => {
    expect(switches('development')).toEqual(new Set(['var ENABLE_DEV_WARNINGS = true;']));
    expect(switches('production')).toEqual(new Set(['var ENABLE_DEV_WARNINGS = false;']));
    const development = normalized('development');
    expect(development.length).toBeGreaterThan(0);
    expect(normalized('production')).toEqual(development);
  });
});

/** The ES module a bare specifier names for a bundler (its package's "module" field), as a path to import. */
function pathToModule(specifier: string): string {
  const packageJson = require.resolve(`${specifier}/package.json`);
  const manifest = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { module?: string; main?: string };
  return path.join(path.dirname(packageJson), manifest.module ?? manifest.main ?? 'index.js');
}
