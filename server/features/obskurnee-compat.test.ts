// What Obskurnee's own client and a club's bots rely on beyond SPEC.md (DECISIONS.md "Obskurnee
// compatibility"), each asked as they ask it.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/data-source';
import { addMember } from '../test-support/members';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

let club: TestServer;
beforeEach(async () => {
  club = await startTestServer();
});
afterEach(async () => {
  await club.close();
});

describe('an account without a name is named after its email', () => {
  it('the first admin, set up without a name, is "host", and signs in named so', async () => {
    const setup = await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
    expect(setup.status).toBe(200);
    expect(setup.body.name).toBe('host');
    const login = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(login.body.name).toBe('host');
    const context = await club.call('GET', '/api/accounts/context', { token: login.body.token });
    expect(context.body.name).toBe('host');
  });

  it('the first admin may give a name, as Obskurnee allowed', async () => {
    const setup = await club.call('POST', '/api/accounts/registerfirstadmin', { body: { ...ADMIN, name: '  Hana Hostiteľová ' } });
    expect(setup.body.name).toBe('Hana Hostiteľová');
  });

  it('registeruser without a name (or with a blank one) registers the member named after the address', async () => {
    const mod = await setUpClub(club);
    const bare = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'nora.novak@club.test' } });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ email: 'nora.novak@club.test', name: 'nora.novak' });
    const blank = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'ivo@club.test', name: '   ' } });
    expect(blank.body.name).toBe('ivo');
    const named = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'eva@club.test', name: 'Eva' } });
    expect(named.body.name).toBe('Eva');
    const wrong = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'x@club.test', name: 42 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.name).toEqual(['This value has the wrong type.']);
  });

  it('accounts created with a blank name before are named after their email when the club next starts', async () => {
    await club.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-names-'));
    club = await startTestServer({ dataDir });
    await setUpClub(club);
    const member = await addMember(club, { name: 'Temp' });
    await club.close();
    const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
    sql.prepare(`UPDATE "user" SET "name" = ''`).run();
    // The migration is recorded as done already: run it again as an older club would meet it.
    sql.prepare(`DELETE FROM "migrations" WHERE "name" = 'AccountNames1732320000000'`).run();
    sql.close();
    const db = await openDatabase(dataDir);
    const names = await db.query(`SELECT "email", "name" FROM "user" ORDER BY "email"`);
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(names).toEqual([
      { email: member.email, name: member.email.split('@')[0] },
      { email: ADMIN.email, name: 'host' },
    ].sort((a, b) => (a.email < b.email ? -1 : 1)));
    club = await startTestServer();
  });
});
