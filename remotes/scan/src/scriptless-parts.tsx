// What the page shows without JavaScript inside its <details> (scriptless.tsx), written by the server entry only, so
// that neither its code nor its words are in the browser's chunks. The message form posts to the page's own address;
// the route module's action (message-form.ts) sends it to post_finder_message (same limits, honeypot and French
// refusals) and the page is rendered again with its outcome. No photo without JavaScript: resizing it is the
// browser's work.

import { CONVERSATION_LIMITS, FINDER_STATUSES, isFinderStatus, LIMITS } from '@medaille/domain';
import type { ScanMessageForm } from '@medaille/scan-contract';
import { scriptsNamed } from './document-parts.ts';
import { useDialogWords, useWords } from './i18n.ts';
import { MESSAGE_FIELDS } from './message-form.ts';
import type { ScriptlessWriter } from './scriptless.tsx';
import { SCRIPTLESS_WORDS } from './scriptless-copy.ts';
import { SEND_KEY_SLOT } from './send-key.ts';

/**
 * The scripts of the message dialog in the page's language, among the scan build's on-demand scripts (the
 * host passes them from mf-manifest.json): the chunks named in profile-view.tsx and i18n.ts.
 */
export function messageDialogScripts(scripts: readonly string[], language: string): string[] {
  return scriptsNamed(scripts, ['message-dialog', `dialogs-${language}`]);
}

/**
 * The message form's script, for a browser with JavaScript whose page's scripts have not arrived yet: the
 * summary opens the form as a modal dialog, as the hydrated page's button does, and its first opening
 * fetches the URLs of its `data-scripts`, the page's own dialog, which then comes without one more round trip.
 * Escape and 'Annuler' close it; 'Annuler' is heard on the document before React, which, once the page is
 * hydrated, stops at its root a click inside a part it keeps as the server wrote it. Without JavaScript, or
 * without <dialog>, the <details> opens the form in the page. `data-outcome`: the page shows the host's
 * outcome, open in the page, and it stays there. Sent as its own source (self-contained: it names nothing
 * outside itself), run with its <script> element.
 */
function openFormAsDialog(script: HTMLScriptElement): void {
  const dialog = script.closest('dialog') as HTMLDialogElement;
  const urls = JSON.parse(script.getAttribute('data-scripts') || '[]') as string[];
  const outcome = script.hasAttribute('data-outcome');
  const details = dialog.parentElement as HTMLDetailsElement;
  const summary = details.firstElementChild as HTMLElement;
  let asked = false;
  const fetchDialog = () => {
    if (asked) return;
    asked = true;
    for (const url of urls) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = url;
      document.head.appendChild(link);
    }
  };
  const open = () => {
    details.open = true;
    fetchDialog();
    if (!dialog.open) dialog.showModal();
  };
  details.addEventListener('toggle', () => {
    if (details.open) fetchDialog();
  });
  if (typeof dialog.showModal !== 'function') {
    if (details.open) fetchDialog();
    return;
  }
  summary.addEventListener('click', (event) => {
    event.preventDefault();
    if (details.open) details.open = false;
    else open();
  });
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (target instanceof Element && dialog.contains(target) && target.closest('.scan-modal-only')) dialog.close();
    },
    true,
  );
  dialog.addEventListener('close', () => {
    details.open = false;
  });
  if (details.open) {
    if (outcome) fetchDialog();
    else open();
  }
}

/**
 * `openFormAsDialog` as the page's script. One text for every page (what varies is in its attributes): the
 * host's Content-Security-Policy allows it by its hash (`inlineScripts` of the server entry).
 */
export const OPEN_AS_DIALOG_SCRIPT = `(${openFormAsDialog.toString()})(document.currentScript)`;

function OpenAsDialog({ scripts, outcome }: { scripts: string[]; outcome: boolean }) {
  // An attribute, escaped by React: a URL's quote or `<` cannot end it.
  return (
    <script
      data-scripts={JSON.stringify(scripts)}
      data-outcome={outcome ? '' : undefined}
      dangerouslySetInnerHTML={{ __html: OPEN_AS_DIALOG_SCRIPT }}
    />
  );
}

