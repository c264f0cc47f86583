import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { UploadSpec } from '../../shared/api/contract';
import type { AppState } from './context';
import { AppError } from './errors';

/** Uploaded files' bytes, kept in memory by the upload parser: nothing is ever written to disk. */
const uploadedBytes = new WeakMap<object, Buffer[]>();

function inMemory(file: object): Writable {
  const chunks: Buffer[] = [];
  uploadedBytes.set(file, chunks);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
}

/**
 * The one place multipart is parsed: a contract's upload, bounded in size, into memory, so no temporary
 * file is left behind whatever the request holds (another field name, an aborted upload). The file's
 * bytes end up in ctx.state.upload.
 */
export function uploadParser(spec: UploadSpec): Middleware<AppState> {
  const parse = koaBody({
    multipart: true,
    json: false,
    text: false,
    urlencoded: false,
    formidable: {
      maxFileSize: spec.maxBytes,
      maxTotalFileSize: spec.maxBytes,
      maxFiles: 1,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      fileWriteStreamHandler: inMemory as never,
    },
    onError(error) {
      // formidable marks its size refusals with httpCode 413.
      const httpCode = (error as { httpCode?: number }).httpCode;
      throw httpCode === 413 ? new AppError(413, spec.tooLargeKey) : new AppError(400, spec.missingKey);
    },
  });
  return async function upload(ctx, next) {
    await parse(ctx, async () => {
      const uploaded = ctx.request.files?.[spec.field];
      const file = Array.isArray(uploaded) ? uploaded[0] : uploaded;
      const chunks = file && uploadedBytes.get(file);
      if (!chunks) throw new AppError(400, spec.missingKey);
      ctx.state.upload = Buffer.concat(chunks);
      await next();
    });
  };
}
