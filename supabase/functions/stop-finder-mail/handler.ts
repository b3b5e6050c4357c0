// stop-finder-mail?token=…: stops every e-mail to a finder's address, for every conversation to come
// (finder_mail_stop). It is the List-Unsubscribe URL of each e-mail to a finder and the page its visible link
// opens. Opening it (GET, HEAD) changes nothing, as mail scanners open every link: it shows a button, which
// POSTs to the same URL; a POST, the button's or a mail client's one-click (RFC 8058, body
// `List-Unsubscribe=One-Click`, which is not read), stops them at once. The token names the address without
// showing it.
//
// A page answered by the function itself rather than one of the shell's: it needs no JavaScript, no route of the
// site and no other deployment, and the one-click POST must reach this URL anyway. Hosted Supabase serves a
// function's HTML as text/plain on the project's own *.supabase.co domain; the page shows as a page behind a
// custom domain for the functions (Supabase's custom domains), while the one-click POST works either way.
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { escapeHtml } from '../_shared/mail.ts';

/** Tries an hour per client, as the finder's other entry points count them (DESIGN D9): far more than a person needs. */
const TRIES_PER_HOUR = 30;

const TITLE = "Ne plus recevoir d'e-mails de Médaille";

const PAGES = {
  receiving: {
    status: 200,
    text: "Vous avez reçu un e-mail de Médaille parce que cette adresse a été laissée dans un message au propriétaire d'un animal. Vous pouvez ne plus en recevoir aucun à cette adresse, pour cette conversation comme pour les suivantes.",
  },
  stopped: { status: 200, text: "C'est fait : vous ne recevrez plus d'e-mails de Médaille à cette adresse." },
  unknown: { status: 404, text: "Ce lien n'est pas valable. Utilisez celui du dernier e-mail reçu de Médaille." },
  tooMany: { status: 429, text: 'Trop de tentatives. Réessayez plus tard.' },
  unavailable: { status: 503, text: 'Le service est momentanément indisponible. Réessayez dans un instant.' },
} as const;

const BUTTON = "Ne plus recevoir d'e-mails";

/** The page, in French, without script; `button` adds the form that stops the e-mails. */
function page(request: Request, which: keyof typeof PAGES, { button = false, retryAfter = '' } = {}): Response {
  const { status, text } = PAGES[which];
  const form = button ? `<form method="post"><button type="submit">${escapeHtml(BUTTON)}</button></form>` : '';
  const html = [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(TITLE)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem}',
    'button{min-height:44px;padding:12px 24px;font-size:16px}</style></head>',
    `<body><h1>${escapeHtml(TITLE)}</h1><p>${escapeHtml(text)}</p>${form}</body></html>`,
  ].join('');
  return new Response(request.method === 'HEAD' ? null : html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
      ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
    },
  });
}

export default async function stopFinderMail(request: Request, env: FunctionEnv): Promise<Response> {
  const stop = request.method === 'POST';
  if (!stop && request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  }
  try {
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    // Counted before the token is looked at: guessing tokens costs tries like using one.
    if (!(await withinRateLimit(db, `stop-finder-mail:${client}`, TRIES_PER_HOUR * limitFactor, 3600)))
      return page(request, 'tooMany', { retryAfter: '3600' });
    const token = new URL(request.url).searchParams.get('token') ?? '';
    if (!/^[0-9a-f]{64}$/.test(token)) return page(request, 'unknown');
    const state = await call<'receiving' | 'stopped' | null>(db, 'finder_mail_stop', { p_token: token, p_stop: stop });
    if (state === null) return page(request, 'unknown');
    return page(request, state, { button: state === 'receiving' });
  } catch (error) {
    console.error('[stop-finder-mail]', error);
    return page(request, 'unavailable', { retryAfter: '60' });
  }
}
