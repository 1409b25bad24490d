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

type Field = HTMLInputElement | HTMLTextAreaElement;

const nativeValueSetter = (field: Field) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

const isBox = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * An input event on the field, as a key sends. False when React held it back: the field is in a
 * Suspense boundary (a page's lazy panel) React has not hydrated yet. React hydrates boundaries
 * after the first commit, or at once for an event on one, which it cannot do within a commit: it
 * stops such an event at the root, so it never reaches the document.
 */
function announce(field: Field): boolean {
  let reached = false;
  const seen = () => {
    reached = true;
  };
  document.addEventListener('input', seen);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  document.removeEventListener('input', seen);
  return reached;
}

/**
 * What the visitor left in a field: a box's tick, or the text last typed. `typed` is what
 * index.html's script saw typed: as the app attaches to a field it puts its own value back into
 * the element (react-hook-form's `register`, a mask's react-imask), before this runs.
 */
const editOf = (field: Field, typed: string | undefined): string | boolean =>
  isBox(field) ? field.checked : (typed ?? field.value);

const isEdit = (field: Field, edit: string | boolean): boolean =>
  isBox(field)
    ? edit !== field.defaultChecked && !(field.type === 'radio' && !edit)
    : edit !== field.defaultValue;

/**
 * Tells the app what the visitor typed or ticked in a field before it took the page over, as the
 * visitor's own input: through React's value tracker (the element's `value` property, which React
 * watches, is put back to the prerendered value and announced; the prototype's setter sets the
 * typed one, which React and a mask then see as new). React hydrating a field takes the value it
 * holds as the one it knows, so a field not hydrated yet gets the prerendered one first too.
 *
 * Answers false when React held the edit back (`announce`): the field keeps showing the edit, to
 * be played again once the commit is over.
 */
function replayEdit(field: Field, edit: string | boolean): boolean {
  if (isBox(field)) {
    // A box's change reaches React as a click: put back as prerendered, then clicked again.
    field.checked = field.defaultChecked;
    if (!announce(field)) {
      field.checked = edit === true;
      return false;
    }
    field.click();
    return true;
  }
  field.value = field.defaultValue;
  const reached = announce(field);
  nativeValueSetter(field)?.call(field, String(edit));
  if (reached) announce(field);
  return reached;
}

/** A boundary whose code is still on a slow link's way is tried this often: quickly at first. */
const heldRetryMs = (attempt: number) => (attempt < 300 ? 100 : 1_000);

/**
 * Plays the held edits once React has hydrated their fields (an event on one then reaches the
 * document), for as long as the field is on the page. Until then the field is left as it is, and
 * what the visitor types or ticks on meanwhile (React sees none of it) is the edit to play: the
 * edit read at the commit would put back a text typed on, and React's render of a hydrated field
 * puts the prerendered value back into it, so the field itself cannot tell.
 */
function replayHeld(held: [Field, string | boolean][]): void {
  const edits = new Map(held);
  let replaying = false;
  // Caught on its way down: React stops an event for a field it has not hydrated at the root.
  const onVisitor = (event: Event) => {
    const field = event.target as Field;
    if (!replaying && edits.has(field)) edits.set(field, editOf(field, undefined));
  };
  const listen = (on: boolean) =>
    ['input', 'change'].forEach((type) =>
      on
        ? window.addEventListener(type, onVisitor, true)
        : window.removeEventListener(type, onVisitor, true),
    );
  const attempt = (tried: number) => {
    replaying = true;
    for (const [field, edit] of edits) {
      if (!field.isConnected) edits.delete(field);
      else if (announce(field)) {
        if (isEdit(field, edit)) replayEdit(field, edit);
        edits.delete(field);
      }
    }
    replaying = false;
    if (edits.size > 0) setTimeout(() => attempt(tried + 1), heldRetryMs(tried));
    else listen(false);
  };
  listen(true);
  attempt(0);
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
    const fields = root.querySelectorAll<Field>(
      'input:not([type=hidden]):not([type=submit]):not([type=button]), textarea',
    );
    const held: [Field, string | boolean][] = [];
    fields.forEach((field) => {
      const edit = editOf(field, early?.typed.get(field));
      if (isEdit(field, edit) && !replayEdit(field, edit)) held.push([field, edit]);
    });
    // Those in a boundary React hydrates later: played again as soon as the commit is over, where
    // an event on one hydrates it at once. The edit is the one read now: a render of the hydrated
    // field puts the app's value back into it.
    if (held.length > 0) queueMicrotask(() => replayHeld(held));
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
