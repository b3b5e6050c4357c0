import { COPY, SUPPORT_EMAIL } from './copy.ts';

function ContactUs() {
  return (
    <a className="md-button md-button-secondary" href={`mailto:${SUPPORT_EMAIL}`}>
      {COPY.contactUs}
    </a>
  );
}

export function UnclaimedState({ code }: { code: string }) {
  const query = `?code=${encodeURIComponent(code)}`;
  return (
    <main className="scan scan-centered">
      <h1>{COPY.unclaimed.title}</h1>
      <p className="scan-code">{code}</p>
      <p>{COPY.unclaimed.text}</p>
      <div className="scan-actions">
        <a className="md-button md-button-primary" href={`/activer${query}`}>
          {COPY.unclaimed.activate}
        </a>
        <a className="md-button md-button-secondary" href={`/auth/login${query}`}>
          {COPY.unclaimed.haveAccount}
        </a>
      </div>
    </main>
  );
}

/** The code in clear, as the medal and the printed sheet show it. */
export function MedalCode({ code }: { code: string }) {
  return (
    <p>
      {COPY.medalCode}
      <br />
      <span className="scan-code">{code}</span>
    </p>
  );
}

export function SuspendedState({ code }: { code: string }) {
  return (
    <main className="scan scan-centered">
      <h1>{COPY.suspended.title}</h1>
      <p>{COPY.suspended.text}</p>
      <MedalCode code={code} />
      <ContactUs />
    </main>
  );
}

export function NotFoundState() {
  return (
    <main className="scan scan-centered">
      <h1>{COPY.notFound.title}</h1>
      <p>{COPY.notFound.text}</p>
      <ContactUs />
    </main>
  );
}
