import type { FastifyInstance } from 'fastify';

export interface UploadFile {
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body carrying `files`, each under the form field `files`. */
export function multipart(files: UploadFile[]) {
  const boundary = `----canopy${Math.random().toString(16).slice(2)}`;
  const chunks = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Posts `files` to an upload route, with the session cookie when one is given. */
export function upload(app: FastifyInstance, url: string, files: UploadFile[], cookie?: string) {
  const { payload, contentType } = multipart(files);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}
