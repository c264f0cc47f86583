import { afterEach, beforeEach } from 'vitest';
import { addMember, type TestMember } from './members';
import { setUpClub, startTestServer, type TestServer } from './test-server';

export interface ClubWithMember {
  club: TestServer;
  /** The admin's token; the admin is a moderator too. */
  mod: string;
  ann: TestMember;
}

/**
 * A fresh club for each of the file's tests, set up: its admin's token and Ann, a member; closed after
 * the test. Call once at the top of a test file. The fields are set before each test: read them inside
 * tests, not at the top of the file.
 */
export function useClubWithMember(): ClubWithMember {
  const given = {} as ClubWithMember;
  beforeEach(async () => {
    given.club = await startTestServer();
    given.mod = await setUpClub(given.club);
    given.ann = await addMember(given.club, { name: 'Ann' });
  });
  afterEach(async () => {
    await given.club?.close();
  });
  return given;
}
