/** The daily card's words shared by her pages and the teacher's (which must stay small). */

/** Where a target is marked, in her words. */
export const WHERE_LABEL = { escola: 'Na escola', casa: 'Em casa', ambos: 'Escola e casa' } as const;

/** The names of a day's parts: 1 is the whole day. */
export const partNames = (parts: number): string[] =>
  parts === 1 ? ['O dia'] : Array.from({ length: parts }, (_, i) => `${i + 1}ª parte`);
