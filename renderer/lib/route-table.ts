import type { RouteContract } from '../../shared/api/contract';

/** What the client needs of a contract entry to call it: method, path, and the upload's field. */
export type RouteTarget = Pick<RouteContract, 'method' | 'path'> & { upload?: { field: string } };

export type RouteTable<T> = { [F in keyof T]: { [R in keyof T[F]]: RouteTarget } };

/** The contract without its schemas: every route's method, path and upload field, by feature and name. */
export function routeTable<T extends Record<string, Record<string, RouteContract>>>(api: T): RouteTable<T> {
  return Object.fromEntries(
    Object.entries(api).map(([feature, entries]) => [
      feature,
      Object.fromEntries(
        Object.entries(entries).map(([name, { method, path, upload }]) => [
          name,
          upload ? { method, path, upload: { field: upload.field } } : { method, path },
        ]),
      ),
    ]),
  ) as RouteTable<T>;
}
