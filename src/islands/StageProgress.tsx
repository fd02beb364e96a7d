/** "x de N itens marcados" for the whole stage and the child it is about, following every checklist on the page. */
import { currentChild } from '../stores/child.ts';
import { checklists } from '../stores/progress.ts';
import { useHydratedStore } from './useHydrated.ts';

interface Props {
  lists: Array<{ key: string; count: number }>;
}

export default function StageProgress({ lists }: Props) {
  const all = useHydratedStore(checklists, {});
  const child = useHydratedStore(currentChild, null);
  const total = lists.reduce((sum, list) => sum + list.count, 0);
  const done = lists.reduce(
    (sum, list) => sum + (all[list.key]?.length === list.count ? all[list.key]!.filter(Boolean).length : 0),
    0,
  );
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="stage-progress">
      {/* A line of its own: the child's name arrives after hydration without moving the page. */}
      <p className="progress-of">
        {child ? (
          <>
            Progresso de <strong>{child.name}</strong>
          </>
        ) : (
          'Progresso da etapa'
        )}
      </p>
      <p>
        <strong>{percent}%</strong> desta etapa · {done} de {total} itens marcados
      </p>
      <progress max={total} value={done} aria-label="Progresso da etapa" />
    </div>
  );
}
