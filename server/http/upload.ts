import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { UploadSpec } from '../../shared/api/contract';
import type { AppState } from './context';
import { AppError } from './errors';

/** What a form may carry beside its file: the fields formidable allows (64 KB) and the parts' headers. */
const MULTIPART_ALLOWANCE = 64 * 1024 + 16 * 1024;

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
 * The one place multipart is parsed: a contract's upload, bounded in size. A small file is read into memory
 * (ctx.state.upload), so no temporary file is left behind whatever the request holds (another field name,
 * an aborted upload). A file stored on disk (storage 'disk': a backup) is streamed into `uploadDir` and
 * deleted once the handler is done with it, whatever happened (ctx.state.uploadFile); what a crash leaves
 * there is cleared when the server starts.
 */
export function uploadParser(spec: UploadSpec, uploadDir?: string): Middleware<AppState> {
  const onDisk = spec.storage === 'disk';
  if (onDisk && !uploadDir) throw new Error('An upload stored on disk needs the server to name its folder');
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
      ...(onDisk ? { uploadDir } : { fileWriteStreamHandler: inMemory as never }),
    },
    onError(error) {
      // formidable marks its size refusals with httpCode 413.
      const httpCode = (error as { httpCode?: number }).httpCode;
      throw httpCode === 413 ? new AppError(413, spec.tooLargeKey) : new AppError(400, spec.missingKey);
    },
  });
  return async function upload(ctx, next) {
    // A body that says up front it is larger than the file may be, with every field and header the form may
    // hold, is refused before a byte of it is read (a 3 GB "backup" is not streamed to disk first), and the
    // connection closes with the answer rather than read the rest.
    if (ctx.request.length > spec.maxBytes + MULTIPART_ALLOWANCE) {
      ctx.set('Connection', 'close');
      throw new AppError(413, spec.tooLargeKey);
    }
    if (onDisk) fs.mkdirSync(uploadDir!, { recursive: true, mode: 0o700 });
    const written: string[] = [];
    try {
      await parse(ctx, async () => {
        const files = Object.values(ctx.request.files ?? {}).flat();
        written.push(...files.map((file) => file.filepath).filter((file): file is string => typeof file === 'string'));
        const uploaded = ctx.request.files?.[spec.field];
        const file = Array.isArray(uploaded) ? uploaded[0] : uploaded;
        if (onDisk) {
          if (!file?.filepath) throw new AppError(400, spec.missingKey);
          ctx.state.uploadFile = file.filepath;
        } else {
          const chunks = file && uploadedBytes.get(file);
          if (!chunks) throw new AppError(400, spec.missingKey);
          ctx.state.upload = Buffer.concat(chunks);
        }
        await next();
      });
    } finally {
      // formidable removes a file it refused part-way; what it finished is ours to remove.
      if (onDisk) for (const file of written) fs.rmSync(file, { force: true });
    }
  };
}
