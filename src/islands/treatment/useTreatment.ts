/** The treatment page's data: the child's medicines and therapies, and her professionals for the forms. */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, client } from '../../lib/api.ts';
import type { Professional } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import {
  failureText,
  loadMedicines,
  loadTherapies,
  type Medicine,
  THERAPY_KINDS,
  type Therapy,
  updateMedicine,
  updateTherapy,
} from '../../lib/treatment.ts';
import { refreshSession } from '../../stores/session.ts';

type Status = 'loading' | 'ready' | 'error' | 'paywall' | 'lost';

/** The child's medicines and therapies, and what the page changes in them in place. */
export function useTreatment(childId: string | null, today: string) {
  const [medicines, setMedicines] = useState<Medicine[]>([]);
  const [therapies, setTherapies] = useState<Therapy[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const load = useCallback(async () => {
    if (!childId) return;
    setStatus('loading');
    try {
      const [m, t] = await Promise.all([loadMedicines(childId), loadTherapies(childId)]);
      setMedicines(m);
      setTherapies(t);
      setStatus('ready');
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setStatus('paywall');
      else if (err instanceof ApiError && err.status === 404) {
        setStatus('lost');
        void refreshSession(true);
      } else setStatus('error');
    }
  }, [childId]);
  useEffect(() => {
    void load();
  }, [load]);
  const replace = (saved: Medicine) =>
    setMedicines((list) =>
      [saved, ...list.filter((m) => m.id !== saved.id)].sort((a, b) => Number(b.current) - Number(a.current)),
    );

  async function toggleRemind(medicine: Medicine, remind: boolean) {
    if (!childId) return;
    try {
      replace(await updateMedicine(childId, medicine.id, { remind }));
      toast(
        remind ? 'Lembrete ligado' : 'Lembrete desligado',
        remind
          ? `Quem ligou “remédios” em Lembretes recebe um aviso nos horários de ${medicine.name}.`
          : `Ninguém recebe aviso dos horários de ${medicine.name}.`,
        'success',
      );
    } catch (err) {
      toast('Não foi possível mudar o lembrete', failureText(err));
    }
  }

  async function endTherapy(therapy: Therapy) {
    if (!childId) return;
    try {
      await updateTherapy(childId, therapy.id, { endedOn: today });
      toast('Terapia encerrada', `${THERAPY_KINDS[therapy.kind]} ficou no histórico.`, 'success');
      await load();
    } catch (err) {
      toast('Não foi possível encerrar', failureText(err));
    }
  }

  return { medicines, therapies, status, reload: load, replace, toggleRemind, endTherapy };
}

/** Her professionals, for the prescriber and the therapies (loaded when a form opens). */
export function useProfessionals(needed: boolean): Professional[] {
  const [list, setList] = useState<Professional[]>([]);
  useEffect(() => {
    if (!needed) return;
    call(client.professionals.$get()).then(
      (answer) => setList(answer.professionals),
      () => setList([]),
    );
  }, [needed]);
  return list;
}
