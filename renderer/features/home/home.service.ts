import type { HomeData } from '../../../shared/api/home';
import { api } from '../../lib/api-client';

export const homeService = {
  load: () => api.get<HomeData>('/api/home'),
};
