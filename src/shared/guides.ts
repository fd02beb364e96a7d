/**
 * The five guides and the exact shape of their stages (spec §2 "Checklist lists per page", §3 keys).
 * Editors write the checklist items in content/guides/<condição>/<etapa>.mdx; the build compares
 * every page against this table and fails, naming the file and the list, when they differ.
 */

import { CONDITIONS, type Condition, STAGES, type Stage } from './stages.ts';

export { CONDITIONS, type Condition, STAGES, type Stage };

export interface ChecklistSpec {
  /** localStorage key, stable forever: changing it loses every mother's ticks. */
  key: string;
  /** exact number of items the list must have */
  count: number;
}

const lists = (prefix: string, spec: Array<[string, number]>): ChecklistSpec[] =>
  spec.map(([theme, count]) => ({ key: `${prefix}-${theme}`, count }));

export const CHECKLISTS: Record<Condition, Record<Stage, ChecklistSpec[]>> = {
  aprendizado: {
    observacao: [
      { key: 'aprendizado-home-signs', count: 7 },
      { key: 'aprendizado-school-signs', count: 7 },
    ],
    tratamento: lists('aprendizado-tratamento', [
      ['environment', 6],
      ['techniques', 6],
      ['breaking', 5],
      ['routine', 5],
    ]),
    reducao: lists('aprendizado-reducao', [
      ['structure', 5],
      ['stimulus', 5],
      ['nutrition', 5],
      ['mindfulness', 5],
      ['family', 5],
      ['monitoring', 5],
      ['plan30', 5],
      ['emergency', 5],
    ]),
  },
  hiperatividade: {
    observacao: [
      { key: 'hiperatividade-signs', count: 8 },
      { key: 'hiperatividade-context', count: 5 },
    ],
    tratamento: lists('hiperatividade-tratamento', [
      ['environment', 6],
      ['activities', 6],
      ['timing', 5],
      ['transitions', 6],
    ]),
    reducao: lists('hiperatividade-reducao', [
      ['environment', 5],
      ['nutrition', 5],
      ['semaforo', 5],
      ['ferramentas', 5],
      ['transicao', 5],
      ['progress', 5],
    ]),
  },
  irritabilidade: {
    observacao: [
      { key: 'irritabilidade-signs', count: 8 },
      { key: 'irritabilidade-context', count: 5 },
    ],
    tratamento: lists('irritabilidade-tratamento', [
      ['triggers', 6],
      ['calm', 5],
      ['communication', 6],
      ['routine', 5],
      ['emotions', 6],
    ]),
    reducao: lists('irritabilidade-reducao', [
      ['environment', 5],
      ['nutrition', 5],
      ['selfregulation', 5],
      ['connection', 5],
      ['progress', 5],
    ]),
  },
  sono: {
    observacao: [
      { key: 'sono-signs', count: 8 },
      { key: 'sono-context', count: 5 },
    ],
    tratamento: lists('sono-tratamento', [
      ['routine', 6],
      ['environment', 5],
      ['relaxation', 6],
      ['nutrition', 5],
      ['screens', 6],
      ['night', 5],
    ]),
    reducao: lists('sono-reducao', [
      ['environment', 5],
      ['nutrition', 5],
      ['selfregulation', 5],
      ['schedule', 5],
      ['family', 5],
      ['progress', 5],
    ]),
  },
  foco: {
    observacao: [
      { key: 'foco-signs', count: 8 },
      { key: 'foco-context', count: 5 },
    ],
    tratamento: lists('foco-tratamento', [
      ['environment', 6],
      ['sessions', 6],
      ['games', 6],
      ['organization', 6],
      ['breaks', 5],
      ['homework', 6],
      ['screens', 5],
    ]),
    reducao: lists('foco-reducao', [
      ['environment', 5],
      ['nutrition', 5],
      ['selfregulation', 5],
      ['habits', 5],
      ['school', 5],
      ['progress', 5],
    ]),
  },
};

/** Every checklist of the guides by key, with its size: what a stored or sent list must match. */
export const CHECKLIST_SIZES: ReadonlyMap<string, number> = new Map(
  Object.values(CHECKLISTS).flatMap((stages) =>
    Object.values(stages).flatMap((lists) => lists.map((list) => [list.key, list.count] as const)),
  ),
);

/** Visual identity of each guide on the home page and the hub. */
export const CONDITION_LOOK: Record<Condition, { icon: 'book' | 'bolt' | 'cloud' | 'moon' | 'target' }> = {
  aprendizado: { icon: 'book' },
  hiperatividade: { icon: 'bolt' },
  irritabilidade: { icon: 'cloud' },
  sono: { icon: 'moon' },
  foco: { icon: 'target' },
};

export const hubPath = (condition: Condition) => `/${condition}/`;
