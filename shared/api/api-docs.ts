import { z } from 'zod';
import { route, textParam } from './contract';

/** The document and the page that browses it: anyone may read them, they reveal no data. */
export const apiDocsApi = {
  document: route({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'API docs',
    summary: 'This OpenAPI 3.1 document.',
    description: 'Anyone may read it: it documents the API and reveals no data.',
    who: 'anonymous',
    answer: { description: 'The OpenAPI document.', schema: z.record(z.string(), z.unknown()) },
  }),
  page: route({
    operationId: 'getApiDocsPage',
    method: 'get',
    path: '/api/docs',
    tag: 'API docs',
    summary: 'A page to browse this document (Swagger UI, served from this server).',
    who: 'anonymous',
    answer: { description: 'An HTML page.', schema: z.string(), mediaTypes: ['text/html'] },
  }),
  asset: route({
    operationId: 'getApiDocsAsset',
    method: 'get',
    path: '/api/docs/assets/{file}',
    tag: 'API docs',
    summary: "A file of the browse page's Swagger UI (script, style sheet, icon or source map).",
    who: 'anonymous',
    params: { file: textParam('A file name of the swagger-ui-dist package.') },
    answer: {
      description: 'The file.',
      schema: z.string(),
      mediaTypes: ['text/javascript', 'text/css', 'image/png', 'application/json'],
    },
    errors: { 404: ['notFound'] },
  }),
};
