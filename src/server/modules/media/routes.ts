import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '../../../shared/error-codes';
import type { ErrorBody } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { saveUploads } from './service';
import { type MediaKind, sniffLabDocumentKind, sniffMediaKind } from './sniff';
import { type PreparedMedia, prepareMedia, UnreadableImageError, type UploadedFile } from './store';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 5;

const shortName = (name: string | undefined) => (name || 'unnamed file').slice(0, 200);

/** Upload answers carry `message` (what the spec's client reads) and `error` (like every other failure). */
function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return reply.status(status).send({ error: message, code, message } satisfies ErrorBody);
}

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '');

/**
 * POST /api/upload/product-media: multipart with repeated `files`. Every file is read
 * into memory and checked first; only when all of them pass is anything written.
 */
export async function mediaRoutes(app: ApiApp): Promise<void> {
  // Registered here so multipart bodies are parsed for this route only.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES,
      fields: 10,
      fieldSize: 1024,
      parts: MAX_FILES + 10,
    },
  });

  const upload = {
    config: { auditedByService: true },
    schema: {
      consumes: ['multipart/form-data'],
      body: z.object({
        files: z.array(z.file()).max(MAX_FILES).describe('images or videos, each at most 10 MB'),
      }),
      response: { 200: z.object({ urls: z.array(z.string()) }) },
    },
    // The parts are streamed and checked by the handler below; the body schema only documents them.
    validatorCompiler: () => (data: unknown) => ({ value: data }),
  };
  app.post('/api/upload/product-media', upload, async (request, reply) => {
    const uploads = await readUploads(request, reply, MAX_FILES, sniffMediaKind);
    if (!uploads) return reply;
    const prepared = await prepareAll(uploads, reply);
    if (!prepared) return reply;
    const urls = await saveUploads(app.db, app.config.mediaDir, prepared, actorOf(request));
    return { urls };
  });

  const labUpload = {
    config: { auditedByService: true },
    schema: {
      consumes: ['multipart/form-data'],
      body: z.object({
        files: z
          .array(z.file())
          .max(1)
          .describe('one PDF, JPEG, PNG or WebP lab-results document, at most 10 MB'),
      }),
      response: { 200: z.object({ urls: z.array(z.string()) }) },
    },
    validatorCompiler: () => (data: unknown) => ({ value: data }),
  };
  /** A product's lab results, checked like product media (first bytes, size, count). */
  app.post('/api/upload/lab-document', labUpload, async (request, reply) => {
    const uploads = await readUploads(request, reply, 1, sniffLabDocumentKind);
    if (!uploads) return reply;
    const prepared = await prepareAll(uploads, reply);
    if (!prepared) return reply;
    const urls = await saveUploads(app.db, app.config.mediaDir, prepared, actorOf(request));
    return { urls };
  });
}

/**
 * Reads every file part into memory and checks its kind by its first bytes; answers the
 * refusal itself and returns null when one fails, or when there are more than `maxFiles`.
 */
async function readUploads(
  request: FastifyRequest,
  reply: FastifyReply,
  maxFiles: number,
  sniff: (data: Buffer) => MediaKind | null,
): Promise<UploadedFile[] | null> {
  if (!request.isMultipart()) {
    refuse(reply, 400, 'UPLOAD_NOT_MULTIPART', 'Send the files as multipart/form-data');
    return null;
  }
  const uploads: UploadedFile[] = [];
  let current: string | undefined;
  const tooMany = () =>
    refuse(reply, 400, 'UPLOAD_TOO_MANY_FILES', `Too many files: at most ${maxFiles} at once`);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = part.filename;
      if (uploads.length === maxFiles) {
        // drain the rest so the answer is not cut off mid-body
        await part.toBuffer();
        tooMany();
        return null;
      }
      const data = await part.toBuffer();
      const kind = sniff(data);
      if (!kind) {
        refuse(
          reply,
          400,
          'UPLOAD_UNSUPPORTED_TYPE',
          `Unsupported file type: ${shortName(part.filename)}`,
        );
        return null;
      }
      uploads.push({ filename: shortName(part.filename), kind, data });
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_FILES_LIMIT') tooMany();
    else if (code === 'FST_REQ_FILE_TOO_LARGE')
      refuse(
        reply,
        413,
        'UPLOAD_TOO_LARGE',
        `File too large: ${shortName(current)} (at most ${MAX_FILE_BYTES / 1024 / 1024} MB)`,
      );
    else if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      refuse(reply, 400, 'UPLOAD_TOO_MANY_FIELDS', 'Too many form fields');
    else {
      // Anything else comes from the body itself: a truncated or garbled multipart stream
      // (busboy: "Unexpected end of multipart data", a bad boundary...) is the client's fault.
      request.log.info({ err: error }, 'malformed upload');
      refuse(reply, 400, 'UPLOAD_MALFORMED', 'Malformed multipart body');
    }
    return null;
  }
  if (uploads.length === 0) {
    refuse(reply, 400, 'UPLOAD_NO_FILES', 'No files uploaded');
    return null;
  }
  return uploads;
}

async function prepareAll(
  uploads: UploadedFile[],
  reply: FastifyReply,
): Promise<PreparedMedia[] | null> {
  const prepared: PreparedMedia[] = [];
  for (const upload of uploads) {
    try {
      prepared.push(await prepareMedia(upload));
    } catch (error) {
      if (error instanceof UnreadableImageError) {
        refuse(reply, 400, 'UPLOAD_UNREADABLE_IMAGE', error.message);
        return null;
      }
      throw error;
    }
  }
  return prepared;
}
