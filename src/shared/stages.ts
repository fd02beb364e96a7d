/**
 * The five guides and their three stages, in order: their own small module, so a page that only
 * asks which step is open (src/lib/access.ts, on every record page) loads no checklist table
 * (src/shared/guides.ts re-exports them).
 */

export const CONDITIONS = ['aprendizado', 'hiperatividade', 'irritabilidade', 'sono', 'foco'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const STAGES = ['observacao', 'tratamento', 'reducao'] as const;
export type Stage = (typeof STAGES)[number];
