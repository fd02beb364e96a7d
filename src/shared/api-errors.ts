/** The API's error shape (shared/docs/api.md.md), read by the browser and produced by the server. */

import { PERIOD_MESSAGES } from './period-words.ts';

export const ERROR_CODES = {
  bad_json: 400,
  invalid_token: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  subscription_required: 402,
  forbidden: 403,
  email_not_confirmed: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  too_soon: 409,
  edit_conflict: 409,
  not_enough_stars: 409,
  too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  report_in_progress: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    retryAfterMinutes?: number;
    /** too_soon: when the last dose of that medicine was given (ISO 8601) */
    lastGivenAt?: string;
    /** edit_conflict: the server's copy, which the write was not applied over (issue 37) */
    current?: { text: string; version: number; by: { id: string | null; name: string } | null; at: string };
  };
}

import { INTERNAL_ERROR_MESSAGE } from './internal-error.ts';
import { count, plural } from './words.ts';

/** The one default the browser needs (an answer without the contract's body): see internal-error.ts. */
export { INTERNAL_ERROR_MESSAGE };

/** pt-BR default message per code, fit for a toast. */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_json: 'Não foi possível ler os dados enviados.',
  invalid_token: 'Este link não é válido, expirou ou já foi usado.',
  unauthenticated: 'Você precisa fazer login para continuar.',
  invalid_credentials: 'E-mail ou senha incorretos.',
  subscription_required: 'Este recurso é exclusivo para assinantes.',
  forbidden: 'Esta ação não é permitida.',
  email_not_confirmed: 'Confirme seu e-mail antes de entrar.',
  two_factor_required: 'Digite o código do aplicativo autenticador para abrir o painel da equipe.',
  not_found: 'Não encontrado.',
  conflict: 'Este registro já existe.',
  too_soon: 'O intervalo mínimo desde a última dose ainda não passou.',
  edit_conflict: 'Esta anotação foi mudada em outro aparelho enquanto você escrevia.',
  not_enough_stars: 'Ainda não há estrelas suficientes para esta recompensa.',
  too_large: 'Os dados enviados são grandes demais.',
  unsupported_media_type: 'Formato de dados não suportado. Envie JSON.',
  validation_failed: 'Verifique os campos destacados.',
  rate_limited: 'Muitas tentativas. Tente novamente mais tarde.',
  report_in_progress: 'Seu relatório já está sendo gerado',
  internal_error: INTERNAL_ERROR_MESSAGE,
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
};

/**
 * Every other pt-BR text the API sends in an error, in one place: routes name a key, never a
 * string, so a wording is changed once and the browser can show the same words.
 */
