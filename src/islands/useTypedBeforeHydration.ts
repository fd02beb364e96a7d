/**
 * On a slow phone a mother can type into the server-rendered form before React hydrates it.
 * React keeps that text in the DOM but its state is still empty, so the next render would wipe
 * it. This hands what was typed to the island's state once, right after hydration.
 */
import { type RefObject, useLayoutEffect } from 'react';

export function useTypedBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  adopt: (name: string, value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useLayoutEffect(() => {
    const fields = ref.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[name]:not([type="radio"]):not([type="checkbox"]), textarea[name]',
    );
    fields?.forEach((field) => {
      if (field.value) adopt(field.name, field.value);
    });
  }, []);
}
