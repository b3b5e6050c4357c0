// The finder's page of their conversation with the household (docs/decisions/0017-finder-owner-conversation.md),
// /conversation/{token}: rendered whole by the scan's server entry, readable and usable without JavaScript (a form to
// write again, one to delete each of their own messages), in the conversation's language. With JavaScript, a few lines
// inline ask for the page again every 10 seconds while it is shown and put its new messages in place; the page loads no
// other script. The token is the finder's only credential: it goes to the conversation function in a body,
// never to another site (no Referer), and the page is nobody's to cache.
import {
  animalHomeText,
  CONVERSATION_TOKEN_PATTERN,
  type FinderStatus,
  LIMITS,
  type PublicContacts,
  phoneHref,
  phoneToCall,
  UNNAMED_ANIMAL,
} from '@medaille/domain';
import { type ConversationArgs, readPostedForm } from '@medaille/scan-contract';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { CONVERSATION_WORDS } from './conversation-copy.ts';
import type { DialogDictionary } from './dialog-copy.ts';
import { cookie, documentOf } from './document-parts.ts';
import { dateTimeText, PAGE_TIME_ZONE } from './format.ts';
import {
  acceptedLanguages,
  chooseLanguage,
  dialogWordsFor,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  localeFor,
} from './i18n.ts';
import { UNEXPECTED_ERROR } from './message-form.ts';
import { newSendKey } from './send-key.ts';

/** One line of the conversation as the conversation function answers it. */
interface Line {
  id: string;
  from: 'finder' | 'household';
  /** A household line: 'answer' (its words in text), or 'found' (the animal is home: no words). */
  kind?: 'answer' | 'found';
  text: string | null;
  contact?: string | null;
  with_photo?: boolean;
  /** What the finder said they were doing, the place they named, whether they gave their position. */
  status?: FinderStatus | null;
  place?: string | null;
  with_position?: boolean;
  at: string;
}

interface OpenConversation {
  status: 'open';
  /** Null: opened from a search page whose household hides the name. */
  animal_name: string | null;
  animal_sex?: string | null;
  language: string;
  /** Read through the link e-mailed to the finder: whether answers are e-mailed to them, or may be. */
  mail?: 'ask' | 'on' | null;
  expires_at: string;
  messages: Line[];
}

/** What a blocked or expired link keeps of the animal: its page's code, its name and the numbers it shows. */
type Reach = PublicContacts & { code: string; name: string };

/** A refusal the function answered: its code and its French words. */
interface Refusal {
  status: number;
  code: string;
  error: string;
  /** The conversation's language, for a link that is blocked or expired. */
  language?: string;
  /** A blocked or expired link's way back to the animal. */
  reach?: Reach;
}

/** The page's form to write again: its words (the message dialog's), and what was refused, if anything. */
interface MessageForm {
  typed: string;
  /** The key the form is drawn with (send-key.ts): the refused one's again, else a new one. */
  sendKey: string;
  said: string | null;
  label: string;
  send: string;
  /** The words of what a finder may say they are doing, as the message dialog offered them. */
  statuses: Record<FinderStatus, string>;
}

/** What the finder sent and was refused, to show with its reason. */
interface Refused {
  refusal: Refusal;
  typed: string;
  sendKey: string;
}

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** Far more than the longest valid form (a 300-character message, percent-encoded). */
const FORM_MAX_BYTES = 16 * 1024;

/** How often the open page asks for new messages (10 s: 360 reads an hour, within the function's 600). */
const REFRESH_MS = 10_000;
/** The list of messages, which the page's script refreshes. */
const LINES_ID = 'conversation-lines';

