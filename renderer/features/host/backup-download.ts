import { isProblemDetails } from '../../../shared/api/problem-shape';
import type { Language } from '../../../shared/constants';
import { ApiError } from '../../lib/api';

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

export interface BackupFetchOptions {
  token: string | null;
  language: Language;
  fetch?: typeof fetch;
}

/**
 * A whole-club backup (GET /api/host/backup) as the server made it: the archive's bytes, untouched (the
 * API client reads answers as text), and its name. A refusal throws an ApiError with the server's detail.
 */
export async function fetchBackup({ token, language, fetch: doFetch = (input, init) => fetch(input, init) }: BackupFetchOptions): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = { Accept: 'application/gzip, application/problem+json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await doFetch('/api/host/backup', { headers });
  if (!response.ok) {
    let problem: unknown = null;
    try {
      problem = await response.json();
    } catch {
      problem = null;
    }
    throw new ApiError(response.status, isProblemDetails(problem) ? problem : null);
  }
  return { blob: await response.blob(), fileName: fileNameOfDisposition(response.headers.get('Content-Disposition')) };
}

/** Hands a file to the browser to save (its downloads, or where the member chooses). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
