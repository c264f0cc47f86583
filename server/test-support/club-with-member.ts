import { addMember, type TestMember } from './members';
import { setUpClub, startTestServer, type TestServer } from './test-server';

/** A fresh club, set up: its admin's token (the admin is a moderator too) and Ann, a member. */
export async function startClubWithMember(): Promise<{ club: TestServer; mod: string; ann: TestMember }> {
  const club = await startTestServer();
  const mod = await setUpClub(club);
  const ann = await addMember(club, { name: 'Ann' });
  return { club, mod, ann };
}
