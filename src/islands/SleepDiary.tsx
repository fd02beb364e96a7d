/** The sleep diary: a night per child and date, each correctable from the history. */
import { useState } from 'react';
import type { DiaryEntry } from '../lib/resources.ts';
import DiaryShell from './diary/DiaryShell.tsx';
import SleepForm from './diary/SleepForm.tsx';

type Night = Extract<DiaryEntry, { type: 'sleep' }>;

export default function SleepDiary() {
  const [editing, setEditing] = useState<Night | null>(null);
  return (
    <DiaryShell
      kind="sleep"
      form={(list, child) => (
        <SleepForm childId={child?.id} childName={child?.name} list={list} editing={editing} onEditing={setEditing} />
      )}
      onEdit={(entry) => {
        if (entry.type !== 'sleep') return;
        setEditing(entry);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    />
  );
}
