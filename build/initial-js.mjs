// The renderer's initial JavaScript: what a browser must download before the first route renders. That is
// every script and modulepreload link in the built index.html, and whatever those files import statically
// (Vite lists those as modulepreloads already; following the imports keeps the count honest if it stops).
// Chunks loaded with import() later (routes, the other language, the hub client) are not counted.
//
//   node build/initial-js.mjs [dist/renderer]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Local JavaScript URLs in index.html: module scripts and modulepreload links. */
export function entryUrls(html) {
  const urls = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url && !/^[a-z]+:|^\/\//i.test(url)) urls.push(url);
  }
  return urls;
}

/** The specifiers a built module imports statically: the import statements at its top (minified or not). */
export function staticImports(code) {
  const specifiers = [];
  const statement =
    /\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']\s*;?|export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']\s*;?)/y;
  let match;
  while ((match = statement.exec(code)) && match[0].length > 0) {
    const specifier = match[1] ?? match[2];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

/**
 * Sizes of the initial JavaScript of a built renderer: the files (relative to rendererDir, in load order)
 * with their raw and gzip (level 9) bytes, and the totals.
 * @param {string} rendererDir the build output, e.g. dist/renderer
 * @returns {{ files: { file: string, raw: number, gzip: number }[], raw: number, gzip: number }}
 */
export function initialJsBytes(rendererDir) {
  const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const seen = new Set();
  const queue = entryUrls(html).map((url) => path.join(rendererDir, url.split(/[?#]/)[0]));
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file);
    files.push({ file: path.relative(rendererDir, file).split(path.sep).join('/'), raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    for (const specifier of staticImports(code.toString('utf8'))) {
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('/')) queue.push(path.join(rendererDir, specifier));
    }
  }
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** kB as Vite prints them (1000 bytes), so the numbers match its build report. */
function kb(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

function main() {
  const projectRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const rendererDir = path.resolve(process.argv[2] ?? path.join(projectRoot, 'dist/renderer'));
  const { files, raw, gzip } = initialJsBytes(rendererDir);
  for (const f of files) console.log(`${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzip  ${f.file}`);
  console.log(`${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip  initial JavaScript, ${files.length} file(s); ${raw} and ${gzip} bytes`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
