// The baseline: a bare node:http server that answers every request with one captured answer (status,
// headers, body bytes), as fast as Node can. Run as a child process by the reads benchmark
// (`node dist/bench/bare-http-server.js <answer.json>`); it tells its parent its port over IPC.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface AnswerFile {
  status: number;
  headers: [string, string][];
  body: string;
}

const answer = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as AnswerFile;
const body = Buffer.from(answer.body, 'base64');
// Node adds Date and Connection itself; the length is the body's, so the baseline never chunks.
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const headers = answer.headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()));

const server = http.createServer((_request, response) => {
  response.statusCode = answer.status;
  for (const [name, value] of headers) response.appendHeader(name, value);
  response.setHeader('Content-Length', body.length);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
