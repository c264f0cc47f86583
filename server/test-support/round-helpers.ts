import { expect } from 'vitest';
import type { TestServer } from './test-server';

export function bookSuggestion(title: string, extra: Record<string, unknown> = {}) {
  return { title, author: `Author of ${title}`, pageCount: 320, text: `Why we should read *${title}*.`, ...extra };
}

/** A call that must succeed; answers its body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestServer.call: the test names T when it wants the body checked
export async function ok<T = any>(club: TestServer, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await club.call<T>(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
