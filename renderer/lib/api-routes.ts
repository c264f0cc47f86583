import { API } from '../../shared/api';
import { routeTable } from './route-table';

/**
 * Every route's method, path and upload field: all the API client needs of the contract. A build
 * replaces this module with the table it computes (apiRoutesAtBuild in vite.config.ts), so the browser
 * downloads neither the schemas nor zod; tests, the type checker and the dev server see this one.
 */
export const API_TARGETS = routeTable(API);
