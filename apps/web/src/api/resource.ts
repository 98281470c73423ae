import type { Page } from '@glucocare/domain/responses';
import { http, type QueryValue } from './http';

/** A row the client changes names the version it read (a stale one answers 409). */
export type Versioned<T> = T & { id: number; version: number };

/** `{ id, isActive, version }`: what enabling or stopping a row sends. */
export interface StatusChange {
  id: number;
  isActive: boolean;
  version: number;
}

/**
 * The endpoint functions of one tenant-owned resource under `base` (the server's route kit,
 * apps/server/src/lib/resource-routes.ts): each builder takes the path after `base`, because the
 * spec's paths differ from one resource to the next, and returns the function pages call. Every
 * function returns the envelope's `dataContent`.
 */
export function resourceApi<Row, Input>(base: string) {
  return {
    /**
     * A page of rows. Only `filterKeys` are sent, in that order: the free text trimmed, an empty
     * text filter left out; `isActive` as given (absent means both).
     */
    page<F extends object>(path: string, filterKeys: readonly (keyof F & string)[]) {
      return (query: F & { page: number; size: number }, signal?: AbortSignal): Promise<Page<Row>> => {
        const params: Record<string, QueryValue> = {};
        for (const key of filterKeys) {
          const value = (query as Record<string, unknown>)[key] as QueryValue;
          const text = typeof value === 'string' && key === 'queryCondition' ? value.trim() : value;
          params[key] = text === '' ? undefined : text;
        }
        return http.get<Page<Row>>(base + path, {
          query: { ...params, page: query.page, size: query.size },
          signal,
        });
      };
    },

    /** Every row the list path answers (no filter). */
    list(path = '/list') {
      return (signal?: AbortSignal): Promise<Row[]> => http.get<Row[]>(base + path, { signal });
    },

    create(path = '') {
      return (input: Input): Promise<Row> => http.post<Row>(base + path, input);
    },

    update(path = '') {
      return (input: Versioned<Input>): Promise<Row> => http.put<Row>(base + path, input);
    },

    /** One POST that creates (no `id`) or updates (`id` and `version`). */
    save(path = '') {
      return (input: Input & { id?: number; version?: number }): Promise<Row> =>
        http.post<Row>(base + path, input);
    },

    /** Enable or stop a row at the version shown. */
    status(path = '/status') {
      return (input: StatusChange): Promise<Row> => http.put<Row>(base + path, input);
    },

    /** Delete at the version shown: the id in the path (`/:id`) or, for any other path, in the query. */
    remove(path = '/:id') {
      return (id: number, version: number): Promise<null> =>
        path === '/:id'
          ? http.delete<null>(`${base}/${encodeURIComponent(String(id))}`, { query: { version } })
          : http.delete<null>(base + path, { query: { id, version } });
    },
  };
}
