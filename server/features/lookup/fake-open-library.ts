import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests never touch the live service: this server on 127.0.0.1 answers Open Library's documented search
 * (`/search.json?q=&fields=&limit=`, `{ numFound, start, docs: [...] }`, fields left out when unknown) and
 * covers (`/b/id/{id}-L.jpg`) APIs, with the odd corners a client must survive. OPEN_LIBRARY_URL and
 * OPEN_LIBRARY_COVERS_URL point at it.
 */
export interface FakeOpenLibrary {
  url: string;
  /** Every path and query asked, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Queries (as sent, lowercased) that make the fake misbehave. */
export const QUERIES = {
  /** Answers after 5 s: tests set a shorter time limit. */
  slow: 'slow answer',
  /** 500 with an HTML page, as a proxy in front of a failing service answers. */
  failing: 'failing service',
  /** 200 with a body that is not JSON. */
  notJson: 'not json',
  /** Four megabytes of JSON, streamed without a Content-Length. */
  huge: 'huge answer',
  /** Docs with every field of the wrong type, and docs without a key or title. */
  wrongTypes: 'wrong types',
};

export const COVERS = {
  /** A JPEG of 600 × 900. */
  dune: 8231856,
  /** Forwarded within the covers host, as covers.openlibrary.org forwards to where it keeps them. */
  forwarded: 100,
  /** Forwarded to a plain-http address elsewhere: not followed. */
  forwardedAway: 101,
  /** An HTML page where the picture should be. */
  notImage: 102,
};

const DUNE = {
  key: '/works/OL893415W',
  title: 'Dune',
  author_name: ['Frank Herbert'],
  first_publish_year: 1965,
  number_of_pages_median: 604,
  isbn: ['0441172717', '9780441172719'],
  cover_i: COVERS.dune,
};

/** The books a search finds, by a word of the query; in Open Library's shape, fields left out where unknown. */
const CATALOGUE: Record<string, object[]> = {
  dune: [
    DUNE,
    // No author, no cover, no pages: Open Library leaves such fields out.
    { key: '/works/OL17353223W', title: 'Dune: The Graphic Novel', first_publish_year: 2020 },
    {
      key: '/works/OL27448W',
      title: '<b>Dune</b> <script>alert(1)</script> Messiah',
      author_name: ['Frank Herbert', 'Brian Herbert', 'Kevin J. Anderson', 'A Fourth'],
    },
  ],
  čítať: [
    {
      key: '/works/OL1W',
      title: 'Čítať v lete',
      author_name: ['Mária Ďurčová'],
      first_publish_year: 2019,
      number_of_pages_median: 212,
      cover_i: COVERS.forwarded,
    },
  ],
  'isbn:9780441172719': [DUNE],
  'isbn:0441172717': [DUNE],
};

const WRONG_TYPES = [
  { key: 42, title: 'No key' },
  { key: '/works/OL2W' },
  { key: '/authors/OL3A', title: 'Not a work' },
  { key: '/works/OL4W', title: ['Array title'] },
  { key: '/works/OL5W', title: 'Odd fields', author_name: 'Not A List', first_publish_year: '1999', number_of_pages_median: -3, cover_i: 1.5, isbn: [12] },
  'not an object',
];

async function makeCover(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

export async function startFakeOpenLibrary(): Promise<FakeOpenLibrary> {
  const cover = await makeCover();
  const requested: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requested.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/search.json') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      if (q === QUERIES.slow) {
        const timer = setTimeout(() => json(200, { numFound: 0, start: 0, docs: [] }), 5_000);
        timers.add(timer);
        return;
      }
      if (q === QUERIES.failing) return res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      if (q === QUERIES.notJson) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>maintenance</html>');
      if (q === QUERIES.huge) return void streamHuge(res);
      if (q === QUERIES.wrongTypes) return json(200, { numFound: WRONG_TYPES.length, start: 0, docs: WRONG_TYPES });
      const docs = Object.entries(CATALOGUE).find(([word]) => q.includes(word))?.[1] ?? [];
      return json(200, { numFound: docs.length, start: 0, numFoundExact: true, docs });
    }
    const coverId = /^\/b\/id\/(\d+)-L\.jpg$/.exec(url.pathname)?.[1];
    if (coverId === String(COVERS.dune) || url.pathname === '/kept/100.jpg') return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(cover);
    if (coverId === String(COVERS.forwarded)) return res.writeHead(302, { Location: '/kept/100.jpg' }).end();
    if (coverId === String(COVERS.forwardedAway)) return res.writeHead(302, { Location: 'http://covers.example.net/101.jpg' }).end();
    if (coverId === String(COVERS.notImage)) return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<html>not a picture</html>');
    res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function streamHuge(res: http.ServerResponse): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('{"numFound":1,"start":0,"docs":[{"key":"/works/OL1W","title":"');
  const chunk = Buffer.alloc(64 * 1024, 'a');
  for (let i = 0; i < 64 && !res.destroyed; i++) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end('"}]}');
}
