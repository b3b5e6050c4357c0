import type { ScanHydration, ScanPageProps } from '@medaille/scan-contract';
import type { ComponentType } from 'react';

/**
 * What must exist once on a page, whoever loads it first (docs/decisions/0006-remotes-found-at-run-time.md). react and
 * react-dom with their subpaths (react/jsx-runtime, react-dom/client), the router (one history for shell and remotes:
 * the list of react-router's parts the apps use, not the whole package, which a shared module would keep whole), jotai
 * (one store: one auth state), and the shared workspace packages. Nothing else: a library only one
 * remote uses stays in that remote, as the design system's root does (Radix Themes, the portal's alone: it
 * then comes with the portal's own files, which an owner's page announces).
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  jotai: { singleton: true, requiredVersion: '^2.0.0' },
  // Workspace packages have no semver range to check ("workspace:*").
  '@medaille/routing/router': { singleton: true, requiredVersion: false },
  '@medaille/design-system/': { singleton: true, requiredVersion: false },
  '@medaille/supabase': { singleton: true, requiredVersion: false },
  '@medaille/supabase/': { singleton: true, requiredVersion: false },
} as const;

export type SharedName = keyof typeof SHARED_SINGLETONS;

/**
 * The singletons an app actually uses: a remote declares only those, since each declared one costs bytes
 * in its entry file (the scan page counts every kilobyte).
 */
export function sharedSingletons(names: readonly SharedName[]) {
  return Object.fromEntries(names.map((name) => [name, SHARED_SINGLETONS[name]]));
}

/** The remotes and the module each exposes, as the shell loads them: `${remote}/${expose}`. */
export const REMOTES = {
  scan: { expose: 'ScanPage' },
  portal: { expose: 'PortalApp' },
} as const;

export type RemoteName = keyof typeof REMOTES;

/** remotes/portal exposes ./PortalApp: every owner route, rendered inside the shell's router. */
export type PortalAppProps = Record<string, never>;

export interface RemoteModules {
  scan: {
    default: ComponentType<ScanPageProps>;
    /** The scan build's id, the same as its server entry's: the server's HTML is hydrated only by its own build. */
    BUILD_ID: string;
    /** Resolves once the page can render `initial` at once (its language's words are here). */
    prepareHydration(initial: ScanHydration): Promise<void>;
  };
  portal: { default: ComponentType<PortalAppProps> };
}
