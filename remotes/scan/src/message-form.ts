/**
 * The scan page's message to the owner as a plain HTML form (scriptless-parts.tsx writes it): what a browser
 * without JavaScript posts to /{code}, and the route module's action, which reads it with the same care as
 * any request body (a type we expect, a size we bound before reading it all) and sends it to
 * post_finder_message through the host's capability. Server only.
 */
import { INTERNAL_ERROR_MESSAGE } from '@medaille/domain';
import { type RouteArgs, type RouteData, readPostedForm, type ScanMessageForm } from '@medaille/scan-contract';
import { conversationPathOf } from './conversation-link.ts';
import { cookie } from './document-parts.ts';
import { acceptedLanguages, chooseLanguage, LANGUAGE_COOKIE } from './i18n.ts';

/** The form's field names, as the form writes them and the action reads them. */
export const MESSAGE_FIELDS = {
  message: 'message',
  contact: 'contact',
  email: 'email',
  status: 'status',
  place: 'place',
  website: 'website',
  sendKey: 'send_key',
} as const;

/** Far more than the longest valid form (a 300-character message, a contact and an address, percent-encoded). */
export const MESSAGE_FORM_MAX_BYTES = 16 * 1024;

/** post_finder_message's own text for a failure that is not a refusal (its FAILURES.internal). */
export const UNEXPECTED_ERROR = INTERNAL_ERROR_MESSAGE;

interface MessageFormValues {
  message: string;
  contact: string;
  /** Where the finder is told of the answers: never shown to the owner. */
  email: string;
  /** What the finder says they are doing ('' for nothing), and where they left the animal. */
  status: string;
  place: string;
  /** The honeypot: passed on to post_finder_message, which decides. */
  website: string;
  /** The key the form was drawn with (send-key.ts). */
  sendKey: string;
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
  const { message, contact, email, status, place, website, sendKey } = form.values;
  const refused = (error: string, code: number, headers?: Record<string, string>): MessageFormData => ({
    status: code,
    ...(headers ? { headers } : {}),
    data: {
      messageForm: { state: 'refused', error, values: { message, contact, email, status, place, sendKey } },
    },
  });
  // The page's language, as its render chooses it: the conversation speaks it to the finder.
  const language = chooseLanguage(
    cookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
    acceptedLanguages(request.headers.get('accept-language')),
  );
  try {
    const response = await context.callFunction(
      'post_finder_message',
      {
        code: params.code,
        contact,
        email,
        language,
        website,
        status,
        ...placeKept(status, message, place),
        ...(sendKey ? { send_key: sendKey } : {}),
      },
      signal,
    );
    if (response.ok) {
      const sent = (await response.json().catch(() => null)) as { conversation_url?: unknown } | null;
      const conversation = conversationPathOf(sent?.conversation_url);
      return { status: 200, data: { messageForm: { state: 'sent', ...(conversation ? { conversation } : {}) } } };
    }
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

/**
 * The form asks where whatever the choice (it has no script to show the field for 'dropped_off' only): a place
 * typed with another choice is not dropped but sent as a line of the message, in the owner's French.
 */
function placeKept(status: string, message: string, place: string): { message: string; place: string } {
  if (status === 'dropped_off' || place.trim() === '') return { message, place };
  return { message: [message.trim(), `Lieu : ${place.trim()}`].filter(Boolean).join('\n'), place: '' };
}

async function readMessageForm(request: Request): Promise<MessageFormRead> {
  const form = await readPostedForm(request, MESSAGE_FORM_MAX_BYTES);
  if ('refusal' in form) return form;
  const { fields } = form;
  return {
    values: {
      message: fields.get(MESSAGE_FIELDS.message) ?? '',
      contact: fields.get(MESSAGE_FIELDS.contact) ?? '',
      email: fields.get(MESSAGE_FIELDS.email) ?? '',
      status: fields.get(MESSAGE_FIELDS.status) ?? '',
      place: fields.get(MESSAGE_FIELDS.place) ?? '',
      website: fields.get(MESSAGE_FIELDS.website) ?? '',
      sendKey: fields.get(MESSAGE_FIELDS.sendKey) ?? '',
    },
  };
}
