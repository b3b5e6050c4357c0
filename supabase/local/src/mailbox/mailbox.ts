import { escapeHtml } from '@medaille/domain';
import { type Context, Hono } from 'hono';
import type { Queryable } from '../database/index.ts';
import { isLoopback, socketAddress } from '../http/client-address.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of its own, as Resend's `headers` takes them. */
  headers?: Record<string, string>;
}

export interface StoredMail extends Mail {
  id: string;
  links: string[];
  created_at: string;
}

/** The links a person would click in an e-mail: every href of the HTML, or URLs of the text. */
function linksOf(mail: Mail): string[] {
  const hrefs = Array.from(mail.html.matchAll(/href="([^"]+)"/g), (m) => (m[1] as string).replaceAll('&amp;', '&'));
  const urls = hrefs.length ? hrefs : Array.from(mail.text.matchAll(/https?:\/\/\S+/g), (m) => m[0]);
  return [...new Set(urls)];
}

/**
 * The local stack's outgoing mail: nothing leaves the machine, everything lands in the mailbox. A mail with an
 * `idempotencyKey` the mailbox already holds is not stored again (Resend's rule for its Idempotency-Key);
 * answers the stored mail's id.
 */
export async function deliver(db: Queryable, mail: Mail, idempotencyKey: string | null = null): Promise<string> {
  const added = await db.query<{ id: string }>(
    `insert into local_stack.mailbox (recipient, subject, text_body, html_body, links, idempotency_key, headers)
     values ($1, $2, $3, $4, array(select json_array_elements_text($5::json)), $6, $7::jsonb)
     on conflict (idempotency_key) do nothing
     returning id`,
    [
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(linksOf(mail)),
      idempotencyKey,
      JSON.stringify(mail.headers ?? {}),
    ],
  );
  if (added.rows[0]) return added.rows[0].id;
  const first = await db.query<{ id: string }>('select id from local_stack.mailbox where idempotency_key = $1', [
    idempotencyKey,
  ]);
  return first.rows[0]?.id as string;
}

async function messages(db: Queryable, to: string | undefined): Promise<StoredMail[]> {
  const result = await db.query<StoredMail>(
    `select id, recipient as "to", subject, text_body as text, html_body as html, links, headers, created_at
     from local_stack.mailbox
     where $1::text is null or lower(recipient) = lower($1)
     order by created_at desc limit 200`,
    [to ?? null],
  );
  return result.rows;
}

/** Resend's bounds for an Idempotency-Key: 1 to 256 characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,256}$/;

/**
 * The developer's mailbox: readable from this machine only (it holds every sign-in link), and written only
 * by the server functions, which post with a key of the service role (`serverKeys`: the secret key, in
 * `apikey`, or the legacy service_role key, also as a bearer token) to LOCAL_MAILBOX_URL, as they would to
 * Resend. For tests, it can be told to fail as a provider that is down would (PUT /api/outage).
 *
 * The functions send after they have answered (functions/runtime.ts); the mailbox reads, and switches its
 * outage, once `sendsUnderWay` has settled, so that whoever acted and then looks (a developer, a test) finds
 * what the action sent, and a switch never lands in the middle of an action's attempts.
 */
export function mailboxRoutes(db: Queryable, sendsUnderWay: () => Promise<void>, ...serverKeys: string[]) {
  const app = new Hono();
  let outage = false;
  const isServer = (c: Context) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const apikey = c.req.header('apikey');
    return serverKeys.some((key) => key && (key === apikey || key === bearer));
  };
  const serversOnly = (c: Context) =>
    c.json({ message: 'Only the server functions may send mail: the service role’s key is required' }, 401);
  app.use('*', async (c, next) => {
    if (!isLoopback(socketAddress(c))) return c.json({ message: 'The mailbox answers only on this machine' }, 403);
    await next();
  });
  app.get('/api/messages', async (c) => {
    await sendsUnderWay();
    return c.json(await messages(db, c.req.query('to')));
  });
  app.post('/api/messages', async (c) => {
    if (!isServer(c)) return serversOnly(c);
    if (outage) return c.json({ message: 'The mailbox is told to fail (PUT /mailbox/api/outage)' }, 503);
    const key = c.req.header('idempotency-key') ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return c.json({ message: 'Idempotency-Key must be 1 to 256 visible characters' }, 400);
    }
    const mail = (await c.req.json().catch(() => null)) as Partial<Mail> | null;
    if (!mail || [mail.to, mail.subject, mail.text, mail.html].some((field) => typeof field !== 'string')) {
      return c.json({ message: 'to, subject, text and html are required' }, 400);
    }
    const headers: unknown = mail.headers ?? {};
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Array.isArray(headers) ||
      Object.values(headers).some((value) => typeof value !== 'string')
    ) {
      return c.json({ message: 'headers must be an object of strings' }, 400);
    }
    // A repeat of a known key gets the first one's answer, and nothing more is stored.
    return c.json({ id: await deliver(db, mail as Mail, key) }, 201);
  });
  // {"failing": true}: every mail sent to the mailbox is refused with 503 until {"failing": false}. With the
  // server's key, so that no web page can switch it (a form could post here, not with that header).
  app.put('/api/outage', async (c) => {
    if (!isServer(c)) return serversOnly(c);
    const body = (await c.req.json().catch(() => null)) as { failing?: unknown } | null;
    if (typeof body?.failing !== 'boolean') return c.json({ message: 'failing (true or false) is required' }, 400);
    await sendsUnderWay();
    outage = body.failing;
    return c.json({ failing: outage });
  });
  app.get('/', async (c) => {
    await sendsUnderWay();
    const list = await messages(db, c.req.query('to'));
    const items = list
      .map(
        (
          m,
        ) => `<article><h2>${escapeHtml(m.subject)}</h2><p>À : ${escapeHtml(m.to)} · ${escapeHtml(String(m.created_at))}</p>
<pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</article>`,
      )
      .join('<hr>');
    return c.html(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte de réception locale</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Boîte de réception locale</h1><p>Tous les e-mails envoyés par la pile locale (${list.length}).</p>${items || '<p>Aucun message.</p>'}</body></html>`);
  });
  return app;
}
