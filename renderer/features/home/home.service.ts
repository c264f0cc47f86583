import { api } from '../../lib/api-client';

export const homeService = {
  load: () => api.home.get(),
};
