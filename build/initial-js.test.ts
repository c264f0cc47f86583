// build/initial-js.mjs on a small fake build: what index.html loads and what that imports, nothing lazy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryUrls, initialJsBytes, staticImports } from './initial-js.mjs';

let dir: string;

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'initial-js-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the initial JavaScript of a built renderer', () => {
  it('is the entry script, its modulepreloads and their static imports, not the lazy chunks', () => {
    write(
      'index.html',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">\n<link rel="stylesheet" href="/assets/index-c.css">',
    );
    write('assets/index-a.js', 'import{t as e}from"./vendor-b.js";import"./runtime-d.js";const r=()=>import("./route-e.js");e(r);');
    write('assets/vendor-b.js', 'export const t=1;');
    write('assets/runtime-d.js', 'console.log(1);');
    write('assets/route-e.js', 'export default 1;');
    write('assets/index-c.css', 'body{}');

    const result = initialJsBytes(dir);

    expect(result.files.map((f) => f.file)).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/runtime-d.js']);
    const entry = fs.readFileSync(path.join(dir, 'assets/index-a.js'));
    expect(result.files[0]).toEqual({ file: 'assets/index-a.js', raw: entry.length, gzip: gzipSync(entry, { level: 9 }).length });
    expect(result.raw).toBe(result.files.reduce((sum, f) => sum + f.raw, 0));
    expect(result.gzip).toBe(result.files.reduce((sum, f) => sum + f.gzip, 0));
  });

  it('reads script and modulepreload URLs, not stylesheets or other sites', () => {
    expect(
      entryUrls(
        '<script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js"><link rel="stylesheet" href="/c.css"><script src="https://cdn.example/x.js"></script>',
      ),
    ).toEqual(['/a.js', '/b.js']);
  });

  it('stops reading imports at the first statement that is not one', () => {
    expect(staticImports('//#region x\nimport a from "./a.js";\nexport { b } from "./b.js";\nconst c = () => import("./c.js"); import "./d.js";')).toEqual([
      './a.js',
      './b.js',
    ]);
  });
});
