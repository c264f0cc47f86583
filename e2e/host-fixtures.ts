import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN } from './fixtures';
import { addMember, setMemberName, type E2eMember } from './members';

export interface HostAndBea {
  /** Hana Host, the club's first admin (a moderator too). */
  admin: ClubApi;
  bea: E2eMember;
  beaApi: ClubApi;
}

/** The club set up by its first admin, Hana Host; answers her, signed in through the API. */
export async function setUpAsHost(club: ClubServer): Promise<ClubApi> {
  await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  return ClubApi.signIn(club, ADMIN.email, ADMIN.password);
}

/** Where most scenes start: a club set up by Hana Host, with Bea Reader as a member; both signed in through the API. */
export async function arrangeHostAndBea(club: ClubServer): Promise<HostAndBea> {
  const admin = await setUpAsHost(club);
  const bea = await addMember(club, { name: 'Bea Reader' });
  return { admin, bea, beaApi: await ClubApi.signIn(club, bea.email, bea.password) };
}

/** One more member, signed in through the API. */
export async function signedInMember(club: ClubServer, name: string): Promise<ClubApi> {
  const member = await addMember(club, { name });
  return ClubApi.signIn(club, member.email, member.password);
}
