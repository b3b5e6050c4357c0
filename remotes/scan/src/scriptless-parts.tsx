// What the page shows without JavaScript inside its <details> (scriptless.tsx), written by the server
// entry only (issue 18). The message form posts to the page's own address; the host forwards it to
// post_finder_message (same limits, honeypot and French refusals) and renders the page again with its
// outcome. No photo without JavaScript: resizing it is the browser's work.

import { LIMITS } from '@medaille/domain';
import { type ScanMessageForm, scriptSafeJson } from '@medaille/federation';
import { useDialogWords, useWords } from './i18n.ts';
import type { ScriptlessWriter } from './scriptless.tsx';
import { SCRIPTLESS_WORDS } from './scriptless-copy.ts';

/**
 * The scripts of the message dialog in the page's language, among the scan build's on-demand scripts (the
 * host passes them from mf-manifest.json): the chunks named in profile-view.tsx and i18n.ts.
 */
export function messageDialogScripts(scripts: readonly string[], language: string): string[] {
  const names = new Set(['message-dialog', `dialogs-${language}`]);
  return scripts.filter((script) => {
    const url = URL.canParse(script) ? new URL(script) : null;
    const file = /^([a-z-]+)\.[0-9a-f]+\.js$/.exec(url?.pathname.split('/').pop() ?? '');
    return file !== null && names.has(file[1] as string);
  });
}

/**
 * A script that fetches `scripts` the first time its <details> opens (or at once if it opened while the
 * page was still arriving): a finder who opens the form before the page's JavaScript has arrived gets the
 * dialog it turns into without waiting one more round trip once hydrated, and a finder who only reads
 * downloads nothing more. Without JavaScript it does nothing.
 */
function PreloadWhenOpened({ scripts }: { scripts: string[] }) {
  if (scripts.length === 0) return null;
  // Script-safe: a URL's `<` or line separators cannot end the element or the string.
  const urls = scriptSafeJson(scripts);
  const code = `(function(d){if(!d)return;function f(){if(!d.open)return;d.removeEventListener("toggle",f);${urls}.forEach(function(u){var l=document.createElement("link");l.rel="preload";l.as="script";l.href=u;document.head.appendChild(l)})}d.addEventListener("toggle",f);f()})(document.currentScript.closest("details"))`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

function MessageForm({ outcome, scripts }: { outcome?: ScanMessageForm; scripts: string[] }) {
  const copy = useDialogWords();
  const text = copy.message;
  if (outcome?.state === 'sent') {
    return (
      <p className="scan-sent" role="status">
        <strong>{text.sent.title}</strong>
        <br />
        {text.sent.description}
      </p>
    );
  }
  const values = outcome?.state === 'refused' ? outcome.values : { message: '', contact: '' };
  return (
    <form className="scan-form" method="post">
      <PreloadWhenOpened scripts={scripts} />
      <p>{text.intro}</p>
      {outcome?.state === 'refused' ? (
        <p className="scan-error" role="alert">
          {outcome.error}
        </p>
      ) : null}
      <label htmlFor="scan-form-message">{text.message}</label>
      <textarea
        id="scan-form-message"
        name="message"
        rows={5}
        maxLength={LIMITS.messageMaxLength}
        defaultValue={values.message}
      />
      <label htmlFor="scan-form-contact">{text.contact}</label>
      <input
        id="scan-form-contact"
        name="contact"
        maxLength={LIMITS.finderContactMaxLength}
        autoComplete="on"
        defaultValue={values.contact}
      />
      {/* Hidden even without the page's CSS; robots fill it, and the host then sends nothing. */}
      <div className="scan-honeypot" aria-hidden="true" hidden>
        <label htmlFor="scan-form-website">{text.honeypot}</label>
        <input id="scan-form-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="scan-actions">
        <button type="submit" className="md-button md-button-primary">
          {text.send}
        </button>
      </div>
    </form>
  );
}

function LocationNeedsScript() {
  const { language } = useWords();
  return <p>{SCRIPTLESS_WORDS[language].locationNeedsScript}</p>;
}

/** The server's writer of the parts; `messageScripts`: the message dialog's scripts (messageDialogScripts). */
export const scriptlessWriter =
  (messageScripts: string[]): ScriptlessWriter =>
  (part, messageForm) =>
    part === 'message' ? <MessageForm outcome={messageForm} scripts={messageScripts} /> : <LocationNeedsScript />;
