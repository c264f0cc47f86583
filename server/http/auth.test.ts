import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route, type Caller, type HttpMethod } from '../../shared/api/contract';
import { startMiniApp, type MiniApp } from '../test-support/mini-app';
import type { SignedIn } from './context';
import { routeImplementer } from './route-handlers';

// The guard on a small app of its own, over real HTTP: contract entries declaring each role, as every
// feature's entries do.
let app: MiniApp;
let base: string;
const tokens: Record<string, string> = {};

function guarded(method: HttpMethod, name: string, who: Caller, botsMay?: true) {
  return route({
    operationId: `${method}-${name}`,
    method,
    path: `/api/guarded/${name}`,
    tag: 'Home',
    summary: 'A guarded route.',
    who,
    ...(botsMay ? { botsMay } : {}),
    answer: { description: 'ok', schema: z.object({ ok: z.boolean() }) },
  });
}

const guardedApi = {
  readMember: guarded('get', 'member', 'member'),
  writeMember: guarded('post', 'member', 'member'),
  preview: guarded('put', 'preview', 'member', true),
  moderator: guarded('get', 'moderator', 'moderator'),
  admin: guarded('get', 'admin', 'admin'),
};
const ok = () => ({ ok: true });

beforeAll(async () => {
  app = await startMiniApp(routeImplementer<SignedIn>()(guardedApi, { readMember: ok, writeMember: ok, preview: ok, moderator: ok, admin: ok }));
  base = `${app.base}/api/guarded`;
  tokens.member = await app.tokenFor('member');
  tokens.moderator = await app.tokenFor('moderator', { isModerator: true });
  tokens.admin = await app.tokenFor('admin', { isAdmin: true, isModerator: true });
  tokens.bot = await app.tokenFor('bot', { isBot: true });
});
afterAll(async () => {
  await app.close();
});

async function statusOf(method: string, route: string, who?: string) {
  const headers: Record<string, string> = who ? { Authorization: `Bearer ${tokens[who]}` } : {};
  return (await fetch(base + route, { method, headers })).status;
}

describe('role guards', () => {
  it('a visitor is asked to sign in', async () => {
    expect(await statusOf('GET', '/member')).toBe(401);
    expect(await statusOf('GET', '/moderator')).toBe(401);
  });

  it('a member passes member routes and is refused moderator and admin routes', async () => {
    expect(await statusOf('GET', '/member', 'member')).toBe(200);
    expect(await statusOf('POST', '/member', 'member')).toBe(200);
    expect(await statusOf('GET', '/moderator', 'member')).toBe(403);
    expect(await statusOf('GET', '/admin', 'member')).toBe(403);
  });

  it('a moderator passes moderator routes but not admin routes; an admin passes all', async () => {
    expect(await statusOf('GET', '/moderator', 'moderator')).toBe(200);
    expect(await statusOf('GET', '/admin', 'moderator')).toBe(403);
    expect(await statusOf('GET', '/admin', 'admin')).toBe(200);
    expect(await statusOf('GET', '/moderator', 'admin')).toBe(200);
  });

  it('a bot may read and preview, and nothing else', async () => {
    expect(await statusOf('GET', '/member', 'bot')).toBe(200);
    expect(await statusOf('PUT', '/preview', 'bot')).toBe(200);
    expect(await statusOf('POST', '/member', 'bot')).toBe(403);
    expect(await statusOf('GET', '/moderator', 'bot')).toBe(403);
    expect(await statusOf('GET', '/admin', 'bot')).toBe(403);
  });

  it('the refusal says why, as problem details', async () => {
    const res = await fetch(base + '/moderator', { headers: { Authorization: `Bearer ${tokens.member}` } });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 403, detail: 'Sorry, this is a mods-only area.' });
  });
});
