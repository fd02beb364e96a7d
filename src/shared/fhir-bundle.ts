/**
 * "Arquivo para o sistema da clínica" (issue 42, item 4): the summary's data as a FHIR R4 Bundle of
 * type `collection`, built in the browser from the same numbers the summary prints. Pure: no DOM,
 * no Node. The child is a Patient with her first name and birth year only; her medicines are
 * MedicationStatements (the current dose, and each earlier dose of their history); the weekly
 * ratings are QuestionnaireResponses (home and school) answering a Questionnaire made from the
 * scale's own words; sleep per night and episodes per day are Observations.
 */

import type { ClinicalSummary, SummaryChange } from './summary-sections.ts';
import { doseText } from './words.ts';

type Resource = Record<string, unknown> & { resourceType: string };
export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'collection';
  timestamp: string;
  entry: Array<{ fullUrl: string; resource: Resource }>;
}

const SITE = 'https://olhardemae.com.br/fhir';
export const QUESTIONNAIRE_URL = `${SITE}/Questionnaire/avaliacao-semanal`;
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** LOINC 93832-4: Sleep duration. */
const SLEEP_CODE = { system: 'http://loinc.org', code: '93832-4', display: 'Sleep duration' };
const SOURCE_WORDS = { home: 'Casa (família)', school: 'Escola' } as const;
/** UCUM codes for the units a medicine's dose is written in; others go as text only. */
const UCUM_UNITS: Record<string, string> = { mg: 'mg', ml: 'mL', mL: 'mL', g: 'g', mcg: 'ug', gotas: '[drp]' };

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const clockTime = (hhmm: string) => (hhmm.length === 5 ? `${hhmm}:00` : hhmm);

function doseQuantity(dose: number | null, unit: string | null) {
  if (dose === null) return undefined;
  const code = unit ? UCUM_UNITS[unit] : undefined;
  return {
    value: dose,
    ...(unit ? { unit } : {}),
    ...(code ? { system: UCUM, code } : {}),
  };
}

function dosage(m: { dose: number | null; unit: string | null; times: string[]; asNeeded: boolean }, text: string) {
  const quantity = doseQuantity(m.dose, m.unit);
  return {
    text,
    ...(m.times.length ? { timing: { repeat: { timeOfDay: m.times.map(clockTime) } } } : {}),
    asNeededBoolean: m.asNeeded,
    ...(quantity ? { doseAndRate: [{ doseQuantity: quantity }] } : {}),
  };
}

/** The one dose text of the page and the report ("2 comprimidos", "1,5 mg"). */
const doseWords = (dose: number | null, unit: string | null) => doseText(dose, unit) || 'dose não informada';

const STATUS_AFTER: Record<SummaryChange['kind'], string> = {
  medicine_start: 'completed',
  medicine_dose: 'completed',
  medicine_times: 'completed',
  medicine_stop: 'stopped',
  therapy_start: 'completed',
};

/**
 * The Bundle of a clinical summary, ids made by `newId` (crypto.randomUUID unless a test gives its
 * own). The Patient's birth date is the year alone, from the summary (or `birthYear` given here).
 */
export function fhirBundle(
  summary: ClinicalSummary,
  options: { newId?: () => string; birthYear?: number | null } = {},
): FhirBundle {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const entry: FhirBundle['entry'] = [];
  const add = (resource: Resource) => {
    const fullUrl = `urn:uuid:${newId()}`;
    entry.push({ fullUrl, resource });
    return fullUrl;
  };
  const { firstName } = summary.child;
  const patient = add({
    resourceType: 'Patient',
    name: [{ given: [firstName], text: firstName }],
    ...((options.birthYear ?? summary.child.birthYear)
      ? { birthDate: String(options.birthYear ?? summary.child.birthYear) }
      : {}),
  });
  const subject = { reference: patient, display: firstName };

  for (const m of summary.current.medicines) {
    const times = m.asNeeded ? 'quando precisar' : m.times.join(', ');
    add({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: { text: m.name },
      subject,
      effectivePeriod: { start: m.since },
      dateAsserted: summary.generatedAt,
      dosage: [dosage(m, `${doseWords(m.dose, m.unit)}${times ? ` — ${times}` : ''}`)],
    });
  }
  // The dose history: each change of the period, on its day, in the summary's words.
  for (const change of summary.changes.filter((c) => c.kind.startsWith('medicine_')))
    add({
      resourceType: 'MedicationStatement',
      status: STATUS_AFTER[change.kind],
      medicationCodeableConcept: { text: change.name },
      subject,
      effectiveDateTime: change.on,
      dateAsserted: summary.generatedAt,
      note: [{ text: change.text }],
    });

  const { weeks, items, answers } = summary.homeSchool;
  const rated = (values: Array<number | null>) => values.some((v) => typeof v === 'number');
  if (items.some((item) => rated(item.home) || rated(item.school))) {
    add({
      resourceType: 'Questionnaire',
      url: QUESTIONNAIRE_URL,
      name: 'AvaliacaoSemanal',
      title: 'Avaliação da semana (casa e escola)',
      status: 'active',
      subjectType: ['Patient'],
      description: `Média da semana de cada pergunta, de 0 a 3 (${answers.map((a, i) => `${i} = ${a}`).join(', ')}).`,
      item: items.map((item) => ({ linkId: item.key, text: item.label, type: 'decimal' })),
    });
    weeks.forEach((weekStart, w) => {
      for (const source of ['home', 'school'] as const) {
        const answered = items
          .filter((item) => typeof item[source][w] === 'number')
          .map((item) => ({
            linkId: item.key,
            text: item.label,
            answer: [{ valueDecimal: round(item[source][w]!) }],
          }));
        if (answered.length)
          add({
            resourceType: 'QuestionnaireResponse',
            questionnaire: QUESTIONNAIRE_URL,
            status: 'completed',
            subject,
            authored: weekStart,
            author: { display: SOURCE_WORDS[source] },
            item: answered,
          });
      }
    });
  }

  for (const night of summary.charts.sleepPerNight)
    add({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'activity', display: 'Activity' }] }],
      code: { coding: [SLEEP_CODE], text: 'Horas de sono na noite' },
      subject,
      effectiveDateTime: night.date,
      valueQuantity: { value: round(night.minutes / 60), unit: 'h', system: UCUM, code: 'h' },
    });
  for (const day of summary.charts.perDay)
    add({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
      code: { text: 'Episódios de comportamento registrados no dia' },
      subject,
      effectiveDateTime: day.date,
      valueQuantity: { value: day.count, unit: 'episódios', system: UCUM, code: '{episodes}' },
    });

  return { resourceType: 'Bundle', type: 'collection', timestamp: summary.generatedAt, entry };
}

/** The file's name: "olhar-de-mae-<first name>-<from>-a-<to>.fhir.json", ASCII only. */
export function fhirFileName(source: Pick<ClinicalSummary, 'child' | 'period'>): string {
  const name = source.child.firstName
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
  return `olhar-de-mae-${name || 'resumo'}-${source.period.from}-a-${source.period.to}.fhir.json`;
}
