/**
 * The one message the pages' shared script needs (an answer without the contract's body), in a
 * module of its own: imported from api-errors.ts, the whole catalogue of messages rode along into
 * every page's shared chunk (decision 0028; the home page went 0.3 kB over its 10 kB on 2026-11-27).
 */
export const INTERNAL_ERROR_MESSAGE = 'Ocorreu um erro inesperado';
