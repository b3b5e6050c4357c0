import { phoneToCall } from '@medaille/domain';
import { FranceGuide } from './france-guide-card.tsx';
import { useWords } from './i18n.ts';
import { SUPPORT_EMAIL } from './owner-text.ts';
import type { BusyAnswer } from './profile-api.ts';
import { ReachByPhone } from './reach-by-phone.tsx';

function ContactUs() {
  const { copy } = useWords();
  return (
    <a className="md-button md-button-secondary" href={`mailto:${SUPPORT_EMAIL}`}>
      {copy.contactUs}
    </a>
  );
}

/**
 * A finder's way forward from a page with no owner to reach: the code typed again as they read it on the
 * medal (a misread QR, a code typed wrong), and what to do in France. A plain form, with or without
 * JavaScript: it asks this page again with `?code=`, which the host sends on to the typed code's page, read
 * as the landing page reads it. No code of its own in the page's JavaScript.
 */
function WayForward() {
  const { copy } = useWords();
  return (
    <>
      <form className="scan-card scan-retype" method="get">
        <label htmlFor="scan-retype-code">{copy.medalCode}</label>
        <p id="scan-retype-hint" className="scan-hint">
          {copy.retype.hint}
        </p>
        <input
          id="scan-retype-code"
          name="code"
          required
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="scan-retype-hint"
        />
        <button type="submit" className="md-button md-button-primary">
          {copy.retype.submit}
        </button>
      </form>
      <FranceGuide open={false} ownerUnknown />
    </>
  );
}

export function UnclaimedState({ code }: { code: string }) {
  const { copy } = useWords();
  const query = `?code=${encodeURIComponent(code)}`;
  return (
    <main className="scan scan-centered">
      <h1>{copy.unclaimed.title}</h1>
      <p className="scan-code">{code}</p>
      <p>{copy.unclaimed.text}</p>
      <div className="scan-actions">
        <a className="md-button md-button-primary" href={`/activer${query}`}>
          {copy.unclaimed.activate}
        </a>
        <a className="md-button md-button-secondary" href={`/auth/login${query}`}>
          {copy.unclaimed.haveAccount}
        </a>
      </div>
      <WayForward />
    </main>
  );
}

/** The code in clear, as the medal and the printed sheet show it. */
export function MedalCode({ code }: { code: string }) {
  const { copy } = useWords();
  return (
    <p>
      {copy.medalCode}
      <br />
      <span className="scan-code">{code}</span>
    </p>
  );
}

export function SuspendedState({ code }: { code: string }) {
  const { copy } = useWords();
  return (
    <main className="scan scan-centered">
      <h1>{copy.suspended.title}</h1>
      <p>{copy.suspended.text}</p>
      <MedalCode code={code} />
      <ContactUs />
      <WayForward />
    </main>
  );
}

export function RetiredState({ code }: { code: string }) {
  const { copy } = useWords();
  return (
    <main className="scan scan-centered">
      <h1>{copy.retired.title}</h1>
      <p>{copy.retired.text}</p>
      <MedalCode code={code} />
      <ContactUs />
      <WayForward />
    </main>
  );
}

export function NotFoundState() {
  const { copy } = useWords();
  return (
    <main className="scan scan-centered">
      <h1>{copy.notFound.title}</h1>
      <p>{copy.notFound.text}</p>
      <ContactUs />
      <WayForward />
    </main>
  );
}

/**
 * A known medal whose page was opened too often from the finder's address: its name and the numbers to call
 * (a call, an SMS, WhatsApp), whatever the limit.
 */
export function BusyState({ answer }: { answer: BusyAnswer }) {
  const { copy } = useWords();
  const call = phoneToCall(answer);
  return (
    <main className="scan scan-centered">
      <h1 className="scan-name">{answer.name}</h1>
      <p role="status">{copy.busy}</p>
      {call ? <ReachByPhone phone={call.phone} name={answer.name} contact={call.name} /> : null}
      <MedalCode code={answer.code} />
    </main>
  );
}
