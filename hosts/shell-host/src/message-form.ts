/**
 * The scan page's message to the owner as a plain HTML form (issue 18, contract section 4): what a browser
 * without JavaScript posts to /{code}. Read with the same care as any request body: a type we expect, a
 * size we bound before reading it all.
 */

/** Far more than the longest valid form (a 300-character message and a 254-character contact, percent-encoded). */
export const MESSAGE_FORM_MAX_BYTES = 16 * 1024;

export interface MessageFormValues {
  message: string;
  contact: string;
  /** The honeypot: passed on to post_finder_message, which decides. */
  website: string;
}

export type MessageFormRead = { values: MessageFormValues } | { refusal: 413 | 415 };

export async function readMessageForm(request: Request): Promise<MessageFormRead> {
  if (!isUrlEncodedForm(request.headers.get('content-type'))) return { refusal: 415 };
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= MESSAGE_FORM_MAX_BYTES)) return { refusal: 413 };
  const bytes = await readAtMost(request, MESSAGE_FORM_MAX_BYTES);
  if (bytes === null) return { refusal: 413 };
  const fields = new URLSearchParams(new TextDecoder().decode(bytes));
  return {
    values: {
      message: fields.get('message') ?? '',
      contact: fields.get('contact') ?? '',
      website: fields.get('website') ?? '',
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
