/**
 * The pt-BR words every side shares (issue 38): plurals, lists, decimals with a comma and the dose,
 * on the platform's Intl, so the page, the e-mails and the PDF say a figure the same way. No zod,
 * no DOM: islands, src/lib and the API import it freely. Decision 0038.
 */

const RULES = new Intl.PluralRules('pt-BR');
const AND = new Intl.ListFormat('pt-BR', { type: 'conjunction' });
/** A figure as written, no more decimals than it has: 1.5 → "1,5", 10 → "10", 1000 → "1000". */
const AS_WRITTEN = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 20, useGrouping: false });
const FIXED = new Map<number, Intl.NumberFormat>();

/** A word's two forms; `zero` when nothing reads otherwise ("nenhuma falta"), else `other`. */
export interface Forms {
  one: string;
  other: string;
  zero?: string;
}

/**
 * The form of a word for `n`. Portuguese's rule (CLDR, through Intl): the whole part 0 or 1 is
 * singular, so "1 dia", "1,5 comprimido"; an exact 0 takes the plural, as Brazilians say it ("0
 * faltas"), the `=0` case of an ICU message.
 */
export function plural(n: number, forms: Forms): string {
  if (n === 0) return forms.zero ?? forms.other;
  return RULES.select(n) === 'one' ? forms.one : forms.other;
}

/** "1 dia", "3 dias", "1,5 comprimido", "0 faltas": the figure and its word. */
export const count = (n: number, one: string, other: string) => `${amount(n)} ${plural(n, { one, other })}`;

/** "Maria", "Maria e Carlos", "Maria, Carlos e Rosa"; "" for none. */
export const list = (items: readonly string[]) => AND.format(items);

/**
 * A figure with exactly `digits` decimals and a comma, for every mean and rate in a table: 3.14 →
 * "3,1", 1 → "1,0", 1234.5 → "1.234,5". Never "-0,0": a mean that rounds to zero reads "0,0".
 */
export function decimal(n: number, digits = 1): string {
  let format = FIXED.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: 'negative',
    });
    FIXED.set(digits, format);
  }
  return format.format(n);
}

/** A figure as she wrote it, with a comma and no more decimals than it has: "1,5", "10", "0,25". */
export const amount = (n: number) => AS_WRITTEN.format(n);

/** The units a dose is written in whose word changes with the amount; the others ("mg", "ml") never do. */
const UNIT_FORMS: Record<string, Forms> = {
  comprimido: { one: 'comprimido', other: 'comprimidos' },
  cápsula: { one: 'cápsula', other: 'cápsulas' },
  gotas: { one: 'gota', other: 'gotas' },
};

/**
 * The one dose text, as the page, the e-mails and the report say it: "10 mg", "5 ml", "1 comprimido",
 * "2 comprimidos", "1,5 comprimido", "1 gota". "" without a dose; the amount alone without a unit.
 */
export function doseText(dose: number | null | undefined, unit: string | null | undefined): string {
  if (dose === null || dose === undefined || !Number.isFinite(dose)) return '';
  const forms = unit ? UNIT_FORMS[unit] : undefined;
  const word = forms ? plural(dose, forms) : (unit ?? '');
  return `${amount(dose)} ${word}`.trim();
}

const ORDINALS = ['primeir', 'segund', 'terceir', 'quart', 'quint', 'sext', 'sétim', 'oitav', 'non', 'décim'];

/**
 * "primeira", "segunda"… "décima" (feminine) or "primeiro"… for 1 to 10, then "11ª"/"11º": a
 * position in words, as one says it ("desfez a segunda dose"). Intl has no Portuguese ordinals.
 */
export function ordinal(n: number, gender: 'a' | 'o' = 'a'): string {
  const stem = ORDINALS[n - 1];
  return stem ? `${stem}${gender}` : `${amount(n)}${gender === 'a' ? 'ª' : 'º'}`;
}
