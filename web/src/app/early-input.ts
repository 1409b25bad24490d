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
  /** Stops holding forms and clicks: the app's own handlers have them from now on. */
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
 * What the visitor typed or ticked in a field before the app took the page over, and the step that
 * tells the app. A typed value is the last one index.html's script saw typed (`typed`): a masked
 * field's mask (react-imask) puts the app's value back into the element as it attaches, before
 * this runs. It is played a task later, once the mask listens, as the visitor's own input: through
 * React's value tracker (the element's `value` property, which React watches, is put back to the
 * prerendered value; the prototype's setter sets the typed one, which React and the mask then see
 * as new).
 */
function editOf(
  field: HTMLInputElement | HTMLTextAreaElement,
  typed: Map<EventTarget, string> | undefined,
): (() => void) | undefined {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked))
      return undefined;
    // A box's change reaches React as a click: put back as prerendered, then clicked again.
    return () => {
      field.checked = field.defaultChecked;
      field.click();
    };
  }
  const value = typed?.get(field) ?? field.value;
  if (value === field.defaultValue) return undefined;
  return () => {
    field.value = field.defaultValue;
    nativeValueSetter(field)?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/**
 * Called as the app starts rendering the page. Answers what to do once its first render is in:
 * stop index.html from holding forms and clicks, put a prerendered page back where the visitor
 * had scrolled it (the router scrolls a first page to its top), replay to the app what was typed
 * into its fields, then the clicks on its buttons, then send the form the visitor sent (the app
 * validates it as if sent now).
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
    const edits = [
      ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input:not([type=hidden]):not([type=submit]):not([type=button]), textarea',
      ),
    ].flatMap((field) => editOf(field, early?.typed) ?? []);
    const steps = [
      () => edits.forEach((edit) => edit()),
      ...(early?.clicked ?? []).map((button) => () => button.isConnected && button.click()),
      () => early?.submitted?.isConnected && early.submitted.requestSubmit(),
    ];
    // One a task, as the visitor's own: the typed values once the first render's effects have
    // run (the masks listen), then each step after the state updates of the one before.
    const next = () => {
      steps.shift()?.();
      if (steps.length > 0) setTimeout(next);
    };
    setTimeout(next);
  };
}
