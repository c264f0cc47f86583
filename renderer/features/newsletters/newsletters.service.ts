import type { NewsletterName } from '../../../shared/api/newsletters';
import { api } from '../../lib/api-client';

export const newslettersService = {
  /** The lists the caller is subscribed to. */
  mine: () => api.newsletters.mine(),
  /** Always the caller's own subscription; answers the caller's lists. */
  subscribe: (listName: NewsletterName) => api.newsletters.subscribe({ params: { listName } }),
  unsubscribe: (listName: NewsletterName) => api.newsletters.unsubscribe({ params: { listName } }),
  /** Who gets each list (moderators). */
  subscribers: () => api.newsletters.all(),
};
