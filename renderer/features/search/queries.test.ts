import { QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { SearchResult } from '../../../shared/api/search';
import { deferred, refusal, server, testQueryClient, type FakeCall } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { searchQuery, searchView } = await import('./queries');
const { useSearchStore } = await import('./search.store');
const { ALL_KINDS } = await import('./search-request');

const result = (title: string) => ({ kind: 'Rec', recommendationId: 1, title, rank: 1 }) as SearchResult;
const store = () => useSearchStore.getState();

let queryClient = testQueryClient();
let observer: QueryObserver<never>;

/** The search page, as far as the data goes: it follows the store's request and shows the view of its query. */
function page() {
  observer = new QueryObserver(queryClient, searchQuery(store().searched) as never);
  const stop = observer.subscribe(() => {});
  const unfollow = useSearchStore.subscribe((state) => observer.setOptions(searchQuery(state.searched) as never));
  return {
    view: () => searchView(store().searched, observer.getCurrentResult()),
    close() {
      unfollow();
      stop();
    },
  };
}

/** Each search waits until the test answers it. */
function pendingSearches() {
  const pending: { call: FakeCall; signal: AbortSignal; answer(results: SearchResult[]): void; fail(error: unknown): void }[] = [];
  server.on(API.search.search, (call) => {
    const answer = deferred<SearchResult[]>();
    pending.push({ call, signal: call.signal!, answer: answer.resolve, fail: answer.reject });
    return answer.promise;
  });
  return pending;
}

const searchedFor = () => server.callsOf(API.search.search).map((call) => call.query.get('query'));

beforeEach(() => {
  server.reset();
  queryClient = testQueryClient();
  useSearchStore.setState({ term: '', kinds: ALL_KINDS, searched: null });
});

describe('searching as the member types', () => {
  it('shows the answer to the latest term, never a stale one that comes later', async () => {
    const pending = pendingSearches();
    const shown = page();
    store().setTerm('sol');
    store().search();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    store().setTerm('solaris');
    store().search();
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(searchedFor()).toEqual(['sol', 'solaris']);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.answer([result('Solaris')]);
    pending[0]!.answer([result('Solar power')]);
    await vi.waitFor(() => expect(shown.view().status).toBe('ready'));
    expect(shown.view().results.map((r) => r.title)).toEqual(['Solaris']);
    expect(shown.view().shown?.query).toBe('solaris');
    shown.close();
  });

  it('clears the results at once when the term falls below 3 characters, and drops the search under way', async () => {
    const pending = pendingSearches();
    const shown = page();
    store().setTerm('solaris');
    store().search();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.answer([result('Solaris')]);
    await vi.waitFor(() => expect(shown.view().status).toBe('ready'));
    store().setTerm('solarium');
    store().search();
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    store().setTerm('so');
    expect(shown.view()).toMatchObject({ results: [], status: 'idle' });
    expect(pending[1]!.signal.aborted).toBe(true);
    pending[1]!.answer([result('Solarium')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown.view().results).toEqual([]);
    shown.close();
  });

  it('sends nothing for a short term or with no kind ticked', async () => {
    const shown = page();
    store().setTerm('  so ');
    store().search();
    store().setTerm('solaris');
    store().setKinds({ Post: false, Rec: false });
    store().search();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.callsOf(API.search.search)).toHaveLength(0);
    shown.close();
  });

  it('asks for the ticked kind only', async () => {
    server.on(API.search.search, () => []);
    const shown = page();
    store().setTerm('solaris');
    store().setKinds({ Post: false, Rec: true });
    store().search();
    await vi.waitFor(() => expect(server.callsOf(API.search.search)).toHaveLength(1));
    const [call] = server.callsOf(API.search.search);
    expect([call!.query.get('query'), call!.query.getAll('kind')]).toEqual(['solaris', ['Rec']]);
    shown.close();
  });

  it('does not repeat a search whose answer is shown', async () => {
    server.on(API.search.search, () => [result('Solaris')]);
    const shown = page();
    store().setTerm('solaris');
    store().search();
    await vi.waitFor(() => expect(shown.view().status).toBe('ready'));
    store().setTerm(' solaris ');
    store().search();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.callsOf(API.search.search)).toHaveLength(1);
    shown.close();
  });

  it('reports the latest search’s failure and shows no results', async () => {
    server.on(API.search.search, () => {
      throw refusal(400, 'A quotation mark is not closed.');
    });
    const shown = page();
    store().setTerm('"solaris');
    store().search();
    await vi.waitFor(() => expect(shown.view().status).toBe('failed'));
    expect(shown.view().results).toEqual([]);
    expect((shown.view().error as Error).message).toContain('not closed');
    shown.close();
  });
});
