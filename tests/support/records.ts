/**
 * A child's record seeded straight into the database, for the tests that read it back whole (the
 * clinical summary, before and after): row builders, and the one change both centre on.
 */
import type { TestApp } from './app.ts';
import { callAs, type Person, schoolLink } from './circle.ts';

type Intensity = 'Baixa' | 'Média' | 'Alta';

/** Diary rows of `childId`'s as `userId` wrote them: an episode, a night, a meal. */
export function diaryRows(childId: string, userId: string) {
  return {
    episode: (date: string, intensity: Intensity, time = '10:00:00') => ({
      childId,
      userId,
      type: 'behavior',
      date,
      time,
      behavior: 'Gritou',
      context: 'Na hora da lição',
      intensity,
    }),
    night: (date: string, bed: string, asleep: string | null, minutes: number, wakings: number) => ({
      childId,
      userId,
      type: 'sleep',
      date,
      time: bed,
      asleepAt: asleep,
      wokeAt: '07:00:00',
      nightWakings: wakings,
      sleepMinutes: minutes,
    }),
    meal: (date: string, reaction: string) => ({
      childId,
      userId,
      type: 'food',
      date,
      time: '12:00:00',
      meal: 'Almoço',
      foods: 'Arroz, feijão',
      mood: 'Tranquilo',
      reaction,
    }),
  };
}

/** A weekly rating row of `childId`'s: from home by `userId`, from the school when it is null. */
export const ratingRow = (
  childId: string,
  weekStart: string,
  userId: string | null,
  answers: Record<string, number>,
  extra = {},
) => ({
  childId,
  weekStart,
  source: userId ? 'home' : 'school',
  userId,
  answers,
  scaleVersion: 1,
  ...extra,
});

/** The week before the change (03/11 to 09/11) and the three days after it with records (10/11 to 12/11). */
export const WEEK_BEFORE = ['03', '04', '05', '06', '07', '08', '09'].map((d) => `2026-11-${d}`);
export const DAYS_AFTER = ['10', '11', '12'].map((d) => `2026-11-${d}`);

/**
 * The change on 10/11 the summary's and before-after's tests centre on, made by the mother through
 * the routes: speech therapy since 20/10, `medicine` started on 10/11 at 07:00, and a school link
 * "Profª Ana". Answers the medicine's and the link's ids.
 */
export async function changeOnTheTenth(
  t: TestApp,
  mae: Person,
  lia: string,
  medicine: { name: string; dose: number; unit: string },
): Promise<{ medicineId: string; linkId: string }> {
  await callAs(t, mae, `/api/children/${lia}/therapies`, { body: { kind: 'fonoaudiologia', startedOn: '2026-10-20' } });
  const added = await callAs(t, mae, `/api/children/${lia}/medicines`, {
    body: { ...medicine, times: ['07:00'], startedOn: '2026-11-10' },
  });
  if (added.status !== 201) throw new Error(`adding ${medicine.name} answered ${added.status}`);
  const link = await schoolLink(t, mae, lia, 'Profª Ana');
  return { medicineId: added.body.medicine.id, linkId: link.id };
}
