/**
 * A refused write in her words (issue 37): what it was ("Registro do diário de comportamento de
 * 27/11 às 12:36"), what she typed, and why the server said no. Pure: the panel
 * (src/lib/refused-panel.ts), the queue's toast and the tests read the same words.
 */
import { TIME_ZONE } from '../shared/clock.ts';
import { CHECKLISTS, CONDITIONS, type Condition, STAGES } from '../shared/guides.ts';
import { isAddTo, type QueuedOp } from './queued-ops.ts';
import type { AddBody } from './resources.ts';

export interface RefusedWords {
  /** what was not saved, in a line */
  title: string;
  /** what she typed, as text she can read and copy ('' when she typed nothing, e.g. a deletion) */
  typed: string;
  /** where she can see it and choose (the guide page of a note or a checklist) */
  link?: { href: string; text: string };
}

/** The guides' names, as their pages title them. */
const GUIDE_NAMES: Record<Condition, string> = {
  aprendizado: 'Dificuldade de Aprendizagem',
  foco: 'Falta de Foco',
  hiperatividade: 'Hiperatividade',
  irritabilidade: 'Irritabilidade',
  sono: 'Sono Desregulado',
};

const DIARY_NAMES = { behavior: 'comportamento', food: 'alimentação', sleep: 'sono' } as const;

/** "27/11" of "2026-11-27". */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
/** "12:36" of "12:36:00". */
const hourMinute = (time: string) => time.slice(0, 5);

/** The São Paulo day and time of an instant ("27/11 às 12:36"), where the record keeps its times. */
function instantText(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} às ${part('hour')}:${part('minute')}`;
}

/** "Comportamento: …\nContexto: …": the lines she filled, skipping the empty ones. */
const lines = (pairs: Array<[string, unknown]>) =>
  pairs
    .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
    .map(([label, value]) => `${label}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('\n');

/** The guide page whose checklist this key is ("/sono/observacao/"), if it is one of them. */
function checklistPage(key: string): { condition: Condition; href: string } | null {
  for (const condition of CONDITIONS)
    for (const stage of STAGES)
      if (CHECKLISTS[condition][stage].some((list) => list.key === key))
        return { condition, href: `/${condition}/${stage}/` };
  return null;
}

/** What each diary's entry holds, in the form's words and order (the night of a sleep entry goes first). */
const DIARY_FIELDS: Record<keyof typeof DIARY_NAMES, Array<[label: string, field: string]>> = {
  sleep: [
    ['Deitou às', 'bedtime'],
    ['Dormiu às', 'asleepAt'],
    ['Acordou às', 'wokeAt'],
    ['Acordou durante a noite', 'nightWakings'],
    ['Observações', 'notes'],
  ],
  food: [
    ['Refeição', 'meal'],
    ['Alimentos oferecidos', 'foods'],
    ['Reação', 'reaction'],
    ['Humor da criança', 'mood'],
  ],
  behavior: [
    ['Comportamento observado', 'behavior'],
    ['Contexto', 'context'],
    ['Intensidade', 'intensity'],
    ['O que aconteceu depois', 'consequence'],
    ['Duração (minutos)', 'durationMinutes'],
    ['O que ajudou', 'helped'],
  ],
};

function diaryWords(body: AddBody<'diary'>): RefusedWords {
  const { type } = body;
  const date = String(body.date ?? '');
  const fields: Partial<Record<string, unknown>> = body;
  const filled = (DIARY_FIELDS[type] ?? DIARY_FIELDS.behavior).map(([label, field]): [string, unknown] => [
    label,
    fields[field],
  ]);
  if (type === 'sleep')
    return {
      title: `Registro do diário do sono da noite de ${dayMonth(date)}`,
      typed: lines([['Noite de', dayMonth(date)], ...filled]),
    };
  const time = 'time' in body ? body.time : undefined;
  const when = `${dayMonth(date)}${time ? ` às ${hourMinute(String(time))}` : ''}`;
  return { title: `Registro do diário de ${DIARY_NAMES[type] ?? 'registros'} de ${when}`, typed: lines(filled) };
}