function MessageForm({
  name,
  sex,
  ownerEmailShown,
  outcome,
  scripts,
}: {
  name: string;
  sex: string | null;
  ownerEmailShown: boolean;
  outcome?: ScanMessageForm;
  scripts: string[];
}) {
  const copy = useDialogWords();
  const text = copy.message;
  if (outcome?.state === 'sent') {
    return (
      <div className="scan-sent" role="status">
        <p>
          <strong>{text.sent.title}</strong>
          <br />
          {text.sent.description}
        </p>
        {outcome.conversation ? (
          <>
            <p>{text.conversationText(name)}</p>
            <a className="md-button md-button-primary" href={outcome.conversation}>
              {text.openConversation}
            </a>
          </>
        ) : null}
      </div>
    );
  }
  const values = outcome?.state === 'refused' ? outcome.values : { message: '', contact: '', email: '' };
  const status = values.status ?? '';
  return (
    // Shown in the page by the disclosure when closed (scan.css), as a modal once the script opens it.
    <dialog className="scan-dialog scan-early-dialog" aria-labelledby="scan-form-title">
      <form className="scan-form" method="post">
        <OpenAsDialog scripts={scripts} outcome={outcome !== undefined} />
        {/* Refused or failed, the form comes back with its key: sent again, the message is stored once. */}
        <input type="hidden" name={MESSAGE_FIELDS.sendKey} value={values.sendKey || SEND_KEY_SLOT} />
        <h2 id="scan-form-title">{text.title(name)}</h2>
        <p>{ownerEmailShown ? text.intro : `${text.intro} ${text.addressKept}`}</p>
        {outcome?.state === 'refused' ? (
          <p className="scan-error" role="alert">
            {outcome.error}
          </p>
        ) : null}
        {/* Without JavaScript, no position: the place is asked whatever the choice (message-form.ts keeps it). */}
        <fieldset className="scan-status">
          <legend>{text.statusLegend}</legend>
          {['', ...FINDER_STATUSES].map((each) => (
            <label key={each} className="scan-choice">
              <input type="radio" name={MESSAGE_FIELDS.status} value={each} defaultChecked={status === each} />
              {isFinderStatus(each) ? text.statuses(sex)[each] : text.statusNone}
            </label>
          ))}
        </fieldset>
        <label htmlFor="scan-form-place">{text.place}</label>
        <input
          id="scan-form-place"
          name={MESSAGE_FIELDS.place}
          maxLength={CONVERSATION_LIMITS.statusPlaceMaxLength}
          defaultValue={values.place ?? ''}
        />
        <label htmlFor="scan-form-message">{text.message}</label>
        <textarea
          id="scan-form-message"
          name={MESSAGE_FIELDS.message}
          rows={5}
          maxLength={LIMITS.messageMaxLength}
          defaultValue={values.message}
        />
        <label htmlFor="scan-form-contact">{text.contact}</label>
        <input
          id="scan-form-contact"
          name={MESSAGE_FIELDS.contact}
          maxLength={LIMITS.finderContactMaxLength}
          autoComplete="on"
          defaultValue={values.contact}
        />
        <label htmlFor="scan-form-email">{text.email}</label>
        <input
          id="scan-form-email"
          name={MESSAGE_FIELDS.email}
          type="email"
          maxLength={LIMITS.emailMaxLength}
          autoComplete="email"
          aria-describedby="scan-form-email-hint"
          defaultValue={values.email ?? ''}
        />
        <p id="scan-form-email-hint" className="scan-hint">
          {text.emailHint}
        </p>
        {/* Hidden even without the page's CSS; robots fill it, and the host then sends nothing. */}
        <div className="scan-honeypot" aria-hidden="true" hidden>
          <label htmlFor="scan-form-website">{text.honeypot}</label>
          <input id="scan-form-website" name={MESSAGE_FIELDS.website} tabIndex={-1} autoComplete="off" />
        </div>
        <div className="scan-actions">
          {/* Closes the modal (the script); not shown in the page. Not a submit button: Enter in a field
              presses the form's first one, which must be 'Envoyer'. */}
          <button type="button" className="md-button md-button-secondary scan-modal-only">
            {text.cancel}
          </button>
          <button type="submit" className="md-button md-button-primary">
            {text.send}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function LocationNeedsScript() {
  const { language } = useWords();
  return <p>{SCRIPTLESS_WORDS[language].locationNeedsScript}</p>;
}

/** The server's writer of the parts; `messageScripts`: the message dialog's scripts (messageDialogScripts). */
export const scriptlessWriter =
  (messageScripts: string[]): ScriptlessWriter =>
  (part, { name, sex, ownerEmailShown, messageForm }) =>
    part === 'message' ? (
      <MessageForm
        name={name}
        sex={sex}
        ownerEmailShown={ownerEmailShown}
        outcome={messageForm}
        scripts={messageScripts}
      />
    ) : (
      <LocationNeedsScript />
    );
