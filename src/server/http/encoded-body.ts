import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body compressed once, ahead of the requests that read it. */
export interface EncodedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function encodeBody(identity: Buffer): EncodedBody {
  return {
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/**
 * Serves a pre-encoded body with its ETag, honouring If-None-Match and Accept-Encoding
 * (so @fastify/compress leaves it alone).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
  vary = 'accept-encoding',
) {
  reply.header('etag', body.etag).header('cache-control', 'no-cache').header('vary', vary);
  reply.type(contentType);
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
