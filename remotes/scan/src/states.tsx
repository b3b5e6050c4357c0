import { SUPPORT_EMAIL } from './copy.ts';
import { useWords } from './i18n.ts';

function ContactUs() {
  const { copy } = useWords();
  return (
    <a className="md-button md-button-secondary" href={`mailto:${SUPPORT_EMAIL}`}>
      {copy.contactUs}
    </a>
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
    </main>
  );
}
