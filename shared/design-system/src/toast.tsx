// Toasts (SPEC section 8: destructive unless noted), on Radix's accessible toast primitive and the plain
// tokens, so that the scan page can use them without the theme library.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { atom, getDefaultStore, useAtomValue } from 'jotai';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastMessage {
  id: number;
}

const toastsAtom = atom<ShownToast[]>([]);
let nextId = 1;

/** Shows a toast from anywhere: the shell's <Toaster> displays it, whichever remote asked. */
export function toast(message: ToastMessage): void {
  const store = getDefaultStore();
  store.set(toastsAtom, [...store.get(toastsAtom), { ...message, id: nextId++ }]);
}

function dismiss(id: number): void {
  const store = getDefaultStore();
  store.set(
    toastsAtom,
    store.get(toastsAtom).filter((shown) => shown.id !== id),
  );
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <ToastPrimitive.Provider swipeDirection="down" duration={6000}>
      {toasts.map((shown) => (
        <ToastPrimitive.Root
          key={shown.id}
          className="md-toast"
          data-variant={shown.variant ?? 'default'}
          type={shown.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(shown.id);
          }}
        >
          <ToastPrimitive.Title className="md-toast-title">{shown.title}</ToastPrimitive.Title>
          {shown.description ? (
            <ToastPrimitive.Description className="md-toast-description">
              {shown.description}
            </ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close className="md-toast-close" aria-label="Fermer">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="md-toast-viewport" label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