export async function conversationPage({ request, params, context, styles, signal }: ConversationArgs) {
  const call = (body: Record<string, unknown>) =>
    context.callFunction('conversation', { token: params.token, ...body }, signal);
  const browserLanguages = acceptedLanguages(request.headers.get('accept-language'));
  const chosen = cookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
  const page = (status: number, html: string, headers: Record<string, string> = {}) =>
    new Response(request.method === 'HEAD' ? null : html, { status, headers: { ...HEADERS, ...headers } });

  /** The page of a link that opens nothing, in the finder's language; with a blocked or expired one's way back. */
  const closed = async (refusal: Refusal, headers: Record<string, string> = {}) => {
    const language =
      refusal.language && isLanguage(refusal.language) ? refusal.language : chooseLanguage(chosen, browserLanguages);
    const said =
      refusal.code === 'conversation_not_found'
        ? CONVERSATION_WORDS[language].unknownLink
        : refusalWords(await dialogWordsFor(language), refusal);
    return page(refusal.status, closedDocument(language, said, styles, refusal.reach), headers);
  };
  // A token of the wrong form (the host sends a cut link here too) opens nothing: no call needed to say so.
  if (!CONVERSATION_TOKEN_PATTERN.test(params.token)) return closed(UNKNOWN_LINK);

  /** The conversation read now, rendered; with what was refused, if anything. */
  const render = async (refused: Refused | null) => {
    const read = await call({});
    if (read.status !== 200) return closed(await readRefusal(read), retryAfter(read));
    const conversation = (await read.json()) as OpenConversation;
    const language: Language = isLanguage(conversation.language) ? conversation.language : 'fr';
    const dialog = await dialogWordsFor(language);
    const form = {
      typed: refused?.typed ?? '',
      sendKey: refused?.sendKey || newSendKey(),
      said: refused ? refusalWords(dialog, refused.refusal) : null,
      label: dialog.message.message,
      send: dialog.message.send,
      statuses: dialog.message.statuses(conversation.animal_sex ?? null),
    };
    const html = openDocument(language, localeFor(language, browserLanguages), conversation, form, styles);
    return page(refused?.refusal.status ?? 200, html);
  };

  if (request.method === 'GET' || request.method === 'HEAD') return render(null);
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });

  const form = await readPostedForm(request, FORM_MAX_BYTES);
  if ('refusal' in form) {
    const text = form.refusal === 413 ? 'Requête trop volumineuse.' : 'Requête invalide.';
    return new Response(text, { status: form.refusal, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const typed = form.fields.get('message') ?? '';
  const sendKey = form.fields.get('send_key') ?? '';
  const removed = form.fields.get('delete');
  const mail = form.fields.get('mail');
  const written = { message: typed, ...(sendKey ? { send_key: sendKey } : {}) };
  const body = removed !== null ? { delete: removed } : mail !== null ? { mail } : written;
  const sent = await call(body).catch(() => null);
  // Sent: the page again by GET, so that reloading it sends nothing twice.
  if (sent?.ok)
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: new URL(request.url).pathname } });
  // Refused, or not sent because the service failed: the page again with what the finder typed, to send again.
  const refusal = (sent && (await readRefusal(sent).catch(() => null))) ?? NOT_SENT;
  return render({ refusal, typed: removed !== null ? '' : typed, sendKey: removed !== null ? '' : sendKey });
}

/** A link that is no conversation's, as the conversation function answers it. */
const UNKNOWN_LINK: Refusal = {
  status: 404,
  code: 'conversation_not_found',
  error: 'Cette conversation est introuvable.',
};

/** A message the function could not take (it failed, or did not answer): the finder may send it again. */
const NOT_SENT: Refusal = { status: 503, code: 'internal', error: UNEXPECTED_ERROR };

/** A refusal's code, French words and language, as the function answered it; throws on a failure. */
async function readRefusal(response: Response): Promise<Refusal> {
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    error?: unknown;
    language?: unknown;
    reach?: Partial<Reach> | null;
  } | null;
  if (response.status >= 500 || typeof body?.code !== 'string') {
    throw new Error(`the conversation function answered ${response.status}`);
  }
  const reach = body.reach;
  return {
    status: response.status,
    code: body.code,
    error: typeof body.error === 'string' ? body.error : '',
    ...(typeof body.language === 'string' ? { language: body.language } : {}),
    ...(typeof reach?.code === 'string' && typeof reach.name === 'string' ? { reach: reach as Reach } : {}),
  };
}

const retryAfter = (response: Response): Record<string, string> => {
  const value = response.headers.get('retry-after');
  return value ? { 'Retry-After': value } : {};
};

/** A refusal in the page's language (the dialogs' words), else the function's own French words. */
const refusalWords = (dialog: DialogDictionary, refusal: Refusal) =>
  (dialog.errors as Record<string, string | undefined>)[refusal.code] ?? refusal.error;

/**
 * A link that opens nothing (unknown, blocked, expired) or a refusal of the read itself, said plainly; a blocked
 * or expired one with its way back: the call the animal's page offers, if it shows a number (the
 * finder may still have the animal with them), and the page itself.
 */
function closedDocument(language: Language, said: string, styles: ConversationArgs['styles'], reach?: Reach): string {
  const words = CONVERSATION_WORDS[language];
  const call = reach ? phoneToCall(reach) : undefined;
  const body = renderToStaticMarkup(
    <main className="scan">
      <section className="scan-card">
        <h1>Médaille</h1>
        <p role="alert">{said}</p>
        {reach ? (
          <div className="scan-way-back">
            {call ? (
              <a className="md-button md-button-primary" href={phoneHref(call.phone)}>
                {call.name ? words.callContact(call.name) : words.callOwner}
              </a>
            ) : null}
            <a className="md-button md-button-secondary" href={`/${encodeURIComponent(reach.code)}`}>
              {words.backTo(reach.name)}
            </a>
          </div>
        ) : null}
      </section>
    </main>,
  );
  return documentOf(language, 'Médaille', styles, body);
}

