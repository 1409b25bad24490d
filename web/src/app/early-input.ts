/**
 * What index.html's first script keeps of a prerendered page's use until the app has rendered it:
 * a form sent then (a plain GET to the server, the password in its address) is held, to be sent
 * by the app, and so are the clicks on buttons (`type=button`: nothing happens without the app).
 * React sees neither meanwhile.
 */
interface EarlyInput {
  /** The form a visitor sent before the app ran, if any. */
  submitted: HTMLFormElement | null;
  /** The buttons clicked before the app ran, in order. */
  clicked: HTMLButtonElement[];
  /** The last value typed into each field before the app ran. */
  typed: Map<EventTarget, string>;
  /**
   * Stops holding forms and clicks (the app's own handlers have them from now on) and watching
   * for the app's code failing to arrive.
   */
  release(): void;
}

declare global {
  interface Window {
    agroseloEarlyInput?: EarlyInput;
  }
}

const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

/**
 * Tells the app what the visitor typed or ticked in a field before it took the page over. A typed
 * value is the last one index.html's script saw typed (`typed`): as the app attaches to a field it
 * puts its own value back into the element (react-hook-form's `register`, a mask's react-imask),
 * before this runs. It is played as the visitor's own input: through React's value tracker (the
 * element's `value` property, which React watches, is put back to the prerendered value; the
 * prototype's setter sets the typed one, which React and the mask then see as new).
 */
function replayEdit(
  field: HTMLInputElement | HTMLTextAreaElement,
  typed: Map<EventTarget, string> | undefined,
): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked))
      return;
    // A box's change reaches React as a click: put back as prerendered, then clicked again.
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  const value = typed?.get(field) ?? field.value;
  if (value === field.defaultValue) return;
  field.value = field.defaultValue;
  nativeValueSetter(field)?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Called as the app starts rendering the page. Answers what to do once its first render is in:
 * stop index.html from holding forms and clicks, put a prerendered page back where the visitor
 * had scrolled it (the router scrolls a first page to its top), replay to the app what was typed
 * into its fields, then the clicks on its buttons, then send the form the visitor sent (the app
 * validates it as if sent now).
 *
 * The typed values are played within the commit that cleared them (the caller's layout effect,
 * after every field's ref and mask): a key pressed in the next task lands after them. Played a
 * task later, they overwrote such a key (a CPF typed as the app arrived lost its last digits).
 */
export function takeOverEarlyInput(root: HTMLElement, prerendered: boolean): () => void {
  // The router's reset is one more scroll event, after the first render: not seen here. A page
  // rendered anew had nothing to scroll (the boot screen), and the router restores its position.
  let scrolled = window.scrollY;
  const onScroll = () => {
    scrolled = window.scrollY;
  };
  if (prerendered) window.addEventListener('scroll', onScroll, { passive: true });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (prerendered) {
      window.removeEventListener('scroll', onScroll);
      if (window.scrollY !== scrolled) window.scrollTo(0, scrolled);
    }
    const early = window.agroseloEarlyInput;
    early?.release();
    // Gone once the app holds the page (a journey waits for that).
    delete window.agroseloEarlyInput;
    root
      .querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input:not([type=hidden]):not([type=submit]):not([type=button]), textarea',
      )
      .forEach((field) => replayEdit(field, early?.typed));
    const steps = [
      ...(early?.clicked ?? []).map((button) => () => button.isConnected && button.click()),
      () => early?.submitted?.isConnected && early.submitted.requestSubmit(),
    ];
    // One a task, as the visitor's own: each after the state updates of the one before.
    const next = () => {
      steps.shift()?.();
      if (steps.length > 0) setTimeout(next);
    };
    setTimeout(next);
  };
}
