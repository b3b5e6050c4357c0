import { type ComponentType, lazy } from 'react';

/**
 * A component whose code downloads on demand and that, once it has, renders at once. React.lazy alone
 * suspends on its first render even when the code is already here, and React shows what a Suspense
 * boundary revealed no sooner than 300 ms after it showed the fallback (React 19's FALLBACK_THROTTLE_MS):
 * a dialog opened after `load()` has resolved appears in the same frame.
 */
export function onDemand<Props extends object>(importer: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const load = (): Promise<void> => {
    loading ??= importer().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // Asked again next time (a network that came back).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => load().then(() => ({ default: loaded as ComponentType<Props> })));
  function Component(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, load };
}