function openDocument(
  language: Language,
  locale: string,
  conversation: OpenConversation,
  form: MessageForm,
  styles: ConversationArgs['styles'],
): string {
  const words = CONVERSATION_WORDS[language];
  const when = (at: string) => dateTimeText(locale, at);
  const until = new Date(conversation.expires_at).toLocaleDateString(locale, {
    dateStyle: 'long',
    timeZone: PAGE_TIME_ZONE,
  });
  const title = words.title(conversation.animal_name);
  const body = renderToStaticMarkup(
    <main className="scan scan-conversation">
      <section className="scan-card">
        <h1>{title}</h1>
        <p>{words.intro}</p>
        <p>{words.keepPrivate}</p>
        <p>{words.validUntil(until)}</p>
        {conversation.mail === 'ask' ? (
          <form method="post">
            <p>{words.mailAsk}</p>
            <button type="submit" name="mail" value="on" className="md-button md-button-secondary">
              {words.mailButton}
            </button>
          </form>
        ) : conversation.mail === 'on' ? (
          <p>{words.mailOn}</p>
        ) : null}
      </section>
      <section className="scan-card" aria-labelledby="conversation-lines-title">
        <h2 id="conversation-lines-title">{words.linesLabel}</h2>
        <ol id={LINES_ID} className="scan-conversation-lines" aria-live="polite">
          {conversation.messages.length === 0 ? <li>{words.empty}</li> : null}
          {conversation.messages.map((line) => (
            <li key={line.id} className={line.from === 'finder' ? 'scan-line-mine' : 'scan-line-owner'}>
              <p className="scan-line-meta">
                {line.from === 'finder' ? words.you : words.owner} · {when(line.at)}
              </p>
              {line.status ? (
                <p className="scan-line-text">
                  <strong>{form.statuses[line.status]}</strong>
                  {line.place ? ` : ${line.place}` : null}
                  {line.with_position ? ` · ${words.withPosition}` : null}
                </p>
              ) : null}
              {line.kind === 'found' ? (
                <p className="scan-line-text">
                  <strong>
                    {animalHomeText(
                      language,
                      conversation.animal_name ?? UNNAMED_ANIMAL[language],
                      conversation.animal_sex ?? null,
                    )}
                  </strong>
                </p>
              ) : line.text || !line.status ? (
                <p className="scan-line-text">{line.text ?? words.noText}</p>
              ) : null}
              {line.contact ? <p className="scan-line-text">{line.contact}</p> : null}
              {line.with_photo ? <p className="scan-line-meta">{words.withPhoto}</p> : null}
              {line.from === 'finder' ? (
                <form method="post">
                  <button
                    type="submit"
                    name="delete"
                    value={line.id}
                    className="md-button md-button-secondary"
                    aria-label={words.removeLabel(when(line.at))}
                  >
                    {words.remove}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="scan-card">
        <form method="post" className="scan-form">
          <input type="hidden" name="send_key" value={form.sendKey} />
          {form.said ? (
            <p className="scan-error" role="alert">
              {form.said}
            </p>
          ) : null}
          <label htmlFor="conversation-message">{form.label}</label>
          <textarea
            id="conversation-message"
            name="message"
            rows={4}
            maxLength={LIMITS.messageMaxLength}
            aria-describedby="conversation-message-hint"
            defaultValue={form.typed}
          />
          <p id="conversation-message-hint" className="scan-hint">
            {words.counter(LIMITS.messageMaxLength)}
          </p>
          <div className="scan-actions">
            <button type="submit" className="md-button md-button-primary">
              {form.send}
            </button>
          </div>
        </form>
      </section>
    </main>,
  );
  return documentOf(language, title, styles, `${body}<script>${CONVERSATION_REFRESH_SCRIPT}</script>`);
}

/**
 * Every `everyMs` while the page is shown: the page asked for again, its list of messages (`id`) put in place of
 * this one's when it changed. Nothing else of the page moves (what the finder is typing stays). Sent as its own
 * source (self-contained: it names nothing outside itself).
 */
function refreshConversationLines(id: string, everyMs: number): void {
  if (!window.fetch || !window.DOMParser) return;
  setInterval(() => {
    if (document.hidden) return;
    fetch(location.pathname, { headers: { accept: 'text/html' }, cache: 'no-store' })
      .then((response) => (response.ok ? response.text() : null))
      .then((html) => {
        if (!html) return;
        const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(id);
        const shown = document.getElementById(id);
        if (fresh && shown && fresh.innerHTML !== shown.innerHTML) shown.innerHTML = fresh.innerHTML;
      })
      .catch(() => {});
  }, everyMs);
}

/**
 * `refreshConversationLines` as the page's script: one text, which the host's Content-Security-Policy allows by
 * its hash (`inlineScripts` of the server entry).
 */
export const CONVERSATION_REFRESH_SCRIPT = `(${refreshConversationLines.toString()})(${JSON.stringify(LINES_ID)}, ${REFRESH_MS})`;
