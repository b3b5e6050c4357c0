// What the page shows without JavaScript inside its <details> (scriptless.tsx), written by the server
// entry only (issue 18). The message form posts to the page's own address; the host forwards it to
// post_finder_message (same limits, honeypot and French refusals) and renders the page again with its
// outcome. No photo without JavaScript: resizing it is the browser's work.

import { LIMITS } from '@medaille/domain';
import type { ScanMessageForm } from '@medaille/federation';
import { useDialogWords, useWords } from './i18n.ts';
import type { ScriptlessWriter } from './scriptless.tsx';
import { SCRIPTLESS_WORDS } from './scriptless-copy.ts';

function MessageForm({ outcome }: { outcome?: ScanMessageForm }) {
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

export const writeScriptlessPart: ScriptlessWriter = (part, messageForm) =>
  part === 'message' ? <MessageForm outcome={messageForm} /> : <LocationNeedsScript />;
