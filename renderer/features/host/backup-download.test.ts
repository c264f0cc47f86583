import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../lib/api';
import { fetchBackup, fileNameOfDisposition } from './backup-download';

describe('the name a backup is saved under', () => {
  it('is the one the server gives', () => {
    expect(fileNameOfDisposition('attachment; filename="bookclub-backup-2026-03-01T0800.tar.gz"')).toBe('bookclub-backup-2026-03-01T0800.tar.gz');
    expect(fileNameOfDisposition('attachment; filename=bookclub-backup.tar.gz')).toBe('bookclub-backup.tar.gz');
  });

  it('prefers the encoded name, which may hold any letter', () => {
    expect(fileNameOfDisposition(`attachment; filename="kniznica.tar.gz"; filename*=UTF-8''kni%C5%BEnica.tar.gz`)).toBe('knižnica.tar.gz');
  });

  it('never names a folder to save into', () => {
    expect(fileNameOfDisposition('attachment; filename="../../etc/club.tar.gz"')).toBe('club.tar.gz');
    expect(fileNameOfDisposition('attachment; filename=C:\\Users\\host\\club.tar.gz')).toBe('club.tar.gz');
    expect(fileNameOfDisposition('attachment; filename=".."')).toBe('bookclub-backup.tar.gz');
  });

  it('falls back to a plain name when the server gives none', () => {
    expect(fileNameOfDisposition(null)).toBe('bookclub-backup.tar.gz');
    expect(fileNameOfDisposition('attachment')).toBe('bookclub-backup.tar.gz');
    expect(fileNameOfDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'backup.tar.gz')).toBe('backup.tar.gz');
  });
});

/** The API client as the app makes it, with the admin's token and language, answering from `fetch`. */
function adminClient(
  fetch: typeof globalThis.fetch,
  options: { token?: string | null; language?: 'en' | 'sk'; onUnauthorized?: (token: string) => void } = {},
) {
  const { token = 'admin-token', language = 'en', onUnauthorized } = options;
  return createApiClient({ getToken: () => token, getLanguage: () => language, fetch, onUnauthorized });
}

describe('downloading a backup', () => {
  it('sends the admin’s token and language, and keeps the archive’s bytes as they came', async () => {
    const bytes = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x80]);
    let sent: RequestInit | undefined;
    const { blob, fileName } = await fetchBackup(
      adminClient(
        async (input, init) => {
          expect(String(input)).toBe('/api/host/backup');
          sent = init;
          return new Response(bytes, {
            headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': 'attachment; filename="bookclub-backup-2026-03-01.tar.gz"' },
          });
        },
        { language: 'sk' },
      ),
    );
    expect(sent?.headers).toMatchObject({ Authorization: 'Bearer admin-token', 'Accept-Language': 'sk', Accept: 'application/gzip, application/problem+json' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(fileName).toBe('bookclub-backup-2026-03-01.tar.gz');
  });

  it('throws the server’s refusal with its translated detail', async () => {
    const detail = 'A backup or a restore is already under way. Try again when it has finished.';
    const refused = fetchBackup(
      adminClient(async () =>
        Response.json({ status: 409, title: 'Conflict', detail }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 409, message: detail });
  });

  it('throws a refusal without details as its status', async () => {
    const refused = fetchBackup(adminClient(async () => new Response('Bad gateway', { status: 502 }), { token: null }));
    await expect(refused).rejects.toMatchObject({ status: 502, problem: null });
  });

  it('ends the session when the admin’s token no longer works, as every other call does', async () => {
    const onUnauthorized = vi.fn();
    const refused = fetchBackup(
      adminClient(async () => Response.json({ status: 401, title: 'x', detail: 'y' }, { status: 401 }), { token: 'revoked', onUnauthorized }),
    );
    await expect(refused).rejects.toMatchObject({ status: 401, sessionEnded: true });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('revoked');
  });
});