/** What the refused write was and what she typed, in her words. */
export function refusedWords(op: QueuedOp): RefusedWords {
  switch (op.kind) {
    case 'notes-set': {
      const condition = op.condition as Condition;
      const guide = GUIDE_NAMES[condition] ?? op.condition;
      return {
        title: `Anotação do guia ${guide}`,
        typed: op.text,
        ...(GUIDE_NAMES[condition]
          ? { link: { href: `/${condition}/observacao/`, text: `Abrir a anotação do guia ${guide}` } }
          : {}),
      };
    }
    case 'progress-set': {
      const page = checklistPage(op.key);
      const guide = page ? GUIDE_NAMES[page.condition] : null;
      const done = op.checked.filter(Boolean).length;
      return {
        title: guide ? `Marcações de uma lista do guia ${guide}` : 'Marcações de uma lista de um guia',
        typed: `${done} de ${op.checked.length} itens marcados`,
        ...(page && guide ? { link: { href: page.href, text: `Abrir o guia ${guide}` } } : {}),
      };
    }
    case 'rating-set': {
      const answered = Object.keys(op.body.answers ?? {}).length;
      return {
        title: `Avaliação da semana de ${dayMonth(op.weekStart)}`,
        typed: lines([
          ['Perguntas respondidas', answered],
          ['Observação', op.body.note],
        ]),
      };
    }
    case 'card-marks-set': {
      const yes = Object.values(op.body.marks).flat().filter(Boolean).length;
      return {
        title: `Cartão do dia de ${dayMonth(op.date)} (${op.body.source === 'casa' ? 'casa' : 'escola'})`,
        typed: lines([
          ['Marcações “sim”', yes],
          ['Observação', op.body.note],
        ]),
        link: { href: '/cartao-do-dia/', text: 'Abrir o cartão do dia' },
      };
    }
    case 'support-thread':
      return {
        title: 'Mensagem para a equipe',
        typed: lines([
          ['Assunto', op.body.subject],
          ['Mensagem', op.body.message],
        ]),
      };
    case 'support-message':
      return { title: 'Mensagem para a equipe', typed: op.body.text };
  }
  const what = 'what' in op && op.what ? op.what : null;
  if (isAddTo(op, 'diary')) return diaryWords(op.body);
  if (isAddTo(op, 'dose')) {
    const { body } = op;
    const verb = body.status === 'skipped' ? 'marcada como não dada' : 'marcada como dada';
    return {
      title: `Dose${what ? ` de ${what}` : ''} ${verb} em ${instantText(String(body.at ?? ''))}`,
      typed: lines([
        ['Remédio', what],
        ['Horário previsto', body.scheduledFor ? String(body.scheduledFor).slice(11, 16) : null],
        ['Observação', body.note],
      ]),
    };
  }
  if (isAddTo(op, 'child')) {
    const { body } = op;
    return {
      title: `Criança cadastrada: ${String(body.name ?? '')}`,
      typed: lines([
        ['Nome', body.name],
        ['Nascimento', body.birthDate],
        ['Ano escolar', body.schoolYear],
        ['Restrições alimentares', body.dietaryRestrictions],
      ]),
    };
  }
  if (isAddTo(op, 'professional')) {
    const { body } = op;
    return {
      title: `Profissional adicionado: ${String(body.name ?? '')}`,
      typed: lines([
        ['Nome', body.name],
        ['Especialidade', body.specialty],
        ['Telefone', body.phone],
      ]),
    };
  }
  const DELETES: Record<string, string> = {
    'diary-delete': 'Exclusão de um registro do diário',
    'dose-delete': 'Desfazer uma dose marcada',
    'child-delete': 'Remoção de uma criança',
    'professional-delete': 'Remoção de um profissional',
  };
  return { title: (what ? `${DELETES[op.kind]}: ${what}` : DELETES[op.kind]) ?? 'Uma alteração', typed: '' };
}

/** Writes on a child's record: a 403 or 404 there means her access to the child ended or never wrote. */
const ON_A_CHILD = /^(diary|dose)-|^(notes|progress|rating|card-marks)-set$/;

/**
 * Why it was refused, for her: the server's words (a field's own message rather than "Verifique os
 * campos destacados", since no field is on screen), and what they mean for a child she no longer follows.
 */
export function refusalReason(
  refusal: { status: number; message: string; extra?: Record<string, unknown> },
  op: Pick<QueuedOp, 'kind'>,
): string {
  const fields = refusal.extra?.fields;
  const fieldText =
    fields && typeof fields === 'object'
      ? Object.values(fields as Record<string, unknown>)
          .filter((text): text is string => typeof text === 'string')
          .join(' ')
      : '';
  const message = (fieldText || refusal.message).trim();
  if ((refusal.status === 403 || refusal.status === 404) && ON_A_CHILD.test(op.kind))
    return `${message} Foi feito sem internet para uma criança que você não acompanha mais (ou só acompanha, sem registrar).`;
  return message;
}
