import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/**
 * A component whose code downloads on demand, shown by an ordinary render once it has: `fallback` until then,
 * not a Suspense fallback. React 19 shows what replaces a Suspense fallback no sooner than 300 ms after the
 * fallback showed (FALLBACK_THROTTLE_MS), and on a phone the opening page's chunk arrives just after the
 * portal's first render: with React.lazy, the page waited out that hold-back once its code and data were here.
 * A chunk that fails is thrown to the error boundary (the shell's message and 'Réessayer'), or, for a part of a
 * page given `failed`, shown as that in its place, so that the rest of the page, and what was typed there, stays;
 * the next mount asks for it again.
 */
export function onDemand<Props extends object = object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const start = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Shown({ fallback, failed, ...props }: Props & { fallback: ReactNode; failed?: ReactNode }) {
    // Set when the chunk has come, to render again; the component itself is read from `loaded`.
    const [, setArrived] = useState<ComponentType<Props> | null>(null);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      // Even when the chunk has come since this render looked (after it, before this effect): a render again.
      let current = true;
      start().then(
        (component) => {
          if (current) setArrived(() => component);
        },
        (error: unknown) => {
          if (current) setFailure({ error });
        },
      );
      return () => {
        current = false;
      };
    }, []);
    if (failure && failed !== undefined) return failed;
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded ? <Loaded {...(props as Props)} /> : fallback;
  }

  return { Component: Shown, load: start };
}
