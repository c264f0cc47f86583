import type { ApiClient } from '../../lib/api';

/** The file's name when the server names none. */
const FALLBACK_NAME = 'bookclub-backup.tar.gz';

/**
 * The file name an attachment's Content-Disposition gives (RFC 6266: `filename*=UTF-8''…` before
 * `filename="…"`), without any folder in it; `fallback` when it gives none.
 */
export function fileNameOfDisposition(header: string | null, fallback = FALLBACK_NAME): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    name = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain?.[1]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}

/**
 * A whole-club backup (GET /api/host/backup) as the server made it: the archive's bytes, untouched, and its
 * name. Through the API client, so a refusal throws an ApiError with the server's detail, and a 401 ends
 * the session as every other call does.
 */
export async function fetchBackup(client: Pick<ApiClient, 'host'>): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await client.host.backup();
  return { blob, fileName: fileNameOfDisposition(disposition) };
}
