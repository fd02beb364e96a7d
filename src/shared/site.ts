/** Product-wide constants both sides use. */
export const SITE_NAME = 'Olhar de Mãe';
export const TAGLINE = 'O olhar que só uma mãe tem';
