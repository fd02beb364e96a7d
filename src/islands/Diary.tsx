/** The behaviour and food diaries (spec §2): the form with the spec's fields, and the history. */
import type { DiaryChoices } from '../shared/diary-choices.ts';
import { ChoicesContext } from './diary/choices-context.ts';
import DiaryForm from './diary/DiaryForm.tsx';
import DiaryShell from './diary/DiaryShell.tsx';

export default function Diary({ kind, choices }: { kind: 'behavior' | 'food'; choices: DiaryChoices }) {
  return (
    <ChoicesContext.Provider value={choices}>
      <DiaryShell
        kind={kind}
        form={(list, child) => <DiaryForm kind={kind} childId={child?.id} list={list} choices={choices} />}
      />
    </ChoicesContext.Provider>
  );
}
