import { REMOTES, type RemoteModules, type RemoteName } from '@medaille/federation';
import { type FederationManifest, remoteEntryUrl } from '@medaille/federation/manifest';
import { appConfig } from '@medaille/supabase/config';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Component, type ComponentProps, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { COPY } from './copy.ts';

/**
 * Tells the federation runtime where a remote's entry is, read from the manifest that the deploy-time
 * configuration names (docs/decisions/0006-remotes-found-at-run-time.md). Read here rather than by the runtime's
 * manifest plugin, which the shell's build leaves out (disableSnapshot): the scan route's bytes count.
 */
async function registerFromManifest(name: RemoteName): Promise<void> {
  const manifestUrl = appConfig().remotes[name];
  const response = await fetch(manifestUrl);
  if (!response.ok) throw new Error(`the ${name} manifest answered ${response.status}`);
  const manifest = (await response.json()) as Pick<FederationManifest, 'metaData'>;
  // `force`: a retry replaces what a failed attempt left.
  registerRemotes([{ name, entry: remoteEntryUrl(manifest, manifestUrl).href }], { force: true });
}

const RETRY_DELAYS_MS = [300, 1000];

/**
 * Loads a remote's exposed module, trying again after a short wait when the network or the remote's
 * server fails; each try reads the manifest again and starts afresh.
 */
async function loadWithRetry<N extends RemoteName>(name: N): Promise<RemoteModules[N]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await registerFromManifest(name);
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

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="remote-down" role="alert">
      <h1>{COPY.remote.failedTitle}</h1>
      <p>{COPY.remote.failedText}</p>
      <button type="button" className="md-button md-button-primary" onClick={onRetry}>
        {COPY.remote.retry}
      </button>
    </main>
  );
}

/** Shows the fallback when a remote's component throws while rendering. */
export class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
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

/** Each remote's module once loaded, and the load under way: one load per remote for the whole page. */
const loadedModules = new Map<RemoteName, RemoteModules[RemoteName]>();
const pendingLoads = new Map<RemoteName, Promise<RemoteModules[RemoteName]>>();

/** A remote's exposed module, loaded once (with retries) for the whole page; a failed load is forgotten. */
export function loadRemoteModule<N extends RemoteName>(name: N): Promise<RemoteModules[N]> {
  let pending = pendingLoads.get(name);
  if (!pending) {
    pending = loadWithRetry(name).then((module) => {
      loadedModules.set(name, module);
      return module;
    });
    // A failed load is forgotten, so that 'Réessayer' starts afresh.
    pending.catch(() => pendingLoads.delete(name));
    pendingLoads.set(name, pending);
  }
  return pending as Promise<RemoteModules[N]>;
}

/**
 * A remote's component, loaded at run time: retried on failure, then a French message with a retry button,
 * never a blank page. Loaded in an effect rather than with React.lazy: React holds back content that
 * replaces a Suspense fallback for up to 300 ms, which the scan page's first paint cannot afford.
 */
export function RemoteView({ name, props }: RemoteViewProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // Set when the load ends, to render again; the component itself is read from `loadedModules`.
  const [, setLoaded] = useState<unknown>();
  const Loaded = loadedModules.get(name)?.default as ComponentType<object> | undefined;
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  useEffect(() => {
    if (loadedModules.has(name)) return;
    let current = true;
    loadRemoteModule(name).then(
      (module) => {
        if (current) setLoaded(module);
      },
      (error: unknown) => {
        console.error(`[shell] the ${name} remote could not be loaded`, error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
    // `attempt` is what makes a retry load afresh.
  }, [name, attempt]);

  if (Loaded) {
    return (
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Loaded {...props} />
      </RemoteErrorBoundary>
    );
  }
  if (failed) return <RemoteUnavailable onRetry={retry} />;
  return <p className="remote-loading">{COPY.remote.loading}</p>;
}
