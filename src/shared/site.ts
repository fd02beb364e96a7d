/** Product-wide constants both sides use. */
export const SITE_NAME = 'Olhar de Mãe';
export const TAGLINE = 'O olhar que só uma mãe tem';
/** Version of the privacy policy a consent refers to: change it when the policy changes. */
export const POLICY_VERSION = '2026-11-21';
