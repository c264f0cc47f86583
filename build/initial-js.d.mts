// Types of initial-js.mjs, for its tests and the benchmarks that import it.

export interface InitialJsFile {
  /** Relative to the renderer folder, with forward slashes: `assets/index-abc123.js`. */
  file: string;
  raw: number;
  gzip: number;
}

export declare function entryUrls(html: string): string[];
export declare function staticImports(code: string): string[];
export declare function initialJsBytes(rendererDir: string): { files: InitialJsFile[]; raw: number; gzip: number };
