/** Product-wide constants both sides use. */
export const SITE_NAME = 'Olhar de Mãe';
/** Version of the privacy policy a consent refers to: change it when the policy changes. */
export const POLICY_VERSION = '2026-11-27';
