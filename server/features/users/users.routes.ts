import { Writable } from 'node:stream';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { AVATAR_MAX_BYTES } from '../../../shared/api/users';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { AppError } from '../../http/errors';
import { idParam } from '../../http/params';
import type { UsersService } from './users.service';

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
 * The one place multipart is parsed: the avatar upload, bounded in size, into memory (at most 5 MB), so
 * no temporary file is left behind whatever the request holds (another field name, an aborted upload).
 */
const avatarUpload = koaBody({
  multipart: true,
  json: false,
  text: false,
  urlencoded: false,
  formidable: {
    maxFileSize: AVATAR_MAX_BYTES,
    maxTotalFileSize: AVATAR_MAX_BYTES,
    maxFiles: 1,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: false,
    fileWriteStreamHandler: inMemory as never,
  },
  onError(error) {
    // formidable marks its size refusals with httpCode 413.
    const httpCode = (error as { httpCode?: number }).httpCode;
    throw httpCode === 413 ? new AppError(413, 'avatarTooLarge') : new AppError(400, 'avatarMissing');
  },
});

export function usersRoutes(users: UsersService) {
  const router = new Router<AppState>({ prefix: '/users' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await users.list(ctx.state.user!);
  });

  router.post('/language', requireRole('member'), async (ctx) => {
    ctx.body = await users.setLanguage(ctx.state.user!, ctx.request.body);
  });

  router.post('/avatar', requireRole('member'), avatarUpload, async (ctx) => {
    const upload = ctx.request.files?.avatar;
    const file = Array.isArray(upload) ? upload[0] : upload;
    const chunks = file && uploadedBytes.get(file);
    if (!chunks) throw new AppError(400, 'avatarMissing');
    ctx.body = await users.setAvatar(ctx.state.user!, Buffer.concat(chunks));
  });

  router.post('/:email', requireRole('member'), async (ctx) => {
    ctx.body = await users.update(ctx.state.user!, ctx.params.email!, ctx.request.body);
  });

  return router;
}

/** GET /api/reviews/currentlyreading (Obskurnee's path) and the member's own entries. */
export function currentlyReadingRoutes(users: UsersService) {
  const router = new Router<AppState>({ prefix: '/reviews/currentlyreading' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await users.currentlyReading();
  });

  router.post('/', requireRole('member'), async (ctx) => {
    ctx.body = await users.addReading(ctx.state.user!, ctx.request.body);
  });

  router.delete('/:entryId', requireRole('member'), async (ctx) => {
    await users.removeReading(ctx.state.user!, idParam(ctx.params.entryId, 'entryNotFound'));
    ctx.body = true;
  });

  return router;
}
