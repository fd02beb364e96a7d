/**
 * The support forms' rules, loaded on a form's first focus (zod with them): the API's own schemas,
 * so the form says exactly what the server would.
 */
import * as z from 'zod/mini';
import { requiredText } from '../../shared/text.ts';

export { fieldMessages } from '../../shared/field-messages.ts';

// TODO(merge h-sup-api): the API's schemas in src/shared replace these.
export const newThreadSchema = z.object({
  category: z.enum(['pagamento', 'conta', 'conteudo', 'tecnico', 'outro'], { error: 'Escolha sobre o que é' }),
  subject: requiredText('Escreva o assunto', 120),
  message: requiredText('Escreva sua mensagem', 4000),
});

export const replySchema = z.object({ text: requiredText('Escreva sua mensagem', 4000) });
