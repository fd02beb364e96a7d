/**
 * The support forms' rules, loaded on a form's first focus (zod with them): the API's own schemas
 * (src/shared/support.ts), so a form says exactly what the server would.
 */
export { fieldMessages } from '../../shared/field-messages.ts';
export {
  staffMessageSchema,
  supportMessageSchema as replySchema,
  supportThreadSchema as newThreadSchema,
  totpCodeSchema,
} from '../../shared/support.ts';
