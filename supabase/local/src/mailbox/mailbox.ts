import { Hono } from 'hono';
import type { Queryable } from '../database/index.ts';
import { isLoopback, socketAddress } from '../http/client-address.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
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

/** The local stack's outgoing mail: nothing leaves the machine, everything lands in the mailbox. */
export async function deliver(db: Queryable, mail: Mail): Promise<void> {
  await db.query(
    `insert into local_stack.mailbox (recipient, subject, text_body, html_body, links)
     values ($1, $2, $3, $4, array(select json_array_elements_text($5::json)))`,
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(linksOf(mail))],
  );
}

async function messages(db: Queryable, to: string | undefined): Promise<StoredMail[]> {
  const result = await db.query<StoredMail>(
    `select id, recipient as "to", subject, text_body as text, html_body as html, links, created_at
     from local_stack.mailbox
     where $1::text is null or lower(recipient) = lower($1)
     order by created_at desc limit 200`,
    [to ?? null],
  );
  return result.rows;
}

/** Text made safe inside HTML (the mailbox page, the e-mails the stack writes). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/**
 * The developer's mailbox: readable from this machine only (it holds every sign-in link), and written only
 * by the server functions, which post with the service_role key (LOCAL_MAILBOX_URL).
 */
export function mailboxRoutes(db: Queryable, serviceRoleKey: string) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!isLoopback(socketAddress(c))) return c.json({ message: 'The mailbox answers only on this machine' }, 403);
    await next();
  });
  app.get('/api/messages', async (c) => c.json(await messages(db, c.req.query('to'))));
  app.post('/api/messages', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${serviceRoleKey}`) {
      return c.json({ message: 'Only the server functions may send mail: the service_role key is required' }, 401);
    }
    const mail = (await c.req.json().catch(() => null)) as Partial<Mail> | null;
    if (!mail || [mail.to, mail.subject, mail.text, mail.html].some((field) => typeof field !== 'string')) {
      return c.json({ message: 'to, subject, text and html are required' }, 400);
    }
    await deliver(db, mail as Mail);
    return c.body(null, 201);
  });
  app.get('/', async (c) => {
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
