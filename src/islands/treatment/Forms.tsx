/**
 * The treatment page's forms, loaded when she first opens one: a new medicine, a change of dose or
 * of times or a stop (an event with its date and reason, never an edit of the past), a new therapy
 * and a therapy's session. Each validates with the API's own rules before it is sent.
 */
export { ChangeDialog, type ChangeKind } from './ChangeDialog.tsx';
export { NoDoseAdvice } from './form-kit.tsx';
export { MedicineForm } from './MedicineForm.tsx';
export { SessionDialog, TherapyForm } from './TherapyForms.tsx';
