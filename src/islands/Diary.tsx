/** The behaviour and food diaries (spec §2): the form with the spec's fields, and the history. */
import DiaryForm from './diary/DiaryForm.tsx';
import DiaryShell from './diary/DiaryShell.tsx';

export default function Diary({ kind }: { kind: 'behavior' | 'food' }) {
  return <DiaryShell kind={kind} form={(list, child) => <DiaryForm kind={kind} childId={child?.id} list={list} />} />;
}
