import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

interface ReadOptions {
  staleTime?: number;
  refetchInterval?: number;
}

/**
 * A resource read with one GET and no arguments: its fetcher, its query options and its
 * hook, so that a module under `web/api` states only its key, its path and its type.
 */
export function readQuery<T>(queryKey: QueryKey, path: string, options: ReadOptions = {}) {
  const fetch = (): Promise<T> => apiFetch<T>(path);
  const toOptions = () => queryOptions({ queryKey, queryFn: fetch, ...options });
  const use = (enabled = true) => useQuery({ ...toOptions(), enabled });
  return { fetch, queryOptions: toOptions, use };
}

/**
 * A resource read with one GET per argument (an id, an address): as readQuery, with the key
 * and the path made from the argument and the answer checked by `parse`.
 */
export function readQueryBy<A, T>(
  queryKey: (arg: A) => QueryKey,
  path: (arg: A) => string,
  parse: (answer: unknown) => T,
  options: ReadOptions = {},
) {
  const fetch = async (arg: A): Promise<T> => parse(await apiFetch<unknown>(path(arg)));
  const toOptions = (arg: A) =>
    queryOptions({ queryKey: queryKey(arg), queryFn: () => fetch(arg), ...options });
  const use = (arg: A, enabled = true) => useQuery({ ...toOptions(arg), enabled });
  return { fetch, queryOptions: toOptions, use };
}
