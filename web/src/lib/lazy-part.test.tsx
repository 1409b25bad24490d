import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart, loadParts } from './lazy-part';
import { provideServerRender } from '../api/server-render';

afterEach(() => provideServerRender(() => undefined));

/** A part whose code arrives when the test says so. */
function partArriving(name: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  function Counter({ label }: { label: string }) {
    const [count, setCount] = useState(0);
    return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
  }
  const Part = lazyPart(name, () => arrived.then(() => Counter));
  return { Part, arrive };
}

describe('lazyPart', () => {
  it('renders at once, with no fallback, once loadParts has its code', async () => {
    const { Part, arrive } = partArriving('part-loaded-first');
    arrive();
    await loadParts(['part-loaded-first', 'no-such-part']);
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Part label="Contagem" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Contagem 0' })).toBeInTheDocument();
    expect(screen.queryByText('carregando')).toBeNull();
  });

  it('waits for its code as React.lazy does, and is not mounted anew when it arrives', async () => {
    const { Part, arrive } = partArriving('part-loaded-late');
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Part label="Contagem" />
      </Suspense>,
    );
    expect(screen.getByText('carregando')).toBeInTheDocument();
    await act(async () => arrive());
    const button = await screen.findByRole('button', { name: 'Contagem 0' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Contagem 1' })).toBe(button);
  });

  it("is named in the server's render it is part of", async () => {
    const { Part, arrive } = partArriving('part-on-server');
    arrive();
    await loadParts(['part-on-server']);
    const parts = new Set<string>();
    provideServerRender(() => ({
      token: 't',
      timeZone: 'UTC',
      fetch: () => Promise.reject(new Error('no call')),
      parts,
    }));
    expect(renderToString(<Part label="Contagem" />)).toContain('Contagem 0');
    expect([...parts]).toEqual(['part-on-server']);
  });
});
