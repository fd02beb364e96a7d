/**
 * The mother's side of the professional's link (issue 42): the summary of a period, its upload as
 * ciphertext, her list of links and their revocation, through the typed client.
 */
import { call, client } from '../../lib/api.ts';
import type { ClinicalSummary } from '../../shared/clinical-summary.ts';
import { shareUrl } from '../../shared/share-link-rules.ts';
import { saveFile } from './save-file.ts';

export interface Period {
  from: string;
  to: string;
}

export type ShareLink = Awaited<ReturnType<typeof listLinks>>[number];

export async function listLinks(childId: string) {
  return (await call(client.children[':id']['share-links'].$get({ param: { id: childId } }))).links;
}

export async function revokeLink(childId: string, linkId: string) {
  await call(client.children[':id']['share-links'][':linkId'].$delete({ param: { id: childId, linkId } }));
}

/**
 * The summary of the period, encrypted here with a fresh key; only the ciphertext goes up. The
 * answer is the link to give the professional, with the key after its `#`.
 */
/** The clinical summary of the period (the report's page 1), as the API computes it. */
export async function fetchSummary(childId: string, period: Period): Promise<ClinicalSummary> {
  const { summary } = (await call(
    client.children[':id'].summary.$get({ param: { id: childId }, query: { ...period } }),
  )) as { summary: ClinicalSummary };
  return summary;
}

/** "Arquivo para o sistema da clínica": the period's FHIR R4 Bundle, downloaded as a file. */
export async function downloadFhir(childId: string, period: Period): Promise<string> {
  const summary = await fetchSummary(childId, period);
  const { fhirBundle, fhirFileName } = await import('../../shared/fhir-bundle.ts');
  const name = fhirFileName(summary);
  saveFile(name, JSON.stringify(fhirBundle(summary), null, 2), 'application/fhir+json');
  return name;
}

export async function createLink(
  childId: string,
  period: Period,
  expiresInDays: number,
  passcode: string | null,
): Promise<{ url: string; expiresAt: string; hasPasscode: boolean }> {
  const summary = await fetchSummary(childId, period);
  const { encryptForLink } = await import('../../lib/share-crypto.ts');
  const { ciphertext, key } = await encryptForLink(summary);
  const { link } = await call(
    client.children[':id']['share-links'].$post({
      param: { id: childId },
      json: { ciphertext, ...period, expiresInDays, ...(passcode ? { passcode } : {}) },
    }),
  );
  return {
    url: shareUrl(window.location.origin, link.id, key),
    expiresAt: link.expiresAt,
    hasPasscode: link.hasPasscode,
  };
}
