import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import send from 'koa-send';
import { apiDocsApi } from '../../../shared/api/api-docs';
import { NotFound } from '../../http/errors';
import { ANSWERED, routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import { openApiJson } from './openapi';

/** Where swagger-ui-dist is installed (a dependency; node_modules ships beside the bundle). */
export function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** The files the page may load: a plain name in the package folder with one of these endings. */
const ASSET_NAME = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(?:js|css|png|map)$/i;
const ASSETS = '/api/docs/assets';

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bookclub API</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script>${INIT_SCRIPT}</script>
</body>
</html>
`;

/** Only this server: the page's own scripts (the inline one by its hash), no CDN, no validator badge. */
const PAGE_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${crypto.createHash('sha256').update(INIT_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const implement = routeImplementer<User>();

/**
 * GET /api/openapi.json (the document) and GET /api/docs (Swagger UI on it), for anyone: the document
 * describes the API and reveals no data.
 */
export function apiDocsRoutes() {
  const assetsRoot = swaggerUiDir();
  return implement(apiDocsApi, {
    document: ({ ctx }) => {
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = openApiJson();
      return ANSWERED;
    },

    page: ({ ctx }) => {
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Content-Security-Policy', PAGE_CSP);
      return PAGE;
    },

    asset: async ({ params: { file }, ctx }): Promise<typeof ANSWERED> => {
      // A name with a slash, a leading dot or another ending is nothing we serve; koa-send's root guards too.
      if (!ASSET_NAME.test(file)) throw new NotFound();
      const served = await send(ctx, file, { root: assetsRoot, index: false, maxage: 60 * 60 * 1000 });
      if (!served) throw new NotFound();
      return ANSWERED;
    },
  });
}
