import { act, Component, Fragment, type ReactNode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function MyAnimals({ count }: { count?: number }) {
  return <h1>Mes animaux{count === undefined ? '' : ` (${count})`}</h1>;
}

/** A page's chunk on a slow network: it arrives when the test says so. */
function slowChunk() {
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<typeof MyAnimals>((resolve, reject) => {
      arrive = () => resolve(MyAnimals);
      fail = reject;
    });
  };
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error), loads: () => loads };
}

let retry: (() => void) | null = null;

/** As the shell's RemoteErrorBoundary: the error's message, and a retry that renders the page afresh. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
    if (this.state.error) return <p>Échec : {this.state.error.message}</p>;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

let root: Root | null = null;
const container = document.createElement('div');

/** Renders the page under a Suspense boundary, as the shell's router and the portal's routes would hold it. */
function render(element: React.ReactElement) {
  // An error a boundary caught is what the test asserts, not a failure to print.
  root = createRoot(container, { onCaughtError: () => {} });
  act(() => root?.render(<Suspense fallback={<p>attente</p>}>{element}</Suspense>));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('onDemand', () => {
  it('shows its own waiting words, then the page in the render after its chunk arrives, never a Suspense reveal that React holds back', async () => {
    const chunk = slowChunk();
    const page = onDemand(chunk.load);
    render(<page.Component fallback={<p>Vérification de la session…</p>} />);
    // No Suspense fallback: React 19 shows what replaces one no sooner than 300 ms after it showed.
    expect(container.textContent).toBe('Vérification de la session…');
    await act(async () => chunk.arrive());
    expect(container.textContent).toBe('Mes animaux');
  });

  it('renders a component whose chunk is already here in the first commit, with its props, and loads a chunk once', async () => {
    const chunk = slowChunk();
    const page = onDemand(chunk.load);
    const loading = page.load();
    chunk.arrive();
    await loading;
    render(<page.Component count={2} fallback={<p>Vérification de la session…</p>} />);
    expect(container.textContent).toBe('Mes animaux (2)');
    expect(chunk.loads()).toBe(1);
  });

  it('throws a chunk that failed to its error boundary, and a retry of that boundary loads it again', async () => {
    const chunk = slowChunk();
    const page = onDemand(chunk.load);
    render(
      <Boundary>
        <page.Component fallback={<p>Vérification de la session…</p>} />
      </Boundary>,
    );
    await act(async () => chunk.fail(new Error('réseau coupé')));
    expect(container.textContent).toBe('Échec : réseau coupé');
    act(() => retry?.());
    expect(chunk.loads()).toBe(2);
    await act(async () => chunk.arrive());
    expect(container.textContent).toBe('Mes animaux');
  });

  it('shows `failed` in its place when given one, instead of throwing: what is around it, and typed there, stays', async () => {
    const chunk = slowChunk();
    const part = onDemand(chunk.load);
    render(
      <Boundary>
        <input defaultValue="Rex" />
        <part.Component fallback={null} failed={<p>Impossible de charger les photos</p>} />
      </Boundary>,
    );
    await act(async () => chunk.fail(new Error('réseau coupé')));
    expect(container.textContent).toBe('Impossible de charger les photos');
    expect(container.querySelector('input')?.value).toBe('Rex');
  });

  it('shows the page when its chunk arrives between the render that showed the fallback and that render’s effects (a busy phone)', async () => {
    const chunk = slowChunk();
    const page = onDemand(chunk.load);
    void page.load();
    // The chunk comes while React renders the fallback: after that render looked, before its effects run.
    function ArrivingFallback() {
      chunk.arrive();
      return <p>Vérification de la session…</p>;
    }
    // Rendered as the portal is, outside act: React runs the effects in a task of their own.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      root = createRoot(container);
      root.render(<page.Component fallback={<ArrivingFallback />} />);
      await vi.waitFor(() => expect(container.textContent).toBe('Mes animaux'), { timeout: 1000 });
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
  });
});
