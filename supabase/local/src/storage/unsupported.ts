// Storage's endpoints the local stack does not serve (supabase/storage's src/http/routes): answered by
// name with a 501, before the objects' routes could take them for a bucket called "sign" or "move".
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import { notSupported } from './errors.ts';

const NOT_SERVED: [string[], string][] = [
  [['/object/upload/sign/*'], 'Signed upload URLs (/storage/v1/object/upload/sign)'],
  [['/object/move'], '/storage/v1/object/move'],
  [['/object/copy'], '/storage/v1/object/copy'],
  [['/object/info/*'], '/storage/v1/object/info'],
  [['/bucket', '/bucket/*'], '/storage/v1/bucket'],
  [['/upload/resumable', '/upload/resumable/*'], 'Resumable uploads (/storage/v1/upload/resumable)'],
  [['/render/image/authenticated/*', '/render/image/sign/*'], 'Transformations of authenticated and signed images'],
  [['/s3', '/s3/*'], 'The S3 protocol (/storage/v1/s3)'],
];

export function unsupportedRoutes(app: Hono<StackEnv>) {
  for (const [paths, feature] of NOT_SERVED) {
    for (const path of paths) {
      app.all(path, () => {
        throw notSupported(feature);
      });
    }
  }
}
