import { act } from '@testing-library/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runIndexHeadScript } from '../../test/index-html';
import { MaskedInput } from '../components/masked-input';
import { CPF_MASK } from '../lib/masks';
import { App } from './app';
import { takeOverEarlyInput } from './early-input';
import { createQueryClient } from './query-client';

/** A form whose fields the app holds (controlled), as Mantine's and the masked ones are. */
function Form({ onSend }: { onSend: (sent: string) => void }) {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [cpf, setCpf] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(`${name}|${agreed}|${cpf}`);
      }}
    >
      <input aria-label="Nome" value={name} onChange={(event) => setName(event.target.value)} />
      <MaskedInput aria-label="CPF" mask={CPF_MASK} value={cpf} onChange={setCpf} />
      <input
        type="checkbox"
        aria-label="Aceito"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <button type="button" onClick={() => setName((current) => `${current}!`)}>
        Exclamar
      </button>
      <output>{`${name}|${agreed}|${cpf}`}</output>
    </form>
  );
}

/** As a keyboard does: past the `value` property React watches on the element. */
function type(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  for (const key of text) {
    setValue.call(field, field.value + key);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * `page` as the server renders it, in the document, with index.html's own hold running as the
 * browser runs it before the page's body; and the query client the app is to hydrate it with.
 */
function prerendered(page: ReactNode) {
  runIndexHeadScript();
  const container = document.createElement('div');
  const queryClient = createQueryClient();
  container.innerHTML = renderToString(<App queryClient={queryClient}>{page}</App>);
  document.body.append(container);
  return { container, queryClient };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.agroseloEarlyInput?.release();
  delete window.agroseloEarlyInput;
});

/**
 * Hydrates the prerendered form in its Suspense boundary as the browser does while the panel's
 * code is still on its way (React cannot hydrate the boundary yet), on fake timers; answers the
 * code's arrival.
 */
async function hydrateWithCodeOnItsWay(
  container: HTMLElement,
  queryClient: ReturnType<typeof createQueryClient>,
) {
  let arrive!: () => void;
  const LateForm = lazy(
    () =>
      new Promise<{ default: typeof Form }>(
        (resolve) => (arrive = () => resolve({ default: Form })),
      ),
  );
  vi.useFakeTimers();
  await act(async () => {
    root = hydrateRoot(
      container,
      <App queryClient={queryClient} onCommitted={takeOverEarlyInput(container, true)}>
        <Suspense fallback={null}>
          <LateForm onSend={vi.fn()} />
        </Suspense>
      </App>,
    );
  });
  return arrive;
}

describe('what a visitor did on a prerendered page before the app ran', () => {
  it('reaches the app: typed text, a ticked box, a click and the form sent', async () => {
    const sent = vi.fn();
    const { container, queryClient } = prerendered(<Form onSend={sent} />);
    const [name, cpf, agreed] = container.querySelectorAll('input');
    type(name!, 'An');
    // Typed into the masked field before its mask is there: digits only.
    type(cpf!, '5299822');
    agreed!.checked = true;
    container.querySelector('button')!.click();
    container.querySelector('form')!.requestSubmit();
    expect(window.agroseloEarlyInput?.submitted).toBe(container.querySelector('form'));

    vi.useFakeTimers();
    // As main.tsx hydrates a prerendered page.
    await act(async () => {
      root = hydrateRoot(
        container,
        <App queryClient={queryClient} onCommitted={takeOverEarlyInput(container, true)}>
          <Form onSend={sent} />
        </App>,
      );
    });
    expect(window.agroseloEarlyInput).toBeUndefined();
    // The typed values within the commit, after the mask has attached (it put the app's empty
    // value back): keys pressed in the very next task land after them, nothing is overwritten.
    expect(cpf!.value).toBe('529.982.2');
    act(() => {
      type(name!, 'a');
      type(cpf!, '4725');
    });
    expect(container.querySelector('output')).toHaveTextContent('Ana|true|529.982.247-25');
    expect(name!.value).toBe('Ana');
    expect(cpf!.value).toBe('529.982.247-25');
    expect(agreed!.checked).toBe(true);
    expect(sent).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    // The click, then the form: as the visitor did them.
    expect(sent).toHaveBeenCalledExactlyOnceWith('Ana!|true|529.982.247-25');
  });

  it('reaches a field inside a Suspense boundary, which React hydrates after the first commit', async () => {
    // A page's lazy panels sit in one (the instance page's 'Concluir processo' and its Parecer).
    const page = (
      <Suspense fallback={null}>
        <Form onSend={vi.fn()} />
      </Suspense>
    );
    const { container, queryClient } = prerendered(page);
    const [name, , agreed] = container.querySelectorAll('input');
    type(name!, 'Ana');
    agreed!.checked = true;

    await act(async () => {
      root = hydrateRoot(
        container,
        <App queryClient={queryClient} onCommitted={takeOverEarlyInput(container, true)}>
          {page}
        </App>,
      );
    });
    expect(window.agroseloEarlyInput).toBeUndefined();
    expect(container.querySelector('output')).toHaveTextContent('Ana|true|');
    expect(name!.value).toBe('Ana');
    expect(agreed!.checked).toBe(true);
  });

  it('reaches a field whose boundary hydrates only once its code is in, seconds later', async () => {
    const { container, queryClient } = prerendered(
      <Suspense fallback={null}>
        <Form onSend={vi.fn()} />
      </Suspense>,
    );
    const [name] = container.querySelectorAll('input');
    type(name!, 'Ana');

    const arrive = await hydrateWithCodeOnItsWay(container, queryClient);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(container.querySelector('output')).toHaveTextContent('|false|');
    expect(name!.value).toBe('Ana');

    await act(async () => arrive());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(container.querySelector('output')).toHaveTextContent('Ana|false|');
    expect(name!.value).toBe('Ana');
  });

  it('keeps what the visitor typed on and unticked while the code took over a minute', async () => {
    const { container, queryClient } = prerendered(
      <Suspense fallback={null}>
        <Form onSend={vi.fn()} />
      </Suspense>,
    );
    const [name, , agreed] = container.querySelectorAll('input');
    type(name!, 'Ana');
    agreed!.checked = true;

    const arrive = await hydrateWithCodeOnItsWay(container, queryClient);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    // Typed on, and the box unticked, where React sees nothing yet: not undone while it waits.
    type(name!, ' Maria');
    agreed!.click();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(name!.value).toBe('Ana Maria');
    expect(agreed!.checked).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await act(async () => arrive());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(container.querySelector('output')).toHaveTextContent('Ana Maria|false|');
    expect(name!.value).toBe('Ana Maria');
    expect(agreed!.checked).toBe(false);
  });
});
