import { ConfirmDialog } from '@medaille/design-system';
import { useEffect, useRef, useState } from 'react';
import { ANIMALS_COPY } from './copy.ts';

const text = ANIMALS_COPY.edit.unsaved;

/** The history entry the guard puts over the page's own: its state carries this mark. */
const GUARD_ENTRY = 'medailleUnsavedChanges';

const atGuardEntry = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && GUARD_ENTRY in state;
};

const putGuardEntryOnTop = () => {
  if (!atGuardEntry()) {
    window.history.pushState({ ...window.history.state, [GUARD_ENTRY]: true }, '', window.location.href);
  }
};

/**
 * Asks before the owner leaves a form with unsaved changes: closing or reloading the tab gets the browser's
 * own question, a link followed inside the site (the header, 'Retour à mon compte'), `leave` or going back
 * (a phone's back gesture) gets this dialog. The portal runs under a BrowserRouter, which cannot block a
 * navigation itself, so links are caught at the click, before any router sees it, and going back first
 * leaves an entry of the same page that the guard puts on top of the history while changes are unsaved.
 */
export function useUnsavedChangesGuard(unsaved: boolean) {
  // The way out the owner asked for, held while the dialog asks; a confirmed link is clicked again.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirmed = useRef(false);
  // Set while the dialog asks about going back: staying puts the guard's entry back on top.
  const wentBack = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
    putGuardEntryOnTop();
    const popState = () => {
      if (confirmed.current || atGuardEntry()) return;
      wentBack.current = true;
      setPending(() => () => {
        confirmed.current = true;
        window.history.back();
      });
    };
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      if (confirmed.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.download) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => {
        confirmed.current = true;
        link.click();
        confirmed.current = false;
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('popstate', popState);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('popstate', popState);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved]);

  /** Runs `go` at once without unsaved changes, else once the owner confirms. */
  const leave = (go: () => void) => (unsaved ? setPending(() => go) : go());

  const stay = () => {
    setPending(null);
    if (wentBack.current) putGuardEntryOnTop();
    wentBack.current = false;
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : stay())}
      title={text.title}
      description={text.text}
      confirmLabel={text.confirm}
      // Nothing stored is destroyed: the accent, not the red of a deletion.
      tone="accent"
      onConfirm={() => {
        const go = pending;
        wentBack.current = false;
        setPending(null);
        go?.();
      }}
    />
  );
  /**
   * Whether a navigation once the changes are saved should replace the current history entry: the guard's
   * own, which going back would otherwise show as the same page again.
   */
  const replacesGuardEntry = atGuardEntry;
  return { leave, dialog, replacesGuardEntry };
}
