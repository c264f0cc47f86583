import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import type { AppState } from './context';

/** A file of the build, and the precompressed copies the build left beside it. */
interface BuiltFile {
  file: string;
  size: number;
  modified: Date;
  /** `file.br` and `file.gz`, when the build made them. */
  encoded: { br?: BuiltFile; gzip?: BuiltFile };
}

const ENCODED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;
const YEAR_SECONDS = 31_536_000;
/** Where Vite puts the files whose names carry their content's hash. */
const HASHED = '/assets/';

/**
 * The build's hashed files by address, found when the club starts. A page load asks for some sixty of them;
 * finding each on disk again (is it there, is it a file, is there a .br beside it) cost more than sending it.
 * Their content never changes under their name; one a rebuild adds while the club runs is looked for on
 * disk and then known too. The few files whose content may change in place (index.html, the favicon) are
 * looked at on each request.
 */
class BuiltFiles {
  private readonly files = new Map<string, BuiltFile | null>();

  constructor(private readonly rendererDir: string) {
    const hashedDir = path.join(rendererDir, HASHED);
    if (!fs.existsSync(hashedDir)) return;
    for (const entry of fs.readdirSync(hashedDir, { recursive: true, encoding: 'utf8' })) {
      this.find(HASHED + entry.split(path.sep).join('/'));
    }
  }

  /** The file at this address: never outside the folder, never a hidden file. */
  find(address: string): BuiltFile | null {
    const known = this.files.get(address);
    if (known !== undefined) return known;
    const file = path.join(this.rendererDir, path.normalize(address));
    const inside = file.startsWith(this.rendererDir + path.sep) && !address.split('/').some((part) => part.startsWith('.'));
    const stat = inside ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    const found: BuiltFile | null = stat?.isFile() ? { file, size: stat.size, modified: stat.mtime, encoded: {} } : null;
    // A precompressed copy has no copies of its own: only the original is looked at for them.
    if (found && !Object.values(ENCODED_SUFFIXES).some((suffix) => address.endsWith(suffix))) {
      for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES) as [keyof typeof ENCODED_SUFFIXES, string][]) {
        const encoded = this.find(address + suffix);
        if (encoded) found.encoded[encoding] = encoded;
      }
    }
    // Only hashed files that are there are remembered: an address asked for before a rebuild made it is
    // looked for again.
    if (found && address.startsWith(HASHED)) this.files.set(address, found);
    return found;
  }
}

/** Sends a built file, precompressed when the browser takes that encoding, as koa-send did. */
function sendFile(ctx: Context, built: BuiltFile, cacheSeconds: number, immutable: boolean) {
  ctx.vary('Accept-Encoding');
  // Brotli when the browser takes it (the smaller), else gzip, whatever order the browser lists them in.
  const encoding = (Object.keys(ENCODED_SUFFIXES) as (keyof typeof ENCODED_SUFFIXES)[]).find(
    (candidate) => built.encoded[candidate] && ctx.acceptsEncodings(candidate, 'identity') === candidate,
  );
  const sent = encoding ? built.encoded[encoding]! : built;
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.type = path.extname(built.file);
  ctx.set('Cache-Control', `max-age=${cacheSeconds}${immutable ? ',immutable' : ''}`);
  ctx.set('Last-Modified', sent.modified.toUTCString());
  ctx.length = sent.size;
  ctx.body = fs.createReadStream(sent.file);
}

/**
 * Serves the built renderer. Any other GET outside /api and /hubs is a route of the app (a reload on
 * /navrhy/3), answered with index.html so the app's router takes it.
 */
export function serveRenderer(rendererDir: string): Middleware<AppState> {
  const built = new BuiltFiles(path.resolve(rendererDir));
  return async function serveRenderer(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/hubs/')) {
      return next();
    }
    const asset = ctx.path === '/' ? null : built.find(ctx.path);
    if (asset) {
      // Vite's hashed file names never change content: cache them for a year.
      const immutable = ctx.path.startsWith(HASHED);
      sendFile(ctx, asset, immutable ? YEAR_SECONDS : 0, immutable);
      return;
    }
    // A hashed asset that is not there (a page from before an upgrade asking for its old chunk) is a 404, not
    // the app's page: the page's script would get HTML, and it reloads itself on a failed load.
    if (ctx.path.startsWith(HASHED)) return next();
    const indexFile = built.find('/index.html');
    if (!indexFile) return next();
    sendFile(ctx, indexFile, 0, false);
    ctx.set('Cache-Control', 'no-cache');
  };
}
