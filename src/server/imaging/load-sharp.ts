import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/** libvips takes about 25 MB of memory: it is loaded with the first image, not at start. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
