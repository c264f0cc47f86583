import type { RouteContract } from '../../shared/api/contract';

/**
 * What the client needs of a contract entry to call it: method, path, the upload's field, and for an
 * answer that is a file rather than JSON (a backup), its media types.
 */
export type RouteTarget = Pick<RouteContract, 'method' | 'path'> & { upload?: { field: string }; download?: { mediaTypes: readonly string[] } };

export type RouteTable<T> = { [F in keyof T]: { [R in keyof T[F]]: RouteTarget } };

/** The media types of an answer that is a file, not JSON; undefined for a JSON answer. */
export function downloadTypes(contract: Pick<RouteContract, 'answer'>): readonly string[] | undefined {
  const types = contract.answer.mediaTypes;
  return types && !types.includes('application/json') ? types : undefined;
}

/** The contract without its schemas: every route's method, path, upload field and file answer, by feature and name. */
export function routeTable<T extends Record<string, Record<string, RouteContract>>>(api: T): RouteTable<T> {
  return Object.fromEntries(
    Object.entries(api).map(([feature, entries]) => [
      feature,
      Object.fromEntries(
        Object.entries(entries).map(([name, contract]) => {
          const { method, path, upload } = contract;
          const mediaTypes = downloadTypes(contract);
          return [
            name,
            { method, path, ...(upload ? { upload: { field: upload.field } } : {}), ...(mediaTypes ? { download: { mediaTypes: [...mediaTypes] } } : {}) },
          ];
        }),
      ),
    ]),
  ) as RouteTable<T>;
}
