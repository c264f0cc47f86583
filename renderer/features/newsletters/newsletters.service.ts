import type { NewsletterName, NewsletterSubscribers } from '../../../shared/api/newsletters';
import { api } from '../../lib/api-client';

export const newslettersService = {
  /** The lists the caller is subscribed to. */
  mine: () => api.get<NewsletterName[]>('/api/newsletters'),
  /** Always the caller's own subscription; answers the caller's lists. */
  subscribe: (list: NewsletterName) => api.post<NewsletterName[]>(`/api/newsletters/${list}/subscribe`),
  unsubscribe: (list: NewsletterName) => api.post<NewsletterName[]>(`/api/newsletters/${list}/unsubscribe`),
  /** Who gets each list (moderators). */
  subscribers: () => api.get<NewsletterSubscribers>('/api/newsletters/all'),
};
