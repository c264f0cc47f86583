import http from 'node:http';
import type { FuzzCase } from './openapi-cases';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Sends one case with node:http, which (unlike fetch) sends a body with any method, a path exactly as
 * encoded, and a chunked body when asked. An answer that takes longer than `timeoutMs` is an error.
 */
export function send(baseUrl: string, fuzzCase: FuzzCase, method: string, token: string | undefined, timeoutMs = 15_000): Promise<Answer> {
  const base = new URL(baseUrl);
  const headers: Record<string, string | number> = { Accept: 'application/json', ...fuzzCase.headers };
  if (token && !fuzzCase.ownToken) headers.Authorization = `Bearer ${token}`;
  if (fuzzCase.body && !fuzzCase.chunked) headers['Content-Length'] = fuzzCase.declaredLength ?? fuzzCase.body.length;
  if (fuzzCase.chunked) headers['Transfer-Encoding'] = 'chunked';
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      // A body shorter than its announced length leaves its connection unusable for the next case: its own.
      { host: base.hostname, port: base.port, method, path: fuzzCase.path, headers, agent: fuzzCase.declaredLength === undefined ? agent : false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    if (fuzzCase.body && fuzzCase.chunked) {
      // Two chunks, so the server cannot take the first for the whole.
      const half = Math.floor(fuzzCase.body.length / 2);
      request.write(fuzzCase.body.subarray(0, half));
      request.end(fuzzCase.body.subarray(half));
    } else {
      request.end(fuzzCase.body);
    }
  });
}

export function closeAgent(): void {
  agent.destroy();
}

export interface Expectations {
  /** The caller's role may not call this route (per `x-role` / `x-bots`): it must never answer 2xx. */
  refusedRole: boolean;
  /** The route hashes passwords: 503 with Retry-After is allowed (the hashing queue is full). */
  hashes: boolean;
}

/** What is wrong with an answer: nothing for a 2xx; a 4xx must be problem details that agree with it. */
export function problemsWith(answer: Answer, expectations: Expectations): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const type = String(answer.headers['content-type'] ?? '');
  const isProblem = () => {
    if (!type.startsWith('application/problem+json')) problems.push(`content type is "${type}", not application/problem+json`);
    const body = answer.json as { status?: unknown; title?: unknown; detail?: unknown } | undefined;
    if (!body || typeof body !== 'object') {
      problems.push('the body is not a JSON object');
      return;
    }
    if (typeof body.status !== 'number' || body.status !== status) problems.push(`body status ${JSON.stringify(body.status)} differs from HTTP ${status}`);
    if (typeof body.title !== 'string' || !body.title.trim()) problems.push('title missing or empty');
    if (typeof body.detail !== 'string' || !body.detail.trim()) problems.push('detail missing or empty');
  };
  if (status >= 200 && status < 300) {
    if (expectations.refusedRole) problems.push(`answered ${status}, though this role may not call the route`);
  } else if (status >= 400 && status < 500) {
    isProblem();
  } else if (status === 503 && expectations.hashes) {
    if (!answer.headers['retry-after']) problems.push('503 without Retry-After');
    isProblem();
  } else {
    problems.push(`answered ${status}`);
  }
  return problems;
}
