import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Recommendation } from '../../../shared/api/recommendations';
import { deferred, server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { addRecommendationMutation, recommendationFromList, recommendationQuery, recommendationsQuery, updateRecommendationMutation } =
  await import('./queries');

const rec = (recommendationId: number, title: string) => ({ recommendationId, title }) as Recommendation;
let queryClient = testQueryClient();
const titles = () => queryClient.getQueryData(recommendationsQuery.queryKey)?.map((r) => r.title);

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  server.on(API.recommendations.list, () => [rec(2, 'Piranesi'), rec(1, 'Solaris')]);
  await queryClient.fetchQuery(recommendationsQuery);
});

describe('the recommendations on screen', () => {
  it('put a new recommendation first, as the list is newest first', async () => {
    server.on(API.recommendations.create, () => rec(3, 'Middlemarch'));
    await new MutationObserver(queryClient, addRecommendationMutation(queryClient)).mutate({ title: 'Middlemarch' });
    expect(titles()).toEqual(['Middlemarch', 'Piranesi', 'Solaris']);
  });

  it('replace an edited one in the list and on its own page', async () => {
    server.on(API.recommendations.get, () => rec(1, 'Solaris'));
    await queryClient.fetchQuery(recommendationQuery(1));
    server.on(API.recommendations.update, ({ body }) => rec(1, (body as { title: string }).title));
    await new MutationObserver(queryClient, updateRecommendationMutation(queryClient)).mutate({
      recommendationId: 1,
      fields: { title: 'Solaris (new translation)' },
    });
    expect(queryClient.getQueryData(recommendationQuery(1).queryKey)?.title).toBe('Solaris (new translation)');
    expect(titles()).toEqual(['Piranesi', 'Solaris (new translation)']);
    expect(server.callsOf(API.recommendations.update)[0]?.body).toEqual({ title: 'Solaris (new translation)', recommendationId: 1 });
  });

  it('show one the list already has at once, and never show a late answer for one the member has left', async () => {
    expect(recommendationFromList(queryClient, 2)?.title).toBe('Piranesi');
    const late = deferred<Recommendation>();
    server.on(API.recommendations.get, ({ params }) => (params.recommendationId === '2' ? late.promise : rec(1, 'Solaris')));
    const first = queryClient.fetchQuery(recommendationQuery(2));
    await queryClient.fetchQuery(recommendationQuery(1));
    late.resolve(rec(2, 'Piranesi, updated'));
    await first;
    expect(queryClient.getQueryData(recommendationQuery(1).queryKey)?.title).toBe('Solaris');
  });
});
