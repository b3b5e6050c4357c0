/**
 * The host's own page for a form posted without JavaScript whose outcome cannot be shown: the scan deployment
 * could not be loaded or its action failed, or the page after a refusal could not be rendered. The client-rendered page would lose
 * the finder's text; this one shows it and posts the form again as it was sent. The host knows nothing of the
 * form's fields: every field goes back as it came, every non-empty value is shown.
 */
import { escapeHtml } from '@medaille/domain';
import { readPostedForm } from '@medaille/scan-contract';

/** The most of a form the host reads to give back: far more than a message form (the action refuses more). */
const SENT_FORM_MAX_BYTES = 16 * 1024;

/** The words of docs/product/scan-page.md for a message that could not be sent. */
const TITLE = "Impossible d'envoyer le message";
/** When no refusal's words came back: the deployment could not be run. */
export const UNAVAILABLE_EXPLANATION =
  "Le service est momentanément indisponible. Rien n'est perdu : vous pouvez le renvoyer dans un instant.";
const WHAT_WAS_WRITTEN = 'Ce que vous avez écrit :';
const RESEND = 'Renvoyer le message';
const BACK = "Revenir à la page de l'animal";

/**
 * The fields of a posted form of at most 16 KB, read as the scan's action reads its own
 * (`readPostedForm`), or null for any other body (the caller keeps its answer for those).
 */
export async function readSentForm(request: Request): Promise<URLSearchParams | null> {
  try {
    const form = await readPostedForm(request, SENT_FORM_MAX_BYTES);
    return 'fields' in form ? form.fields : null;
  } catch {
    // The finder's connection went away while it was read: nobody is left to give it back to.
    return null;
  }
}

/**
 * The page, `<!doctype html>` to `</html>`: no script, so that it works where the scan page's did not run.
 * `description` is the refusal's own words when the functions gave some (shown as the toast's description, as the scan
 * page does).
 */
export function resendPage(code: string, sent: URLSearchParams, description = UNAVAILABLE_EXPLANATION): string {
  const path = escapeHtml(`/${encodeURIComponent(code)}`);
  const fields = [...sent];
  const written = fields
    .filter(([, value]) => value.trim() !== '')
    .map(([, value]) => `<blockquote>${escapeHtml(value)}</blockquote>`)
    .join('');
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(TITLE)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem}',
    'blockquote{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 1rem;padding:.5rem 1rem;border-left:4px solid #999}',
    'button{font:inherit;padding:.5rem 1rem}</style></head>',
    `<body><main><h1>${escapeHtml(TITLE)}</h1><p>${escapeHtml(description)}</p>`,
    written ? `<p>${escapeHtml(WHAT_WAS_WRITTEN)}</p>${written}` : '',
    `<form method="post" action="${path}">${hidden}<button type="submit">${escapeHtml(RESEND)}</button></form>`,
    `<p><a href="${path}">${escapeHtml(BACK)}</a></p></main></body></html>`,
  ].join('');
}
