// health-document-link {document_id}: a link to one of the health booklet's documents, valid one minute, for a
// member of its animal's household today (docs/decisions/0016-household.md). Members may not sign URLs through Storage
// themselves: a signed URL opens the file to whoever holds it until it expires, whatever becomes of its signer's
// access, and Storage lets the signer choose a year. The database says, with the caller's own token, whether they are a
// member today (health_document_path); the link is then signed with the service role for 60 seconds, the time
// to open it.
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import { HEALTH_DOCUMENT_BUCKET } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { signFileUrl } from '../_shared/storage.ts';

/** How long a link lives, in seconds. */
export const LINK_SECONDS = 60;

type Found = { path: string } | { reason: 'session_expired' | 'not_found' };

export default function healthDocumentLink(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('health-document-link', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const documentId = input.document_id;
    if (!isUuid(documentId)) return failure('invalid_document_id');

    const { data, error, status } = await callerDatabase(env, credentials).rpc('health_document_path', {
      p_document_id: documentId,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, a refused token), a role that is no member's
      // (the service role).
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      throw backendError('health_document_path', status, error);
    }
    const found = data as Found;
    if ('reason' in found)
      return failure(found.reason === 'session_expired' ? 'unauthenticated' : 'document_not_found');
    // The file removed since its row was read: as good as no document.
    const url = await signFileUrl(env, HEALTH_DOCUMENT_BUCKET, found.path, LINK_SECONDS);
    if (!url) return failure('document_not_found');
    return json({ signed_url: url, expires_in: LINK_SECONDS }, 200, { 'Cache-Control': 'private, no-store' });
  })(request);
}
