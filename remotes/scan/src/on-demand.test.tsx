import { act, lazy, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.tsx';

function Dialog({ name }: { name: string }) {
  return <p>Message pour {name}</p>;
}

/** What a render shows in its first commit, before anything that suspended could resolve. */
function firstCommit(element: React.ReactElement) {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Suspense fallback={<p>attente</p>}>{element}</Suspense>));
  const text = container.textContent;
  act(() => root.unmount());
  return text;
}

describe('onDemand', () => {
  it('renders a component whose code is here in the first commit, where React.lazy shows its fallback', async () => {
    const dialog = onDemand(async () => ({ default: Dialog }));
    await dialog.load();
    expect(firstCommit(<dialog.Component name="Rex" />)).toBe('Message pour Rex');
    // React.lazy alone suspends once even on a module already here: its fallback, then 300 ms before the
    // dialog may show (React's throttling of revealed Suspense boundaries).
    const Lazy = lazy(async () => ({ default: Dialog }));
    expect(firstCommit(<Lazy name="Rex" />)).toBe('attente');
  });

  it('loads the code once, and again after a failure', async () => {
    let calls = 0;
    const dialog = onDemand(async () => {
      calls += 1;
      if (calls === 1) throw new Error('réseau coupé');
      return { default: Dialog };
    });
    await expect(dialog.load()).rejects.toThrow('réseau coupé');
    await dialog.load();
    await dialog.load();
    expect(calls).toBe(2);
    expect(firstCommit(<dialog.Component name="Rex" />)).toBe('Message pour Rex');
  });
});
