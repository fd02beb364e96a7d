/**
 * "Arquivo para o sistema da clínica" (issue 42, item 4): the summary's data as a FHIR R4 Bundle of
 * type `collection`, built in the browser from the same numbers the summary prints. Pure: no DOM,
 * no Node. The child is a Patient with her first name and birth year only; her medicines are
 * MedicationStatements (the current dose, and each earlier dose of their history); the weekly
 * ratings are QuestionnaireResponses (home and school) answering a Questionnaire made from the
 * scale's own words; sleep per night and episodes per day are Observations.
 */

/** What the bundle is built from: a narrow view of the clinical summary (fhirSourceOf maps it). */
export interface FhirSource {
  child: { firstName: string; birthYear?: number | null };
  period: { from: string; to: string };
  /** ISO 8601 */
  generatedAt: string;
  medicines: Array<{
    name: string;
    dose: number | null;
    unit: string | null;
    times: string[];
    asNeeded: boolean;
    /** since when this dose and these times hold */
    since: string;
    /** the doses before, oldest first, each from its day until the next one's */
    history?: Array<{ from: string; to: string; dose: number | null; unit: string | null; text: string }>;
  }>;
  /** the weekly scale: its items and its four answers (0–3) */
  scale: { version: number; items: Array<{ key: string; label: string; school: boolean }>; answers: string[] };
  /** weekly means per item, per source (null: not rated that week) */
  ratings: Array<{ weekStart: string; source: 'home' | 'school'; means: Record<string, number | null> }>;
  sleep: Array<{ date: string; hours: number }>;
  episodes: Array<{ date: string; count: number }>;
}

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

const doseWords = (dose: number | null, unit: string | null) =>
  dose === null ? 'dose não informada' : `${String(dose).replace('.', ',')}${unit ? ` ${unit}` : ''}`;

/** The Bundle, ids made by `newId` (crypto.randomUUID unless a test gives its own). */
export function fhirBundle(source: FhirSource, newId: () => string = () => crypto.randomUUID()): FhirBundle {
  const entry: FhirBundle['entry'] = [];
  const add = (resource: Resource) => {
    const fullUrl = `urn:uuid:${newId()}`;
    entry.push({ fullUrl, resource });
    return fullUrl;
  };
  const patient = add({
    resourceType: 'Patient',
    name: [{ given: [source.child.firstName], text: source.child.firstName }],
    ...(source.child.birthYear ? { birthDate: String(source.child.birthYear) } : {}),
  });
  const subject = { reference: patient, display: source.child.firstName };

  for (const m of source.medicines) {
    const times = m.asNeeded ? 'quando precisar' : m.times.join(', ');
    add({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: { text: m.name },
      subject,
      effectivePeriod: { start: m.since },
      dateAsserted: source.generatedAt,
      dosage: [dosage(m, `${doseWords(m.dose, m.unit)}${times ? ` — ${times}` : ''}`)],
    });
    for (const before of m.history ?? [])
      add({
        resourceType: 'MedicationStatement',
        status: 'completed',
        medicationCodeableConcept: { text: m.name },
        subject,
        effectivePeriod: { start: before.from, end: before.to },
        dateAsserted: source.generatedAt,
        dosage: [
          {
            text: before.text,
            ...(doseQuantity(before.dose, before.unit)
              ? { doseAndRate: [{ doseQuantity: doseQuantity(before.dose, before.unit) }] }
              : {}),
          },
        ],
      });
  }

  if (source.ratings.length) {
    const answers = source.scale.answers.map((a, i) => `${i} = ${a}`).join(', ');
    add({
      resourceType: 'Questionnaire',
      url: QUESTIONNAIRE_URL,
      version: String(source.scale.version),
      name: 'AvaliacaoSemanal',
      title: 'Avaliação da semana (casa e escola)',
      status: 'active',
      subjectType: ['Patient'],
      description: `Média da semana de cada pergunta, de 0 a 3 (${answers}).`,
      item: source.scale.items.map((item) => ({ linkId: item.key, text: item.label, type: 'decimal' })),
    });
    for (const week of source.ratings) {
      const items = source.scale.items
        .filter((item) => typeof week.means[item.key] === 'number')
        .map((item) => ({
          linkId: item.key,
          text: item.label,
          answer: [{ valueDecimal: round(week.means[item.key]!) }],
        }));
      if (!items.length) continue;
      add({
        resourceType: 'QuestionnaireResponse',
        questionnaire: `${QUESTIONNAIRE_URL}|${source.scale.version}`,
        status: 'completed',
        subject,
        authored: week.weekStart,
        author: { display: SOURCE_WORDS[week.source] },
        item: items,
      });
    }
  }

  for (const night of source.sleep)
    add({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'activity', display: 'Activity' }] }],
      code: { coding: [SLEEP_CODE], text: 'Horas de sono na noite' },
      subject,
      effectiveDateTime: night.date,
      valueQuantity: { value: round(night.hours), unit: 'h', system: UCUM, code: 'h' },
    });
  for (const day of source.episodes)
    add({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
      code: { text: 'Episódios de comportamento registrados no dia' },
      subject,
      effectiveDateTime: day.date,
      valueQuantity: { value: day.count, unit: 'episódios', system: UCUM, code: '{episodes}' },
    });

  return { resourceType: 'Bundle', type: 'collection', timestamp: source.generatedAt, entry };
}

/** The file's name: "olhar-de-mae-<first name>-<from>-a-<to>.fhir.json", ASCII only. */
export function fhirFileName(source: Pick<FhirSource, 'child' | 'period'>): string {
  const name = source.child.firstName
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
  return `olhar-de-mae-${name || 'resumo'}-${source.period.from}-a-${source.period.to}.fhir.json`;
}
