import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A modal on the browser's own <dialog>: focus moves in and stays in, Escape closes it, and focus goes
 * back where it was, or to `returnFocus`'s element when the dialog knows better. No dialog library on the
 * scan page.
 */
export function ModalDialog({
  onClose,
  labelledBy,
  className,
  returnFocus,
  children,
}: {
  onClose: () => void;
  labelledBy: string;
  className?: string;
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;
  // Opened once when mounted, before the browser paints: a passive effect would paint a frame of the page
  // without its dialog first. The parent unmounts the dialog to close it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const close = () => onCloseRef.current();
    dialog.addEventListener('close', close);
    return () => {
      dialog.removeEventListener('close', close);
      if (dialog.open) dialog.close();
      (returnFocusRef.current?.() ?? opener)?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className={`scan-dialog ${className ?? ''}`} aria-labelledby={labelledBy}>
      {children}
    </dialog>
  );
}
