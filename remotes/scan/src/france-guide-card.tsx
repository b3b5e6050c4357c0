import { Suspense, useEffect, useMemo, useState } from 'react';
import { dialogWordsFor, useWords } from './i18n.ts';
import { onDemand } from './on-demand.tsx';
import { usePageFacts } from './page-facts.ts';
import { KeepServerHtml } from './scriptless.tsx';

const GUIDE_STEPS = onDemand(() => import('./france-guide.tsx'));
const FranceGuideSteps = GUIDE_STEPS.Component;

/**
 * What to do in France when the owner cannot be reached; open at once when the animal is lost. Its steps
 * are downloaded when it first opens, and shown once they are here. `ownerUnknown`: a page with no owner
 * to reach (a code not found, a medal suspended, retired or not activated), whose steps start at the vet.
 */
export function FranceGuide({ open, ownerUnknown = false }: { open: boolean; ownerUnknown?: boolean }) {
  const { copy, language } = useWords();
  const [shown, setShown] = useState(open);
  // Open on the server's page: its steps are in the HTML, which the browser keeps (nothing downloaded).
  const serverWritten = usePageFacts() !== undefined && open;
  // The steps' words download beside the steps' own chunk, not after it.
  useEffect(() => {
    if (shown && !serverWritten) void dialogWordsFor(language);
  }, [shown, serverWritten, language]);
  // The same element on every render, so that React keeps the server's steps (see KeepServerHtml).
  const steps = useMemo(
    () => (
      <Suspense fallback={null}>
        <KeepServerHtml>
          <FranceGuideSteps ownerUnknown={ownerUnknown} />
        </KeepServerHtml>
      </Suspense>
    ),
    [ownerUnknown],
  );
  return (
    <details
      className="scan-card scan-guide"
      open={open}
      onToggle={(event) => {
        if (!event.currentTarget.open || shown) return;
        // Shown once its code and words are here, as a dialog is (onDemand).
        const show = () => setShown(true);
        Promise.all([GUIDE_STEPS.load(), dialogWordsFor(language)]).then(show, show);
      }}
    >
      <summary>{copy.guide.title}</summary>
      {shown ? steps : null}
    </details>
  );
}
