/**
 * The treatment forms' rules, until the API's own (src/shared/treatment.ts) are merged: the same
 * fields and messages the routes check, so a form refuses what the API would refuse.
 */
import * as z from 'zod/mini';
import { clientId, isoDate, optionalText, requiredText } from '../../shared/text.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z
  .string({ error: 'Informe a hora no formato HH:MM' })
  .check(z.regex(TIME, { error: 'Informe a hora no formato HH:MM' }));
const times = z.array(time).check(
  z.refine((list) => list.length > 0, { error: 'Informe pelo menos um horário' }),
  z.refine((list) => list.length <= 8, { error: 'No máximo 8 horários' }),
);
const dose = z
  .number({ error: 'Informe a dose em número (por exemplo 10 ou 2,5)' })
  .check(z.positive({ error: 'Informe a dose em número (por exemplo 10 ou 2,5)' }));
const unit = z.enum(['mg', 'ml', 'gotas', 'comprimido', 'cápsula'], { error: 'Escolha a unidade' });

export const medicineCreateSchema = z.strictObject({
  name: requiredText('Informe o nome do remédio', 120),
  dose,
  unit,
  times: z.optional(times),
  asNeeded: z.optional(z.boolean()),
  minIntervalHours: z.optional(
    z.number({ error: 'Informe o intervalo em horas' }).check(z.positive({ error: 'Informe o intervalo em horas' })),
  ),
  prescriber: z.optional(optionalText(120)),
  reason: z.optional(optionalText(500)),
  startedOn: isoDate('Informe quando ela começou a tomar'),
  remind: z.optional(z.boolean()),
});

export const medicineChangeSchema = z.strictObject({
  on: isoDate('Informe a data da mudança'),
  kind: z.enum(['dose', 'times', 'stop']),
  dose: z.optional(dose),
  unit: z.optional(unit),
  times: z.optional(times),
  reason: z.optional(optionalText(500)),
});

export const therapyCreateSchema = z.strictObject({
  kind: z.enum(
    [
      'fonoaudiologia',
      'terapia_ocupacional',
      'psicologia',
      'psicopedagogia',
      'fisioterapia',
      'neuropediatria',
      'outra',
    ],
    {
      error: 'Escolha a terapia',
    },
  ),
  professionalId: z.optional(z.uuid({ error: 'Escolha um profissional da lista' })),
  professionalName: z.optional(optionalText(120)),
  frequency: z.optional(optionalText(120)),
  startedOn: isoDate('Informe quando começou'),
});

export const therapySessionSchema = z.strictObject({
  id: clientId,
  date: isoDate('Informe o dia da sessão'),
  attended: z.boolean(),
  note: z.optional(optionalText(2000)),
});
