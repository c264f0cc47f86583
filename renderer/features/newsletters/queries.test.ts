import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { NewsletterName } from '../../../shared/api/newsletters';
import { refusal, server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { mySubscriptionsQuery, subscribersQuery, subscriptionMutation } = await import('./queries');

let queryClient = testQueryClient();
const mine = () => queryClient.getQueryData(mySubscriptionsQuery.queryKey);
const lists = (...names: NewsletterName[]) => names;
const change = (list: NewsletterName, subscribe: boolean) => new MutationObserver(queryClient, subscriptionMutation(queryClient)).mutate({ list, subscribe });

describe('the member’s newsletters', () => {
  beforeEach(async () => {
    server.reset();
    queryClient = testQueryClient();
    server.on(API.newsletters.mine, () => lists('basicevents'));
    server.on(API.newsletters.all, () => ({ basicevents: [], allevents: [] }));
    await queryClient.fetchQuery(mySubscriptionsQuery);
    await queryClient.fetchQuery(subscribersQuery);
  });

  it('shows the lists the server answers after subscribing, and reads who gets each again', async () => {
    server.on(API.newsletters.subscribe, () => lists('basicevents', 'allevents'));
    await change('allevents', true);
    expect(server.callsOf(API.newsletters.subscribe)[0]?.params).toEqual({ listName: 'allevents' });
    expect(mine()).toEqual(['basicevents', 'allevents']);
    expect(queryClient.getQueryState(subscribersQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('unsubscribes through its own route', async () => {
    server.on(API.newsletters.unsubscribe, () => lists());
    await change('basicevents', false);
    expect(server.callsOf(API.newsletters.unsubscribe)).toHaveLength(1);
    expect(mine()).toEqual([]);
  });

  it('keeps the lists as they were when the server refuses the change', async () => {
    server.on(API.newsletters.subscribe, () => {
      throw refusal(404, 'No such newsletter');
    });
    await expect(change('allevents', true)).rejects.toThrow('No such newsletter');
    expect(mine()).toEqual(['basicevents']);
  });
});
