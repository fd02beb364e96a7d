/**
 * "Fale com a equipe" and the team's console (docs/api.md "Support and the team's console"): the
 * calls of both pages through the typed client, and the words they share (categories, statuses,
 * how long a conversation waits). Staff calls answer 404 to anyone who is not staff.
 */
import { TIME_ZONE } from '../shared/clock.ts';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type SupportCategory } from '../shared/enums.ts';
import { count } from '../shared/words.ts';
import { type Answer, call, client } from './api.ts';

export type Thread = Answer<typeof client.support.threads.$get>['threads'][number];
export type ThreadDetail = Answer<(typeof client.support.threads)[':id']['$get']>;
export type Message = ThreadDetail['messages'][number];
export type ThreadStatus = Thread['status'];
export type Category = Thread['category'];
export type StaffThread = Answer<typeof client.staff.support.$get>['threads'][number];
export type PendingPayment = Answer<typeof client.staff.payments.$get>['payments'][number];
export type SubscriptionLookup = Answer<typeof client.staff.subscriptions.$get>;
export type Metrics = Answer<typeof client.staff.metrics.$get>;

/**
 * What she writes to start a conversation. `id` is made on the device and names it while it waits
 * in the offline queue; the API takes no device id for support (docs/api.md), so it stays here.
 */
export type NewThread = {
  id: string;
  category: Category;
  subject: string;
  message: string;
};

export const CATEGORY_LABEL: Record<SupportCategory, string> = SUPPORT_CATEGORY_LABELS;
export const CATEGORIES = SUPPORT_CATEGORIES;

/** As the mother reads a conversation's state. */
export const STATUS_LABEL: Record<ThreadStatus, string> = {
  open: 'Aguardando a equipe',
  answered: 'Respondida',
  closed: 'Encerrada',
};

/** As the team reads it in the console. */
export const STAFF_STATUS_LABEL: Record<ThreadStatus, string> = {
  open: 'Aguardando resposta',
  answered: 'Respondida',
  closed: 'Encerrada',
};

/** The answer time the team promises (spec §2: subscribers have priority support), as the API words it. */
export type AnswerTime = Answer<typeof client.support.threads.$get>['answerTime'];
export const promiseText = (answerTime: AnswerTime, priority: boolean) =>
  priority ? `resposta em ${answerTime.priority}` : `Resposta em ${answerTime.normal}`;

// ---- the mother's side -------------------------------------------------------------------------

/** Her conversations, newest first, and the answer times the team promises. */
export const listThreads = () => call(client.support.threads.$get());

export const readThread = (id: string) => call(client.support.threads[':id'].$get({ param: { id } }));

/** The id made on her device goes along: sent again after a lost answer, it is stored once. */
export const startThread = async (json: NewThread) => (await call(client.support.threads.$post({ json }))).thread;

export const sendMessage = async (threadId: string, json: { id: string; text: string }) =>
  (await call(client.support.threads[':id'].messages.$post({ param: { id: threadId }, json }))).message;

/** What the form says when her message waits on the device (the one offline rule decided). */
export const queuedText = (reason: 'offline' | 'server') =>
  reason === 'offline'
    ? 'Sem conexão agora: sua mensagem ficou guardada no aparelho e será enviada assim que a internet voltar.'
    : 'Não deu para enviar agora: sua mensagem ficou guardada no aparelho e será enviada sozinha em instantes.';

// ---- the team's side ---------------------------------------------------------------------------

export const confirmTotp = (code: string) => call(client.auth.totp.$post({ json: { code } }));

export const staffThreads = async (status: ThreadStatus) =>
  (await call(client.staff.support.$get({ query: { status } }))).threads;

export const staffThread = (id: string) => call(client.staff.support[':id'].$get({ param: { id } }));

export const staffReply = async (id: string, text: string) =>
  (await call(client.staff.support[':id'].messages.$post({ param: { id }, json: { text } }))).message;

export const setThreadStatus = async (id: string, status: ThreadStatus) =>
  (await call(client.staff.support[':id'].$patch({ param: { id }, json: { status } }))).thread;

export const pendingPayments = async () =>
  (await call(client.staff.payments.$get({ query: { status: 'pending' } }))).payments;

export const confirmPayment = (id: string) => call(client.staff.payments[':id'].confirm.$post({ param: { id } }));

export const lookUpSubscription = (email: string) => call(client.staff.subscriptions.$get({ query: { email } }));

export const grantCourtesy = (email: string, months: number) =>
  call(client.staff.subscriptions.$post({ json: { email, months } }));

export const staffMetrics = () => call(client.staff.metrics.$get());

// ---- words -------------------------------------------------------------------------------------

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "25/11/2026 às 14:05", in Brasília time. */
export function formatMoment(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** How long since `iso`: "menos de 1 min", "12 min", "3 h", "2 dias". */
export function elapsed(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return count(days, 'dia', 'dias');
}

/** A median answer time in minutes: "40 min", "3 h 10 min", or a dash while nothing was answered. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  const whole = Math.round(minutes);
  if (whole < 1) return 'menos de 1 min';
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours >= 48) return `${Math.round(hours / 24)} dias`;
  const rest = whole % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
