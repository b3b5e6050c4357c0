// What the page's render depends on besides the profile and the words, when the server rendered it (issue
// 18): the hydration data, given by the server entry from its input and read by the browser from the HTML,
// so that both render the same. A React context rather than module state: one server module renders many
// requests at once, each with its own facts (the host's configuration, the time, the address).
import type { ScanHydration } from '@medaille/scan-contract';
import { hasImageTransformations } from '@medaille/supabase/config';
import { createContext, useContext, useSyncExternalStore } from 'react';

const PageFactsContext = createContext<ScanHydration | undefined>(undefined);
export const PageFactsProvider = PageFactsContext.Provider;

/** The server's render's facts, when the page was rendered there. */
export const usePageFacts = () => useContext(PageFactsContext);

/** Ages count from it: the server's render time when the page was rendered there, else now. */
export const useRenderedAt = (): Date => new Date(useContext(PageFactsContext)?.renderedAt ?? Date.now());

/** Whether Storage resizes images: as the server's render said, else the browser's configuration. */
export const useImageTransformations = (): boolean =>
  useContext(PageFactsContext)?.imageTransformations ?? hasImageTransformations();

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true once the browser's page has taken over. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * This page's address: the browser's, or while rendering on the server and hydrating, the server's (React
 * then renders again with the browser's, with no hydration mismatch).
 */
export function usePageUrl(): string {
  const serverPageUrl = usePageFacts()?.pageUrl;
  return useHydrated() || !serverPageUrl ? `${window.location.origin}${window.location.pathname}` : serverPageUrl;
}
