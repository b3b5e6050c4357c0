import { REMOTES, type RemoteModules, type RemoteName } from '@medaille/federation';
import { appConfig } from '@medaille/supabase/config';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  Component,
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useState,
} from 'react';
import { COPY } from './copy.ts';

/** Tells the federation runtime where each remote's manifest is, from the deploy-time configuration. */
export function registerConfiguredRemotes(): void {
  const { remotes } = appConfig();
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

const RETRY_DELAYS_MS = [300, 1000];

/**
 * Loads a remote's exposed module, trying again after a short wait when the network or the remote's
 * server fails: the runtime keeps no failed attempt, so each try starts afresh.
 */
async function loadWithRetry<N extends RemoteName>(name: N): Promise<RemoteModules[N]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const module = await loadRemote<RemoteModules[N]>(`${name}/${REMOTES[name].expose}`);
      if (module?.default) return module;
      throw new Error(`${name} exposes no component`);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="remote-down" role="alert">
      <h1>{COPY.remote.failedTitle}</h1>
      <p>{COPY.remote.failedText}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {COPY.remote.retry}
      </button>
    </main>
  );
}

/** Shows the fallback when a remote's component throws while rendering. */
class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[shell] a remote failed while rendering', error);
  }

  override render() {
    if (this.state.failed) return <RemoteUnavailable onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

type RemoteViewProps = {
  [N in RemoteName]: { name: N; props: ComponentProps<RemoteModules[N]['default']> };
}[RemoteName];

/**
 * A remote's component, loaded at run time: retried on failure, then a French message with a retry button,
 * never a blank page. A retry builds a new lazy component, since React keeps a lazy component's failure.
 */
export function RemoteView({ name, props }: RemoteViewProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((count) => count + 1);
  // `attempt` is what makes a retry load afresh.
  const Loaded = useMemo(
    () =>
      lazy<ComponentType<object>>(async () => {
        try {
          return (await loadWithRetry(name)) as { default: ComponentType<object> };
        } catch (error) {
          console.error(`[shell] the ${name} remote could not be loaded`, error);
          return { default: () => <RemoteUnavailable onRetry={retry} /> };
        }
      }),
    [name, attempt],
  );
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<p className="remote-loading">{COPY.remote.loading}</p>}>
        <Loaded {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
