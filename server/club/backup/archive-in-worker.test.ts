import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveOptions, makeClubFolder, manifestOf, readArchive } from '../../test-support/club-archives';
import { MaintenanceError } from '../maintenance-error';
import { writeClubArchiveInWorker } from './archive-in-worker';
import { writeClubArchive } from './write-archive';

// A backup made in a worker thread is the backup writeClubArchive makes in this one: the same archive at the
// caller's moment, and the same errors, of the same kind.

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-archive-worker-'));
});
afterEach(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** What a call throws (or null), to compare two calls' failures. */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => null,
    (error: unknown) => error,
  );
}

describe('a whole-club backup in a worker thread', () => {
  it('is the archive made in this thread, at the moment the caller gives', async () => {
    const club = await makeClubFolder(path.join(scratch, 'club'), 'worker');
    const now = () => new Date('2026-11-24T03:00:00.000Z');
    const inWorker = await writeClubArchiveInWorker(path.join(scratch, 'worker.tar.gz'), { ...archiveOptions(club), now });
    const here = await writeClubArchive(path.join(scratch, 'here.tar.gz'), { ...archiveOptions(club), now });

    expect(inWorker.manifest.createdAt).toBe('2026-11-24T03:00:00.000Z');
    expect(inWorker.bytes).toBe(fs.statSync(path.join(scratch, 'worker.tar.gz')).size);
    expect(fs.statSync(path.join(scratch, 'worker.tar.gz')).mode & 0o777).toBe(0o600);
    expect({ ...inWorker.manifest, files: inWorker.manifest.files.map((file) => file.path) }).toEqual({
      ...here.manifest,
      files: here.manifest.files.map((file) => file.path),
    });
    const entries = readArchive(path.join(scratch, 'worker.tar.gz'));
    expect(manifestOf(entries)).toEqual(inWorker.manifest);
    // Nothing left behind: no work folder in the club's, no half file beside the backup.
    expect(fs.readdirSync(club).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(scratch).sort()).toEqual(['club', 'here.tar.gz', 'worker.tar.gz']);
  });

  it('fails as it would in this thread: a MaintenanceError when there is no club, a system error with its code', async () => {
    const empty = path.join(scratch, 'empty');
    const noClub = await thrownBy(() => writeClubArchiveInWorker(path.join(scratch, 'x.tar.gz'), archiveOptions(empty)));
    expect(noClub).toBeInstanceOf(MaintenanceError);
    expect(noClub).toEqual(await thrownBy(() => writeClubArchive(path.join(scratch, 'x.tar.gz'), archiveOptions(empty))));

    const club = await makeClubFolder(path.join(scratch, 'club'), 'worker');
    fs.writeFileSync(path.join(scratch, 'a-file'), '');
    const blocked = path.join(scratch, 'a-file', 'club.tar.gz');
    const inWorker = (await thrownBy(() => writeClubArchiveInWorker(blocked, archiveOptions(club)))) as NodeJS.ErrnoException;
    const here = (await thrownBy(() => writeClubArchive(blocked, archiveOptions(club)))) as NodeJS.ErrnoException;
    expect(inWorker).not.toBeInstanceOf(MaintenanceError);
    expect([inWorker.name, inWorker.message, inWorker.code]).toEqual([here.name, here.message, here.code]);
    expect(inWorker.code).toBeTruthy();
  });
});
