import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageHead } from './page-head.ts';

afterEach(cleanup);

function Page({ language }: { language: string | null }) {
  usePageHead(language);
  return null;
}

const robots = () =>
  [...document.head.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content'));

describe('the scan page’s head', () => {
  it('says the page’s language and noindex while it shows, and gives the page back as it was', () => {
    document.documentElement.lang = 'fr';
    const page = render(<Page language="en" />);
    expect(document.documentElement.lang).toBe('en');
    expect(robots()).toEqual(['noindex']);
    page.rerender(<Page language="nl" />);
    expect(document.documentElement.lang).toBe('nl');
    page.unmount();
    expect(document.documentElement.lang).toBe('fr');
    expect(robots()).toEqual([]);
  });

  it('adds no second noindex when the host’s HTML has one', () => {
    const fromHost = document.createElement('meta');
    fromHost.name = 'robots';
    fromHost.content = 'noindex';
    document.head.append(fromHost);
    const page = render(<Page language={null} />);
    expect(robots()).toEqual(['noindex']);
    page.unmount();
    expect(robots()).toEqual(['noindex']);
    fromHost.remove();
  });
});
