import { useEffect } from 'react';

/**
 * The document's head while the scan page shows: `<html lang>` in the page's language, and robots told not
 * to index it (a finder's page is private, whatever its language: no hreflang either). Both are put back as
 * they were when the page goes, as the shell's other pages are French and indexed.
 */
export function usePageHead(language: string | null) {
  useEffect(() => {
    // A host may have said it already in the HTML (pnpm start's does, for robots that run no script).
    if (document.querySelector('meta[name="robots"][content="noindex"]')) return;
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
  useEffect(() => {
    if (language === null) return;
    const root = document.documentElement;
    const before = root.lang;
    root.lang = language;
    return () => {
      root.lang = before;
    };
  }, [language]);
}
