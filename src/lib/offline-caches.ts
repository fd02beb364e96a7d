/**
 * The service worker's caches of her API answers (decisions 0005 and 0031): which reads each keeps
 * and under what name. astro.config.mjs gives these to workbox; src/lib/device.ts deletes both
 * caches on sign-in, sign-out and account deletion. Matched against the whole URL (any origin, so
 * a PUBLIC_API_URL elsewhere too), GET only; the PDF report, payments, the team's console, support
 * writes and auth are never matched.
 */

/** The record pages' reads (treatment, diaries, the weekly rating): what they last knew, offline. */
export const RECORD_CACHE = 'registro-v1';
/** Her other reads (professionals, stats, profile, reminders, her conversations with the team). */
export const USER_DATA_CACHE = 'dados-da-mae';

const ID = '[0-9a-f-]{36}';
const END = String.raw`\/?(?:\?.*)?$`;

/**
 * Who is signed in and her children; a child's checklists and notes, medicines, doses, therapies,
 * dose alerts, weekly ratings and daily card (with its days); the diaries.
 */
export const RECORD_READS = new RegExp(
  String.raw`^https?:\/\/[^/]+\/api\/(?:me|diary|children(?:\/${ID}\/(?:progress|medicines|doses|therapies|dose-alerts|ratings|daily-card(?:\/days)?))?)${END}`,
);

export const USER_DATA_READS = new RegExp(
  String.raw`^https?:\/\/[^/]+\/api\/(?:professionals|stats|profile|reminders|support\/threads(?:\/${ID})?)${END}`,
);

/** How long the record's reads wait for the network before the last good answer is shown. */
export const RECORD_NETWORK_TIMEOUT_SECONDS = 4;
