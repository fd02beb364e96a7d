/**
 * The diaries' choices for the API (issue 39): content/diary/escolhas.yaml, the file the editors
 * change and the build checks, read once and checked with the same schema
 * (src/shared/diary-choices.ts); the report names what happened after a meal in the editors' words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import * as z from 'zod/mini';
import { type DiaryChoices, diaryChoicesSchema } from '../../src/shared/diary-choices.ts';

export const DIARY_CHOICES_FILE = fileURLToPath(new URL('../../content/diary/escolhas.yaml', import.meta.url));

/** Reads and checks the file; throws one line per problem, each naming the file and the field. */
export function readDiaryChoices(file: string = DIARY_CHOICES_FILE): DiaryChoices {
  const shown = path.relative(process.cwd(), file) || file;
  const checked = z.safeParse(diaryChoicesSchema, parse(readFileSync(file, 'utf8')));
  if (!checked.success)
    throw new Error(
      checked.error.issues
        .map((issue) => `${shown}: campo "${issue.path.join('.') || '(arquivo)'}": ${issue.message}.`)
        .join('\n'),
    );
  return checked.data;
}

let loaded: DiaryChoices | undefined;

/** The choices, read on first use (createApp calls it, so a broken file stops the start). */
export function diaryChoices(): DiaryChoices {
  loaded ??= readDiaryChoices();
  return loaded;
}

/** The words she chose for what happened after a meal ("Dor de barriga"), or null. */
export const afterMealLabel = (key: string | null) =>
  key ? (diaryChoices().afterMeal.find((choice) => choice.key === key)?.label ?? null) : null;