export const MESSAGES = {
  routeNotFound: 'Rota não encontrada.',
  originNotAllowed: 'Origem não permitida.',
  subscriptionRequired: 'Assine um plano para adicionar ou excluir registros.',
  entryNotFound: 'Registro não encontrado.',
  professionalNotFound: 'Profissional não encontrado.',
  paymentNotFound: 'Pagamento não encontrado.',
  unknownProvider: 'Provedor desconhecido.',
  badWebhookSignature: 'Assinatura inválida.',
  tryAgain: 'Tente novamente.',
  paymentsUnavailable: 'Pagamentos indisponíveis no momento.',
  paymentCreationFailed: 'Erro ao criar pagamento',
  badAdminToken: 'Token de administração inválido.',
  noAccountWithEmail: 'Nenhuma conta com este e-mail.',
  childNotFound: 'Criança não encontrada.',
  chooseChild: 'Escolha a criança',
  nightAlreadyRecorded: 'Já existe um registro de sono desta criança para esta noite.',
  patternsSubscriptionRequired: 'Assine um plano para ver os padrões e o relatório para o profissional.',
  ...PERIOD_MESSAGES,
  reportsBusy: 'Muitos relatórios sendo gerados agora. Tente novamente em alguns segundos.',
  insightsBusy: 'Os padrões deste período ainda estão sendo calculados. Tente novamente em alguns segundos.',
  unknownChecklist: 'Lista de verificação desconhecida.',
  checklistSize: (size: number) => `Esta lista tem ${size} itens: envie exatamente ${size} marcações.`,
  /** 409 edit_conflict: `name` is the first name of whoever wrote the copy kept ("outra pessoa" when unknown) */
  noteChangedBy: (name: string) => `Esta anotação foi mudada por ${name} enquanto você estava sem internet.`,
  /** 409 edit_conflict when the copy kept was written by her, on another device */
  noteChangedElsewhere: 'Esta anotação foi mudada por você em outro aparelho enquanto este estava sem internet.',
  professionalRequired: 'Campos obrigatórios',
  wrongPassword: 'Senha incorreta',
  wrongCurrentPassword: 'Senha atual incorreta',
  invalidCredentials: 'E-mail ou senha incorretos.',
  invalidResetToken:
    'Este link para criar uma nova senha não é válido, expirou ou já foi usado. Peça um novo link e use-o em até 1 hora.',
  roleForbidden: 'Você acompanha esta criança sem permissão para esta ação: só a família que cuida pode registrar.',
  ownerOnly: 'Só quem cadastrou a criança pode fazer isso.',
  notYourEntry: 'Você só pode excluir ou corrigir o que você mesma registrou.',
  memberNotFound: 'Pessoa não encontrada entre quem acompanha esta criança.',
  invitationNotFound: 'Convite não encontrado.',
  invalidInvitation: 'Este convite não é válido, expirou, foi cancelado ou já foi usado. Peça um novo convite.',
  invitationOtherEmail:
    'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail que recebeu o convite.',
  invitationSelf: 'Você já cuida desta criança.',
  invitationsPerDay: 'Você já enviou muitos convites para esta criança hoje. Tente novamente amanhã.',
  invitationsPerAccountPerDay: 'Você já enviou muitos convites hoje. Tente novamente amanhã.',
  childrenPerAccount: 'Você já cadastrou o número máximo de crianças nesta conta (10).',
  schoolLinkNotFound: 'Este link não está mais ativo. Peça um novo à família.',
  schoolPerDay: 'Este link já recebeu muitas observações hoje. Tente novamente amanhã.',
  schoolRatingsPerDay: 'Este link já recebeu muitas avaliações hoje. Tente novamente amanhã.',
  schoolCardsPerDay: 'Este link já recebeu muitos envios do cartão hoje. Tente novamente amanhã.',
  supportThreadNotFound: 'Conversa não encontrada.',
  supportPerDay: 'Você já abriu muitas conversas hoje. Continue numa conversa aberta ou tente novamente amanhã.',
  noDeviceForTest: 'Ative os lembretes neste aparelho antes de enviar um teste.',
  wrongTotpCode: 'Código incorreto ou expirado. Confira o aplicativo autenticador e tente de novo.',
  staffKeyMissing: 'Defina STAFF_TOTP_KEY ou ADMIN_TOKEN na API para cadastrar a equipe.',
  medicineNotFound: 'Remédio não encontrado.',
  doseNotFound: 'Dose não encontrada.',
  therapyNotFound: 'Terapia não encontrada.',
  medicineStopped: 'Este remédio foi suspenso. Para voltar a dar, cadastre-o de novo como um novo remédio.',
  changeBeforeLast: (last: string) =>
    `A data da mudança não pode ser antes do último registro deste remédio (${last}). O histórico não é reescrito.`,
  changeBeforeStart: 'A data não pode ser antes do início do remédio.',
  asNeededHasNoTimes: 'Um remédio “quando precisar” não tem horários.',
  doseAlreadyMarked: 'Esta dose já foi marcada por alguém. Atualize a página para ver quem marcou.',
  doseNotScheduled: 'Um remédio “quando precisar” não tem horário marcado: envie a dose sem horário.',
  tooSoon: (time: string) =>
    `A última dose foi dada às ${time} e o intervalo mínimo ainda não passou. Confirme só se o médico orientou.`,
  notYourDose: 'Você só pode desfazer a dose que você mesma marcou.',
  doseAlertNotFound: 'Aviso não encontrado.',
  alertSeenOwnerOnly: 'Só quem cadastrou a criança pode marcar este aviso como visto.',
  professionalNotInList: 'Escolha um profissional da sua lista.',
  therapyEndBeforeStart: 'A data de término não pode ser antes do início.',
  sessionBeforeStart: 'A sessão não pode ser antes do início da terapia.',
  sessionAfterEnd: (end: string) => `A data da sessão não pode ser depois do fim da terapia (${end}).`,
  rewardNotFound: 'Recompensa não encontrada.',
  /** 409 not_enough_stars: how many she has and how many the reward costs */
  notEnoughStars: (balance: number, cost: number) =>
    `Ainda não há estrelas suficientes para esta recompensa: há ${count(balance, 'estrela', 'estrelas')} e ela custa ${cost}.`,
  rewardsPerChild: 'O cardápio de recompensas já tem 30 itens. Remova um antes de adicionar outro.',
  noSchoolTargets: 'O cartão desta criança ainda não tem objetivos para a escola.',
  shareLinkGone: 'Este link não está mais disponível.',
  shareLinkNotFound: 'Link não encontrado.',
  sharePasscodeNeeded: 'Digite o código de 6 dígitos que a família passou para você.',
  sharePasscodeWrong: (left: number) =>
    `Código incorreto. ${plural(left, { one: 'Resta', other: 'Restam' })} ${count(left, 'tentativa', 'tentativas')} antes de o link ser bloqueado.`,
  shareLinkLocked: 'Este link foi bloqueado depois de 5 códigos incorretos. Peça um novo link à família.',
  shareTooLarge: 'O resumo ficou grande demais para um link. Escolha um período menor.',
  shareNotCiphertext: 'O resumo precisa ser enviado cifrado pelo navegador.',
  shareLinksPerDay: 'Você já criou muitos links para esta criança hoje. Tente novamente amanhã.',
  emailNotConfirmed:
    'Confirme seu e-mail antes de entrar. Enviamos um link para a sua caixa de entrada; se não encontrar, peça um novo.',
} as const;

