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
