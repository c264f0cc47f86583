import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_SIZE } from '../../../shared/api/users';
import { AppError, Invalid } from '../../http/errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Turns an uploaded photo into the club's 100 x 100 avatar: the format is read from the bytes (never the
 * file name), the picture is turned upright, cropped to its centre and scaled, and saved as WebP under a
 * new random name, so a browser never shows a stale cached avatar.
 */
export async function saveAvatar(upload: Buffer, avatarsDir: string, userId: string): Promise<string> {
  // Loaded on the first upload, not at start: image processing is the heaviest module the server has
  // (~180 ms of a cold start), and most starts never see an avatar.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(upload).metadata()).format;
  } catch {
    throw new AppError(400, 'avatarNotImage');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError(400, 'avatarNotImage');
  let avatar: Buffer;
  try {
    // failOn 'truncated': a cut-off upload is refused rather than saved half grey.
    avatar = await sharp(upload, { failOn: 'truncated', animated: false, limitInputPixels: 64_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new Invalid('avatarBroken');
  }
  fs.mkdirSync(avatarsDir, { recursive: true, mode: 0o700 });
  const file = `${userId}-${crypto.randomBytes(6).toString('hex')}.webp`;
  fs.writeFileSync(path.join(avatarsDir, file), avatar, { mode: 0o600 });
  return file;
}

export function removeAvatar(avatarsDir: string, file: string | null): void {
  if (!file || file.includes('/') || file.includes('\\')) return;
  fs.rmSync(path.join(avatarsDir, file), { force: true });
}
