/**
 * Rules on the site's content that span files or need the build's settings, checked when the
 * pages are built (src/pages); each failure is one pt-BR line naming the file, like the schemas'.
 */
import { phoneKind } from '../shared/tel.ts';
import { ContentError, editorPath } from './content-errors.ts';

/** The nine sections the spec names for the privacy policy, in order (plus 0, the opening). */
export const POLICY_SECTIONS = 9;

export interface PolicyFile {
  file: string;
  secao: number;
}

/** Exactly one file per number, 0 (opening) and 1 to 9; returns them in order. */
export function orderPolicy<T extends PolicyFile>(files: readonly T[]): T[] {
  const problems: string[] = [];
  const byNumber = new Map<number, T>();
  for (const entry of files) {
    const other = byNumber.get(entry.secao);
    if (other) {
      problems.push(
        `${editorPath(entry.file)}: campo "secao": o número ${entry.secao} já é usado por ${editorPath(other.file)}.`,
      );
    } else byNumber.set(entry.secao, entry);
  }
  for (let n = 0; n <= POLICY_SECTIONS; n++) {
    if (!byNumber.has(n)) {
      problems.push(
        `content/site/privacidade: falta o arquivo com "secao: ${n}"${n === 0 ? ' (a abertura da política)' : ''}; a política tem a abertura e ${POLICY_SECTIONS} seções.`,
      );
    }
  }
  if (problems.length) throw new ContentError(problems.join('\n'));
  return [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Replaces {name} in a file's rendered HTML with the build's values (already HTML); an unknown
 * {name} is a typo that would reach mothers, so it fails the build.
 */
export function fillPlaceholders(html: string, values: Record<string, string>, file: string): string {
  const unknown = new Set<string>();
  const filled = html.replace(/\{([\p{L}_]+)\}/gu, (whole, name: string) => {
    if (name in values) return values[name]!;
    unknown.add(name);
    return whole;
  });
  if (unknown.size) {
    throw new ContentError(
      [...unknown]
        .map(
          (name) =>
            `${editorPath(file)}: "{${name}}" não existe; use ${Object.keys(values)
              .map((known) => `{${known}}`)
              .join(' ou ')}.`,
        )
        .join('\n'),
    );
  }
  return filled;
}

/** The privacy policy's placeholders: the data controller and the e-mail for LGPD requests. */
export function policyPlaceholders(controller: string, email: string): Record<string, string> {
  const address = escapeHtml(email);
  return {
    controlador: escapeHtml(controller),
    email: `<a href="mailto:${address}">${address}</a>`,
  };
}

/** An entry a page cannot do without: its absence names the file to create. */
export function required<T>(entry: T | undefined, file: string): T {
  if (entry === undefined) {
    throw new ContentError(`${file}: o arquivo não foi encontrado; ele é obrigatório (veja content/README.md).`);
  }
  return entry;
}

/** PUBLIC_CAPSI_PHONE, when set, must be a number the page can call. */
export function capsiPhone(value: string | undefined): string | null {
  const phone = value?.trim();
  if (!phone) return null;
  if (phoneKind(phone) === null) {
    throw new ContentError(
      `PUBLIC_CAPSI_PHONE: "${phone}" não é um telefone do Brasil; use DDD + número, como (11) 3333-4444, ou deixe vazio para mostrar como encontrar o CAPSi.`,
    );
  }
  return phone;
}

/** One step of the sleep guide's evening routine: minutes before bed and the guide's words. */
export interface RoutineStep {
  offset: number;
  text: string;
}

const ROUTINE_FILE = 'content/guides/sono/tratamento.mdx';
const ROUTINE_KEY = 'sono-tratamento-routine';

/**
 * The steps of the sleep guide's "Rotina da noite" checklist, one per reminder (its first items,
 * in order), for the reminders page. The notifications carry `sent` (src/shared/reminders.ts):
 * a guide that says anything else fails the build, so the page, the pushes and the guide agree.
 */
export function bedtimeRoutine(mdx: string, sent: readonly RoutineStep[]): RoutineStep[] {
  const lines = mdx.split(/\r?\n/).map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith(':::checklist') && line.includes(`chave="${ROUTINE_KEY}"`));
  const end = lines.indexOf(':::', start + 1);
  const items = start < 0 || end < 0 ? [] : lines.slice(start + 1, end).filter((line) => /^[-*] /.test(line));
  const steps = sent.map((step, i) => ({
    offset: step.offset,
    text: (items[i] ?? '')
      .slice(2)
      .replace(/[*_`]+/g, '')
      .trim(),
  }));
  const problems = steps.flatMap((step, i) =>
    step.text === sent[i]!.text
      ? []
      : [
          `${ROUTINE_FILE}: o ${i + 1}º item da lista "${ROUTINE_KEY}" diz "${step.text}", mas o lembrete de ${
            step.offset
          } minutos antes de dormir diz "${sent[i]!.text}" (BEDTIME_STEPS em src/shared/reminders.ts); mude os dois juntos.`,
        ],
  );
  if (problems.length) throw new ContentError(problems.join('\n'));
  return steps;
}