/** "1 minuto", "15 minutos": grammar over the spec's "{n} minutos" template (decision 0024). */
export const minutesText = (minutes: number) => count(minutes, 'minuto', 'minutos');

/** Spec §5: "Muitas tentativas. Tente novamente em {n} minutos." (singular for 1). */
export const rateLimitMessage = (minutes: number) => `Muitas tentativas. Tente novamente em ${minutesText(minutes)}.`;

/** What each limit says when it refuses (issue 29): what was limited, then when to try again. */
export const LIMIT_MESSAGES = {
  supportReplies: (minutes: number) =>
    `Você enviou muitas mensagens em pouco tempo. Tente novamente em ${minutesText(minutes)}.`,
  schoolAddress: (minutes: number) =>
    `Muitos envios desta rede pelo link da escola em pouco tempo. Tente novamente em ${minutesText(minutes)}.`,
  totpCodes: (minutes: number) => `Muitos códigos tentados nesta conta. Tente novamente em ${minutesText(minutes)}.`,
  totpCodesToday: (minutes: number) =>
    `Muitos códigos tentados nesta conta hoje. Tente novamente em ${minutesText(minutes)}.`,
  totpCodesAddress: (minutes: number) =>
    `Muitos códigos tentados desta rede em pouco tempo. Tente novamente em ${minutesText(minutes)}.`,
  totpCodesDevice: (minutes: number) =>
    `Muitos códigos tentados neste navegador. Tente novamente em ${minutesText(minutes)}.`,
  shareOpensAddress: (minutes: number) =>
    `Muitas aberturas de links desta rede em pouco tempo. Tente novamente em ${minutesText(minutes)}.`,
  adminToken: (minutes: number) =>
    `Muitos tokens de administração incorretos deste endereço. Tente novamente em ${minutesText(minutes)}.`,
} as const;

/**
 * Dates the world does not allow (issue 40; decision 0032, the rules in src/shared/dates.ts). Each
 * names its field ("A data de início", "O horário da dose") so the message reads alone, in a toast
 * or by the field.
 */
export const DATE_MESSAGES = {
  tooOld: (field: string) => `${field} está longe demais no passado: confira o ano.`,
  tooFarAhead: (field: string, days: number) => `${field} pode ser no máximo ${days} dias depois de hoje.`,
  inFuture: (field: string) => `${field} não pode estar no futuro.`,
  notAfterTomorrow: (field: string) => `${field} pode ser no máximo amanhã.`,
  beforeBirth: (field: string, birth: string) => `${field} não pode ser antes do nascimento da criança (${birth}).`,
  beforeStart: (field: string, start: string) => `${field} não pode ser antes do início do remédio (${start}).`,
  afterStop: (field: string, stop: string) => `${field} não pode ser depois da suspensão do remédio (${stop}).`,
  notInSchedule: (time: string, day: string) =>
    `O remédio não tinha o horário das ${time} em ${day}. Escolha um dos horários dele nesse dia.`,
  weekBeforeBirth: (birth: string) => `A semana não pode ser antes do nascimento da criança (${birth}).`,
  stopBeforeDoses: (day: string) =>
    `Há doses marcadas até ${day}: a suspensão não pode ser antes delas. Desfaça essas doses ou escolha outra data.`,
  startAfterDoses: (day: string) =>
    `Há doses marcadas desde ${day}: o início não pode ser depois delas. Desfaça essas doses ou escolha outra data.`,
} as const;

/** Corrections of a medicine's history (issue 40): the last event removed or its date changed. */
export const HISTORY_MESSAGES = {
  changeNotFound: 'Registro do histórico não encontrado.',
  onlyLast: 'Só o último registro do histórico pode ser corrigido.',
  startStays:
    'O início do remédio não pode ser removido: corrija a data dele, ou registre a suspensão se ela parou de tomar.',
  removeTooLate:
    'Um registro só pode ser removido até 1 dia depois de feito. Corrija a data dele, ou registre uma nova mudança.',
  notYours: 'Só quem cadastrou a criança, ou quem fez este registro, pode corrigi-lo.',
} as const;
