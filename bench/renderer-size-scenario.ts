// The renderer's initial JavaScript as a browser downloads it before the first page shows, compressed:
// counted by build/initial-js.mjs (index.html's scripts and modulepreloads and their static imports) on
// the built renderer in dist/renderer.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from './club-server-process';

export interface RendererSizeResult {
  rendererDir: string;
  /** When the measured build was made. */
  builtAt: string;
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

type InitialJs = typeof import('../build/initial-js.mjs');

export async function measureRendererSize(): Promise<RendererSizeResult> {
  const rendererDir = path.join(PROJECT_ROOT, 'dist/renderer');
  const counter = path.join(PROJECT_ROOT, 'build/initial-js.mjs');
  if (!fs.existsSync(counter)) throw new Error('build/initial-js.mjs is missing');
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) throw new Error('dist/renderer/index.html is missing: run npm run build:renderer first');
  // Loaded at run time from the project, not bundled: it is the build's own script.
  const { initialJsBytes } = (await import(pathToFileURL(counter).href)) as InitialJs;
  const { files, raw, gzip } = initialJsBytes(rendererDir);
  return {
    rendererDir: path.relative(PROJECT_ROOT, rendererDir),
    builtAt: fs.statSync(path.join(rendererDir, 'index.html')).mtime.toISOString(),
    files,
    raw,
    gzip,
  };
}
