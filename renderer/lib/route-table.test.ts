import { describe, expect, it } from 'vitest';
import { API } from '../../shared/api';
import { API_TARGETS } from './api-routes';
import { routeTable } from './route-table';

describe('the route table the API client is built from', () => {
  it('keeps each route’s method and path, and an upload’s field, without the schemas', () => {
    expect(API_TARGETS.home.get).toEqual({ method: 'get', path: '/api/home' });
    expect(API_TARGETS.users.uploadAvatar).toEqual({ method: API.users.uploadAvatar.method, path: API.users.uploadAvatar.path, upload: { field: 'avatar' } });
  });

  it('marks a route whose answer is a file, not JSON, with the file’s media types', () => {
    expect(API_TARGETS.host.backup).toEqual({ method: 'get', path: '/api/host/backup', download: { mediaTypes: ['application/gzip'] } });
    expect(API_TARGETS.host.status).not.toHaveProperty('download');
  });

  it('has every route of the contract, by feature and name, and survives JSON (a build writes it as such)', () => {
    const table = routeTable(API);
    expect(Object.keys(table)).toEqual(Object.keys(API));
    for (const [feature, entries] of Object.entries(API)) expect(Object.keys(table[feature as keyof typeof API])).toEqual(Object.keys(entries));
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
  });
});
