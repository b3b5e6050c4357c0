// The parts of the page that work without JavaScript: before the page is hydrated (scripts
// blocked, failed, or not arrived yet), the message button is a <details> holding a plain HTML form the
// host forwards (in a <dialog> that a small inline script opens as a modal, for a browser with JavaScript
// whose page's scripts have not arrived yet), and the position button a <details> that says it needs
// JavaScript. Their content is written by the server entry only (scriptless-parts.tsx): the browser keeps
// the server's HTML of it and never renders it itself, so that neither its code nor its words are in the
// browser's chunks.
import type { ScanMessageForm } from '@medaille/scan-contract';
import {
  createContext,
  type ReactNode,
  Suspense,
  use,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useHydrated, usePageFacts } from './page-facts.ts';

export type ScriptlessPart = 'message' | 'location';

/**
 * What a part is written from besides the page's words: the animal's name, whether the page shows the
 * owner's e-mail, the message form's outcome.
 */
export interface PartFacts {
  name: string;
  /** The animal's sex (M/F as stored), which a finder's words agree with. */
  sex: string | null;
  ownerEmailShown: boolean;
  messageForm?: ScanMessageForm;
}

/** Writes a part's content: given by the server entry, absent in the browser. */
export type ScriptlessWriter = (part: ScriptlessPart, facts: PartFacts) => ReactNode;

const ScriptlessContext = createContext<ScriptlessWriter | null>(null);
export const ScriptlessProvider = ScriptlessContext.Provider;

// The browser waits on it for ever: React then keeps the server's HTML of the part as it is (a dehydrated
// Suspense boundary), until the part is replaced by its button.
const NEVER = new Promise<never>(() => {});

/**
 * `children` on the server and in a browser's own render; while the browser hydrates the server's page, the
 * server's HTML of them kept as it is instead (within a Suspense boundary), so that the browser downloads
 * nothing for them: they are rendered if something changes them later (another language).
 */
export function KeepServerHtml({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const onServer = useContext(ScriptlessContext) !== null;
  if (!hydrated && !onServer) use(NEVER);
  return children;
}

/**
 * A part as the server wrote it, within a Suspense boundary: the browser keeps it as it is while it
 * hydrates, and its own render has nothing there. Give it the same element on every render: React keeps
 * the server's content of a boundary it could not hydrate only while nothing re-renders it (new props
 * would make it render it, to its fallback).
 */
function ServerPart({ part, facts }: { part: ScriptlessPart; facts: PartFacts }) {
  return (
    <Suspense fallback={null}>
      <ServerContent part={part} facts={facts} />
    </Suspense>
  );
}

function ServerContent({ part, facts }: { part: ScriptlessPart; facts: PartFacts }) {
  const write = useContext(ScriptlessContext);
  if (write === null) use(NEVER);
  return write?.(part, facts);
}

/** Whether the finder typed in a part the server wrote (the honeypot aside). */
const typedIn = (part: HTMLElement) =>
  [...part.querySelectorAll<HTMLTextAreaElement>('textarea, input:not([name="website"])')].some(
    (field) => field.value !== field.defaultValue,
  );

/**
 * A button labelled `summary` that opens its dialog (`prepare`, then `onOpen`) once the page is hydrated;
 * before, a <details> whose <summary> looks like it and whose content works without JavaScript. A part the finder opened just before the page was hydrated (the message form
 * then shows as its modal dialog) becomes what the button opens (`onOpen`) once `prepare` has brought its
 * code and words, so that nothing disappears meanwhile. A part they typed in, even closed again, or that
 * shows the host's outcome stays as it is, so that nothing they typed or read goes away; so does one whose
 * code cannot be had, since it works without.
 */
export function UntilHydrated({
  part,
  name,
  sex = null,
  ownerEmailShown = false,
  summary,
  className,
  prepare = () => Promise.resolve(),
  onOpen,
}: {
  part: ScriptlessPart;
  /** The animal's name, for the part's title. */
  name: string;
  /** The animal's sex (M/F as stored), for the words that agree with it. */
  sex?: string | null;
  /** Whether the page shows the owner's e-mail, which the message form then does not say it hides. */
  ownerEmailShown?: boolean;
  summary: string;
  className: string;
  /** Brings what `onOpen` shows, so that it shows at once; `onOpen` runs even if it fails (the dialog says so). */
  prepare?: () => Promise<unknown>;
  onOpen: () => void;
}) {
  // The no-JavaScript form's outcome, after the host forwarded it.
  const messageForm = part === 'message' ? usePageFacts()?.messageForm : undefined;
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The same element on every render (see ServerPart).
  const content = useMemo(
    () => <ServerPart part={part} facts={{ name, sex, ownerEmailShown, messageForm }} />,
    [part, name, sex, ownerEmailShown, messageForm],
  );
  // The server's part stays for good (kept), or until what the button opens is ready (handingOver).
  const [kept, setKept] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const tookOver = useRef(false);
  // Once, as the page is hydrated: what the finder did before, not later.
  useLayoutEffect(() => {
    const server = details.current;
    if (!server) return;
    if (messageForm || typedIn(server)) {
      setKept(true);
      return;
    }
    if (!server.open) return;
    setHandingOver(true);
    prepare().then(
      () => {
        // As it is now: they may have typed, or closed it, meanwhile.
        if (typedIn(server)) setKept(true);
        else if (server.open) {
          tookOver.current = true;
          onOpen();
        }
        setHandingOver(false);
      },
      () => setKept(true),
    );
  }, []);
  // Focused as it takes over a part the finder had open, in the commit that shows it and the dialog it
  // opens, before the dialog's own layout effect: the dialog then gives focus back to it, not to the top.
  useLayoutEffect(() => {
    if (!tookOver.current || !button.current) return;
    tookOver.current = false;
    button.current.focus();
  });
  if (hydrated && !kept && !handingOver) {
    return (
      <button ref={button} type="button" className={className} onClick={() => prepare().then(onOpen, onOpen)}>
        {summary}
      </button>
    );
  }
  return (
    // The form's outcome (sent, refused) shows at once, open. The finder may have opened it before the page
    // was hydrated: that `open` is theirs, not a mismatch.
    <details ref={details} className="scan-scriptless" open={messageForm !== undefined} suppressHydrationWarning>
      <summary className={className}>{summary}</summary>
      {content}
    </details>
  );
}
