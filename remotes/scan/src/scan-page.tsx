import './scan.css';
import type { ScanHydration, ScanPageProps } from '@medaille/scan-contract';
import { Suspense, useEffect, useState } from 'react';
import { failureText } from './format.ts';
import {
  chooseLanguage,
  dictionaryFor,
  isLanguage,
  type Language,
  localeFor,
  rememberedLanguage,
  rememberLanguage,
  useDialogWords,
  useWords,
  type Words,
  WordsProvider,
} from './i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { PageFactsProvider } from './page-facts.ts';
import { usePageHead } from './page-head.ts';
import { fetchPublicProfile, type PageAnswer } from './profile-api.ts';
import { ProfileView } from './profile-view.tsx';
import { BusyState, NotFoundState, RetiredState, SuspendedState, UnclaimedState } from './states.tsx';

export { BUILD_ID } from './build-id.ts';

type Load = { state: 'checking' } | { state: 'done'; answer: PageAnswer } | { state: 'failed'; error: Error };

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));

/** The words of a language, at once when here (French, or a chunk already arrived), else once it arrives. */
function wordsOf(language: Language, known?: string): Words | Promise<Words> {
  const locale = known ?? localeFor(language, browserLanguages());
  const copy = dictionaryFor(language);
  return copy instanceof Promise
    ? copy.then((loaded) => ({ language, locale, copy: loaded }))
    : { language, locale, copy };
}

/** The language the server rendered in; French for anything else. */
const languageOf = (initial: ScanHydration): Language => (isLanguage(initial.language) ? initial.language : 'fr');

const initialWords = (initial: ScanHydration) => wordsOf(languageOf(initial), initial.locale);

/**
 * Resolves once the page can render `initial` at once: the shell waits for it before hydrating the server's
 * HTML, which a page still waiting for its words would not match.
 */
export async function prepareHydration(initial: ScanHydration): Promise<void> {
  await initialWords(initial);
}

// Asked as soon as this module runs, before the first render: a finder who reads English gets their chunk
// while the profile request the HTML started is still on its way, and never sees French first.
const firstWords = wordsOf(chooseLanguage(rememberedLanguage(), browserLanguages()));

/**
 * The public page of a medal code, in the finder's language, with the switch to change it. With `initial`
 * (the server's render), its first render is the server's HTML, in the server's language.
 */
export default function ScanPage({ code, initial }: ScanPageProps) {
  const [first] = useState(() => (initial ? initialWords(initial) : firstWords));
  const [words, setWords] = useState<Words | null>(first instanceof Promise ? null : first);
  useEffect(() => {
    if (first instanceof Promise) void first.then(setWords);
  }, [first]);
  usePageHead(words?.language ?? null);

  const choose = async (language: Language) => {
    rememberLanguage(language);
    setWords(await wordsOf(language));
  };

  // Nothing is written until the finder's words are here: no French flash before English.
  if (words === null) return <main className="scan scan-centered" aria-busy="true" />;
  return (
    <WordsProvider value={words}>
      <div className="scan-language">
        <LanguageSwitch language={words.language} onChange={(language) => void choose(language)} />
      </div>
      <CodePage code={code} initial={initial} />
    </WordsProvider>
  );
}

/** Checking, then not found, unclaimed, suspended, or the animal's profile. */
function CodePage({ code, initial }: ScanPageProps) {
  const { copy } = useWords();
  const [load, setLoad] = useState<Load>(() =>
    initial ? { state: 'done', answer: initial.answer as PageAnswer } : { state: 'checking' },
  );
  const [attempt, setAttempt] = useState(0);

  // `attempt` fetches the profile again (a retry, or news such as a shared location) without a blank page.
  useEffect(() => {
    // The server's answer is the first one: no second request for it.
    if (initial && attempt === 0) return;
    let current = true;
    fetchPublicProfile(code)
      .then((answer) => current && setLoad({ state: 'done', answer }))
      .catch(
        (error: Error) =>
          // A profile already shown stays (its call buttons with it) when asking again fails.
          current && setLoad((shown) => (shown.state === 'done' ? shown : { state: 'failed', error })),
      );
    return () => {
      current = false;
    };
  }, [code, attempt, initial]);
  const refresh = () => setAttempt((n) => n + 1);

  if (load.state === 'checking') {
    return (
      <main className="scan scan-centered" aria-busy="true">
        <p role="status">{copy.checking}</p>
      </main>
    );
  }
  if (load.state === 'failed') {
    return (
      <main className="scan scan-centered">
        <h1>{copy.loadFailed.title}</h1>
        <Suspense fallback={null}>
          <FailureMessage error={load.error} />
        </Suspense>
        <button
          type="button"
          className="md-button md-button-primary"
          onClick={() => {
            setLoad({ state: 'checking' });
            refresh();
          }}
        >
          {copy.loadFailed.retry}
        </button>
      </main>
    );
  }
  return <PageFactsProvider value={initial}>{answerPage(load.answer, refresh)}</PageFactsProvider>;
}

/** The page for one answer of get_public_profile. */
function answerPage(answer: PageAnswer, onChanged: () => void) {
  switch (answer.status) {
    case 'rate_limited':
      return <BusyState answer={answer} />;
    case 'not_found':
      return <NotFoundState />;
    case 'unclaimed':
      return <UnclaimedState code={answer.code} />;
    case 'suspended':
      return <SuspendedState code={answer.code} />;
    case 'retired':
      return <RetiredState code={answer.code} />;
    case 'claimed':
      return <ProfileView profile={answer} onChanged={onChanged} />;
  }
}

/** Why the profile did not load, in the finder's language when the refusal is one the functions name. */
function FailureMessage({ error }: { error: Error }) {
  const { copy } = useWords();
  const words = useDialogWords();
  // A network failure's words are the browser's ('Failed to fetch'), in its language: never shown.
  return <p role="alert">{failureText(words, error, copy.loadFailed.unreachable)}</p>;
}
