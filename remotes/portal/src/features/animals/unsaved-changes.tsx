import { ConfirmDialog } from '@medaille/design-system';
import { useEffect, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';

const text = COPY.edit.unsaved;

/**
 * Asks before the owner leaves a form with unsaved changes: closing or reloading the tab gets the browser's
 * own question, a link followed inside the site (the header, 'Retour à mon compte') or `leave` gets this
 * dialog. The portal runs under a BrowserRouter, which cannot block a navigation itself, so links are caught
 * at the click, before any router sees it.
 */
export function useUnsavedChangesGuard(unsaved: boolean) {
  // The way out the owner asked for, held while the dialog asks; a confirmed link is clicked again.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirmed = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
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
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved]);

  /** Runs `go` at once without unsaved changes, else once the owner confirms. */
  const leave = (go: () => void) => (unsaved ? setPending(() => go) : go());

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : setPending(null))}
      title={text.title}
      description={text.text}
      confirmLabel={text.confirm}
      // Nothing stored is destroyed: the accent, not the red of a deletion.
      tone="accent"
      onConfirm={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
    />
  );
  return { leave, dialog };
}
