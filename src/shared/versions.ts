/**
 * The one rule for a checklist edited on several devices (issue 37): only the items a device
 * changed from the list it started from (`base`) are applied onto the stored list, so the latest
 * change of each item wins and another carer's ticks are kept. Without `base`, the whole list (as
 * clients before versions sent it). The API merges with it; the page shows a waiting change with it.
 */
export function mergeTicks(
  stored: readonly boolean[],
  checked: readonly boolean[],
  base?: readonly boolean[],
): boolean[] {
  if (!base) return [...checked];
  return stored.map((value, i) => (checked[i] !== base[i] ? Boolean(checked[i]) : value));
}
