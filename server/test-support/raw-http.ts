import http from 'node:http';

/** Body: what the test expects the JSON (or text) to be; unknown until it says. */
export interface RawAnswer<Body = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Body;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
}

/**
 * One HTTP request from a chosen client address (`localAddress`: any 127.0.0.x on Linux), so tests can be
 * several clients on one machine; fetch cannot choose its source address.
 */
export function requestFrom<Body = unknown>(
  url: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<RawAnswer<Body>> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.from,
        agent: false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body as Body, ms: performance.now() - started });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 15_000} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}
