import { REMOTES, type RemoteModules, type RemoteName } from '@medaille/federation';
import { type FederationManifest, remoteEntryUrl } from '@medaille/federation/manifest';
import { appConfig } from '@medaille/supabase/config';
import { Component, type ComponentProps, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { COPY } from './copy.ts';

// webpack's container protocol, which the builds use (docs/decisions/0023-federation-containers.md): the shell's
// share scope, filled with its own singletons, and each remote's container, a global named after the remote.
declare const __webpack_init_sharing__: (scope: 'default') => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };
interface Container {
  init(shareScope: unknown): Promise<void> | undefined;
  get(module: string): Promise<() => unknown>;
}

/** Runs a script from its URL (the host may have preloaded it); a failed one is removed, for a retry to add afresh. */
function runScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    };
    document.head.append(script);
  });
}

/** The remote's container, once its file has run (a global of its name, which an element's id may also be). */
function containerOf(name: RemoteName): Container | null {
  const value = (window as unknown as Record<string, Partial<Container> | undefined>)[name];
  return typeof value?.init === 'function' && typeof value.get === 'function' ? (value as Container) : null;
}

/**
 * A remote's exposed module: its container's file found through the manifest that the deploy-time configuration
 * names (docs/decisions/0006-remotes-found-at-run-time.md), run once, given the shell's share scope (the singletons
 * the shell has loaded stay the page's), then asked for the module.
 */
async function loadExposed<N extends RemoteName>(name: N): Promise<RemoteModules[N]> {
  if (!containerOf(name)) {
    const manifestUrl = appConfig().remotes[name];
    const response = await fetch(manifestUrl);
    if (!response.ok) throw new Error(`the ${name} manifest answered ${response.status}`);
    const manifest = (await response.json()) as Pick<FederationManifest, 'metaData'>;
    await runScript(remoteEntryUrl(manifest, manifestUrl).href);
  }
  const container = containerOf(name);
  if (!container) throw new Error(`the ${name} remote's entry defines no container`);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
  const factory = await container.get(`./${REMOTES[name].expose}`);
  return factory() as RemoteModules[N];
}

const RETRY_DELAYS_MS = [300, 1000];

/**
 * Loads a remote's exposed module, trying again after a short wait when the network or the remote's
 * server fails; each try reads the manifest again until the container's file has run.
 */
async function loadWithRetry<N extends RemoteName>(name: N): Promise<RemoteModules[N]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const module = await loadExposed(name);
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
