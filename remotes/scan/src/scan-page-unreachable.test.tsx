// The scan page in the browser when the backend does not answer at all: a port where nothing listens.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ScanPage from './scan-page.tsx';

beforeAll(() => {
  window.__MEDAILLE_CONFIG__ = {
    supabaseUrl: 'http://127.0.0.1:9',
    supabaseAnonKey: 'anon-key',
    remotes: { scan: 'http://127.0.0.1:9/mf-manifest.json', portal: 'http://127.0.0.1:9/mf-manifest.json' },
  };
});
afterEach(cleanup);

describe('the scan page with the backend unreachable', () => {
  it("says so in the page's words, never the browser's, and offers to try again", async () => {
    await act(async () => {
      render(<ScanPage code="MDL-DEMO-REX" />);
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    // In the browser's language (happy-dom's is English).
    expect(alert.textContent).toBe('The service is not responding right now. Check your connection, then try again.');
    expect(document.body.textContent).not.toMatch(/fetch|network|ECONNREFUSED/i);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeNull();
  });
});
