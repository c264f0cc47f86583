import { searchApi } from '../../../shared/api/search';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { SearchService } from './search.service';

const implement = routeImplementer<User>();

export function searchRoutes(search: SearchService) {
  return implement(searchApi, {
    search: ({ query }) => search.search(query.query, query.kind),
  });
}
