import './scan.css';
import type { ScanPageProps } from '@medaille/federation';
import { useEffect, useState } from 'react';
import { COPY } from './copy.ts';
import { fetchPublicProfile, type ScanAnswer } from './profile-api.ts';
import { ProfileView } from './profile-view.tsx';
import { NotFoundState, SuspendedState, UnclaimedState } from './states.tsx';

type Load = { state: 'checking' } | { state: 'done'; answer: ScanAnswer } | { state: 'failed'; message: string };

/** The public page of a medal code: checking, then not found, unclaimed, suspended, or the animal's profile. */
export default function ScanPage({ code }: ScanPageProps) {
  const [load, setLoad] = useState<Load>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  // `attempt` fetches the profile again (a retry, or news such as a shared location) without a blank page.
  useEffect(() => {
    let current = true;
    fetchPublicProfile(code)
      .then((answer) => current && setLoad({ state: 'done', answer }))
      .catch(
        (error: Error) => current && setLoad({ state: 'failed', message: error.message || COPY.loadFailed.title }),
      );
    return () => {
      current = false;
    };
  }, [code, attempt]);
  const refresh = () => setAttempt((n) => n + 1);

  if (load.state === 'checking') {
    return (
      <main className="scan scan-centered" aria-busy="true">
        <p role="status">{COPY.checking}</p>
      </main>
    );
  }
  if (load.state === 'failed') {
    return (
      <main className="scan scan-centered">
        <h1>{COPY.loadFailed.title}</h1>
        <p role="alert">{load.message}</p>
        <button
          type="button"
          className="md-button md-button-primary"
          onClick={() => {
            setLoad({ state: 'checking' });
            refresh();
          }}
        >
          {COPY.loadFailed.retry}
        </button>
      </main>
    );
  }
  const { answer } = load;
  switch (answer.status) {
    case 'not_found':
      return <NotFoundState />;
    case 'unclaimed':
      return <UnclaimedState code={answer.code} />;
    case 'suspended':
      return <SuspendedState code={answer.code} />;
    case 'claimed':
      return <ProfileView profile={answer} onChanged={refresh} />;
  }
}
