/** The diaries' choices (content/diary/escolhas.yaml) for whatever part of a diary shows them: the history's words. */
import { createContext } from 'react';
import type { DiaryChoices } from '../../shared/diary-choices.ts';

export const ChoicesContext = createContext<DiaryChoices | null>(null);
