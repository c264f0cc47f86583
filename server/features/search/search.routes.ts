import { searchApi } from '../../../shared/api/search';
import { handle } from '../../http/contract-routes';
import type { SearchService } from './search.service';

export function searchRoutes(search: SearchService) {
  return [handle(searchApi.search, ({ query }) => search.search(query.query, query.kind))];
}
