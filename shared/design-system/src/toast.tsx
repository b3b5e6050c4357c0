// Toasts (destructive unless the product's words say 'not destructive'). A few lines on React alone, with the plain
// tokens, because the scan page shows them too and must stay small: a status region for news, an alert for errors.
import { useEffect, useSyncExternalStore } from 'react';

export interface ToastMessage {
  /**
   * The action whose outcome it tells ('sign-in', 'photo-upload'…). A newer toast of the same topic replaces
   * the older: a success takes the place of that action's earlier errors, which are no longer true.
   */
  topic: string;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** The close button's name, in the page's language (the scan page speaks the finder's). */
  closeLabel?: string;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const DURATION_MS = 6000;
/** More than this and they cover the form they speak of (a phone shows little else): the oldest go first. */
const MAX_SHOWN = 2;
let toasts: ShownToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ShownToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast from anywhere: the shell's <Toaster> displays it, whichever remote asked. It replaces what
 * its topic showed before; at most MAX_SHOWN at a time.
 */
export function toast(message: ToastMessage): void {
  const others = toasts.filter((shown) => shown.topic !== message.topic);
  publish([...others, { ...message, id: nextId++ }].slice(-MAX_SHOWN));
}

function dismiss(id: number) {
  publish(toasts.filter((shown) => shown.id !== id));
}

/** Takes a topic's toasts away, for an outcome the page says itself (in the form, not in a toast). */
export function dismissToasts(topic: string): void {
  publish(toasts.filter((shown) => shown.topic !== topic));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Toast({ shown }: { shown: ShownToast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(shown.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown.id]);
  const destructive = shown.variant === 'destructive';
  return (
    <li>
      <div className="md-toast" data-variant={shown.variant ?? 'default'} role={destructive ? 'alert' : 'status'}>
        <p className="md-toast-title">{shown.title}</p>
        {shown.description ? <p className="md-toast-description">{shown.description}</p> : null}
        <button
          type="button"
          className="md-toast-close"
          aria-label={shown.closeLabel ?? 'Fermer'}
          onClick={() => dismiss(shown.id)}
        >
          ×
        </button>
      </div>
    </li>
  );
}

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => toasts);
  return (
    <section aria-label="Notifications">
      <ol className="md-toast-viewport">
        {shown.map((item) => (
          <Toast key={item.id} shown={item} />
        ))}
      </ol>
    </section>
  );
}
