import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../shared/api/search';
import type { SearchRequest } from './search-request';

vi.mock('./search.service', () => ({ searchService: { search: vi.fn() } }));

const { searchService } = await import('./search.service');
const { useSearchStore } = await import('./search.store');
const { ALL_KINDS } = await import('./search-request');

const result = (title: string) => ({ kind: 'Rec', recommendationId: 1, title, rank: 1 }) as SearchResult;
const store = () => useSearchStore.getState();

/** Each search waits until the test answers it. */
function pendingSearches() {
  const pending: { request: SearchRequest; signal: AbortSignal; answer(results: SearchResult[]): void; fail(error: unknown): void }[] = [];
  vi.mocked(searchService.search).mockImplementation(
    (request, signal) => new Promise((answer, fail) => pending.push({ request, signal: signal!, answer, fail })),
  );
  return pending;
}

beforeEach(() => {
  vi.mocked(searchService.search).mockReset();
  useSearchStore.setState({ term: '', kinds: ALL_KINDS, shown: null, results: [], status: 'idle', error: null });
});

describe('searching as the member types', () => {
  it('shows the answer to the latest term, never a stale one that comes later', async () => {
    const pending = pendingSearches();
    store().setTerm('sol');
    const first = store().run();
    store().setTerm('solaris');
    const second = store().run();
    expect(pending.map((p) => p.request.query)).toEqual(['sol', 'solaris']);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.answer([result('Solaris')]);
    await second;
    pending[0]!.answer([result('Solar power')]);
    await first;
    expect(store().results.map((r) => r.title)).toEqual(['Solaris']);
    expect(store().shown?.query).toBe('solaris');
    expect(store().status).toBe('ready');
  });

  it('clears the results at once when the term falls below 3 characters, and drops the search under way', async () => {
    const pending = pendingSearches();
    store().setTerm('solaris');
    const done = store().run();
    pending[0]!.answer([result('Solaris')]);
    await done;
    store().setTerm('solarium');
    const late = store().run();
    store().setTerm('so');
    expect(store().results).toEqual([]);
    expect(store().status).toBe('idle');
    expect(pending[1]!.signal.aborted).toBe(true);
    pending[1]!.answer([result('Solarium')]);
    await late;
    expect(store().results).toEqual([]);
  });

  it('sends nothing for a short term or with no kind ticked', async () => {
    store().setTerm('  so ');
    await store().run();
    store().setTerm('solaris');
    store().setKinds({ Post: false, Rec: false });
    await store().run();
    expect(searchService.search).not.toHaveBeenCalled();
  });

  it('asks for the ticked kind only', async () => {
    vi.mocked(searchService.search).mockResolvedValue([]);
    store().setTerm('solaris');
    store().setKinds({ Post: false, Rec: true });
    await store().run();
    expect(vi.mocked(searchService.search).mock.calls[0]![0]).toEqual({ query: 'solaris', kinds: ['Rec'] });
  });

  it('does not repeat a search whose answer is shown', async () => {
    vi.mocked(searchService.search).mockResolvedValue([result('Solaris')]);
    store().setTerm('solaris');
    await store().run();
    store().setTerm(' solaris ');
    await store().run();
    expect(searchService.search).toHaveBeenCalledTimes(1);
  });

  it('reports the latest search’s failure and shows no results', async () => {
    vi.mocked(searchService.search).mockRejectedValue(new Error('A quotation mark is not closed.'));
    store().setTerm('"solaris');
    await expect(store().run()).rejects.toThrow('not closed');
    expect(store().status).toBe('failed');
    expect(store().results).toEqual([]);
  });
});
