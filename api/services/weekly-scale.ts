/**
 * The weekly rating's scale for the API (issue 30): content/scales/weekly.yaml, the file the
 * editors change and the build checks, read once and checked with the same schema
 * (src/shared/weekly-scale.ts). A broken file stops the API at start naming the file and the field
 * (the build, which runs first, says it in the editors' words: src/integrations/content-errors.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import * as z from 'zod/mini';
import { type WeeklyScale, weeklyScaleSchema } from '../../src/shared/weekly-scale.ts';

export const WEEKLY_SCALE_FILE = fileURLToPath(new URL('../../content/scales/weekly.yaml', import.meta.url));

const shown = (file: string) => path.relative(process.cwd(), file) || file;

/** Reads and checks a scale file; throws one line per problem, each naming the file and the field. */
export function readWeeklyScale(file: string = WEEKLY_SCALE_FILE): WeeklyScale {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${shown(file)}: não foi possível ler o arquivo (${(err as Error).message}).`);
  }
  const checked = z.safeParse(weeklyScaleSchema, data);
  if (!checked.success) {
    throw new Error(
      checked.error.issues
        .map((issue) => `${shown(file)}: campo "${issue.path.join('.') || '(arquivo)'}": ${issue.message}.`)
        .join('\n'),
    );
  }
  const scale = checked.data;
  return Object.freeze({
    version: scale.version,
    items: scale.items.map((item) => Object.freeze({ ...item })),
    answers: [...scale.answers],
    sideEffects: scale.sideEffects.map((effect) => Object.freeze({ ...effect })),
  });
}

let loaded: WeeklyScale | undefined;

/** The scale, read on first use (createApp calls it, so a broken file stops the start). */
export function weeklyScale(): WeeklyScale {
  loaded ??= readWeeklyScale();
  return loaded;
}
