/**
 * The scan page's message to the owner as a plain HTML form (scriptless-parts.tsx writes it): what a browser
 * without JavaScript posts to /{code}, and the route module's action, which reads it with the same care as
 * any request body (a type we expect, a size we bound before reading it all) and sends it to
 * post_finder_message through the host's capability. Server only.
 */
import type { RouteArgs, RouteData, ScanMessageForm } from '@medaille/scan-contract';

/** The form's field names, as the form writes them and the action reads them. */
export const MESSAGE_FIELDS = { message: 'message', contact: 'contact', website: 'website' } as const;

/** Far more than the longest valid form (a 300-character message and a 254-character contact, percent-encoded). */
export const MESSAGE_FORM_MAX_BYTES = 16 * 1024;

/** post_finder_message's own text for a failure that is not a refusal (its FAILURES.internal). */
export const UNEXPECTED_ERROR = 'Une erreur est survenue. Veuillez réessayer.';

interface MessageFormValues {
  message: string;
  contact: string;
  /** The honeypot: passed on to post_finder_message, which decides. */
  website: string;
}

type MessageFormRead = { values: MessageFormValues } | { refusal: 413 | 415 };

/** The action's data: the form's outcome, its status (a refusal's 4xx, 503 when sending failed) and headers. */
export interface MessageFormData extends RouteData {
  data: { messageForm: ScanMessageForm };
}

/**
 * POST /{code}: the form sent to post_finder_message with the honeypot; refused as text (415, 413) when the
 * body is not the form. The finder's text comes back with a refusal, to send again.
 */
export async function messageFormAction({
  request,
  params,
  context,
  signal,
}: RouteArgs): Promise<MessageFormData | Response> {
  const form = await readMessageForm(request);
  if ('refusal' in form) {
    const text = form.refusal === 413 ? 'Requête trop volumineuse.' : 'Requête invalide.';
    return new Response(text, { status: form.refusal, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const { message, contact, website } = form.values;
  const refused = (error: string, status: number, headers?: Record<string, string>): MessageFormData => ({
    status,
    ...(headers ? { headers } : {}),
    data: { messageForm: { state: 'refused', error, values: { message, contact } } },
  });
  try {
    const response = await context.callFunction(
      'post_finder_message',
      { code: params.code, message, contact, website },
      signal,
    );
    if (response.ok) return { status: 200, data: { messageForm: { state: 'sent' } } };
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const retryAfter = response.headers.get('retry-after');
    if (response.status >= 400 && response.status < 500) {
      return refused(
        typeof body?.error === 'string' ? body.error : UNEXPECTED_ERROR,
        response.status,
        retryAfter ? { 'Retry-After': retryAfter } : undefined,
      );
    }
    // The function failed, not the finder: their text comes back to send again.
    return refused(UNEXPECTED_ERROR, 503);
  } catch {
    return refused(UNEXPECTED_ERROR, 503);
  }
}

async function readMessageForm(request: Request): Promise<MessageFormRead> {
  if (!isUrlEncodedForm(request.headers.get('content-type'))) return { refusal: 415 };
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= MESSAGE_FORM_MAX_BYTES)) return { refusal: 413 };
  const bytes = await readAtMost(request, MESSAGE_FORM_MAX_BYTES);
  if (bytes === null) return { refusal: 413 };
  const fields = new URLSearchParams(new TextDecoder().decode(bytes));
  return {
    values: {
      message: fields.get(MESSAGE_FIELDS.message) ?? '',
      contact: fields.get(MESSAGE_FIELDS.contact) ?? '',
      website: fields.get(MESSAGE_FIELDS.website) ?? '',
    },
  };
}

/** `application/x-www-form-urlencoded`, with no charset or UTF-8 (what a UTF-8 page's form sends). */
function isUrlEncodedForm(contentType: string | null): boolean {
  if (contentType === null) return false;
  const [type = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/x-www-form-urlencoded') return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
}

/** The body's bytes, or null as soon as it passes `limit` (the rest is not read). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
