// The worker thread pages from other sites are read in (page-reader.ts starts it): each job posted is read
// with the club's own readers, one after another, and answered with what they made of it.
import { parentPort } from 'node:worker_threads';
import { failureOf, yieldToTheServer } from './club/club-worker';
import { readBookPage } from './features/scrape/book-page';
import { readGoodreadsFeed } from './features/shelves/goodreads-feed';
import { MarkupTooComplex } from './features/shelves/markup';
import { ShelfNotUnderstood } from './features/shelves/shelf-book';
import { readStorygraphPage } from './features/shelves/storygraph-page';
import type { PageAnswer, PageJob } from './page-reader';

function read(job: PageJob): unknown {
  const text = new TextDecoder('utf-8').decode(job.body);
  switch (job.kind) {
    case 'goodreadsFeed':
      return readGoodreadsFeed(text);
    case 'storygraphPage':
      return readStorygraphPage(text, job.externalUserId, job.base);
    case 'bookPage':
      return readBookPage(text, job.bookId);
  }
}

function answer(job: PageJob): PageAnswer {
  try {
    return { read: read(job) };
  } catch (error) {
    if (error instanceof MarkupTooComplex) return { refused: 'tooComplex', message: error.message };
    if (error instanceof ShelfNotUnderstood) return { refused: 'notUnderstood', message: error.message };
    return { failure: failureOf(error) };
  }
}

yieldToTheServer();
parentPort!.on('message', (job: PageJob) => parentPort!.postMessage(answer(job)));
// Loaded: the pages' deadlines start now (page-reader.ts).
parentPort!.postMessage({ ready: true });
