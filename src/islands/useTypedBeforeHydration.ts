/**
 * On a slow phone a mother can type into the server-rendered form before React hydrates it.
 * React keeps that text in the DOM but its state is still empty, so the next render would wipe
 * it. This hands what was typed to the island's state once, right after hydration.
 *
 * She may also have tapped the form's button already: the page's inline script
 * (src/integrations/held-submit.mjs) held that submit, on a form carrying the props this returns,
 * and it is sent here, once, after the render that holds what she typed.
 */
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

declare global {
  interface Window {
    /** the form whose submit the inline script held before its island hydrated */
    __heldSubmit?: HTMLFormElement | undefined;
  }
}

/** The form's own attributes: posted to its page without scripts, its submit held before hydration. */
const HELD_FORM = { method: 'post', 'data-hold-submit': '' } as const;

export function useTypedBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  adopt: (name: string, value: string) => void,
): typeof HELD_FORM {
  const [held, setHeld] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useLayoutEffect(() => {
    const fields = ref.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[name]:not([type="radio"]):not([type="checkbox"]), textarea[name]',
    );
    fields?.forEach((field) => {
      if (field.value) adopt(field.name, field.value);
    });
    if (ref.current && window.__heldSubmit === ref.current) {
      window.__heldSubmit = undefined;
      setHeld(true);
    }
  }, []);
  useEffect(() => {
    if (!held) return;
    setHeld(false);
    if (ref.current instanceof HTMLFormElement) ref.current.requestSubmit();
  }, [held, ref]);
  return HELD_FORM;
}
