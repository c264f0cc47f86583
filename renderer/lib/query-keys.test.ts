import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { featureKey, routeKey } from './query-keys';

describe('the query keys derived from the contract', () => {
  it('name the feature, the route and what was asked, so two answers of one route keep apart', () => {
    expect(routeKey('books', 'list')).toEqual(['books', 'list']);
    expect(routeKey('books', 'get', { params: { bookId: 3 } })).toEqual(['books', 'get', { params: { bookId: 3 } }]);
    expect(routeKey('books', 'get', { params: { bookId: 3 } })).not.toEqual(routeKey('books', 'get', { params: { bookId: 4 } }));
  });

  it('refresh every answer of a feature by its key, and nothing of another feature', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(routeKey('books', 'list'), []);
    queryClient.setQueryData(routeKey('books', 'get', { params: { bookId: 3 } }), {});
    queryClient.setQueryData(routeKey('rounds', 'list'), []);
    void queryClient.invalidateQueries({ queryKey: featureKey('books') });
    expect(queryClient.getQueryState(routeKey('books', 'list'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(routeKey('books', 'get', { params: { bookId: 3 } }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(routeKey('rounds', 'list'))?.isInvalidated).toBe(false);
  });
});
