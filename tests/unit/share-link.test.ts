/**
 * The professional's link (issue 42): the browser's encryption round-trips, a wrong key fails, the
 * fragment parses; the clinic's file is a FHIR R4 Bundle that HL7's official R4 JSON schema accepts,
 * and a broken resource in it is refused.
 */
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { decryptFromLink, encryptForLink } from '../../src/lib/share-crypto.ts';
import type { ClinicalSummary } from '../../src/shared/clinical-summary.ts';
import { fhirBundle, fhirFileName, QUESTIONNAIRE_URL } from '../../src/shared/fhir-bundle.ts';
import { COMPACT_DIR_JWE, parseShareFragment, shareUrl } from '../../src/shared/share-links.ts';

describe('the link’s encryption', () => {
  it('round-trips the summary as a compact JWE (dir, A256GCM) under a fresh 256-bit key', async () => {
    const summary = { child: { firstName: 'Lia' }, dose: '10 mg' };
    const a = await encryptForLink(summary);
    const b = await encryptForLink(summary);
    expect(a.ciphertext).toMatch(COMPACT_DIR_JWE);
    expect(JSON.parse(Buffer.from(a.ciphertext.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'dir',
      enc: 'A256GCM',
    });
    expect(Buffer.from(a.key, 'base64url')).toHaveLength(32);
    expect(a.key).not.toBe(b.key);
    expect(a.ciphertext).not.toContain('Lia');
    expect(await decryptFromLink(a.ciphertext, a.key)).toEqual(summary);
    await expect(decryptFromLink(a.ciphertext, b.key)).rejects.toThrow();
  });

  it('puts the id and key after the # and reads them back', () => {
    const key = Buffer.alloc(32, 7).toString('base64url');
    const url = shareUrl('https://olhardemae.com.br', 'AAAAAAAAAAAAAAAAAAAAAA', key);
    expect(url).toBe(`https://olhardemae.com.br/profissional/#AAAAAAAAAAAAAAAAAAAAAA.${key}`);
    expect(parseShareFragment(new URL(url).hash)).toEqual({ id: 'AAAAAAAAAAAAAAAAAAAAAA', key });
    expect(parseShareFragment('#curto.chave')).toBeNull();
    expect(parseShareFragment('')).toBeNull();
  });
});

const SOURCE: ClinicalSummary = {
  child: { firstName: 'Lia', ageYears: 7 },
  period: { from: '2026-10-22', to: '2026-11-21' },
  generatedAt: '2026-11-21T15:00:00.000Z',
  current: {
    medicines: [
      {
        name: 'Metilfenidato',
        dose: 10,
        unit: 'mg',
        times: ['07:30'],
        asNeeded: false,
        since: '2026-11-02',
        startedOn: '2026-10-01',
      },
      {
        name: 'Melatonina',
        dose: null,
        unit: null,
        times: [],
        asNeeded: true,
        since: '2026-10-10',
        startedOn: '2026-10-10',
      },
    ],
    therapies: [],
  },
  changes: [
    { on: '2026-11-02', kind: 'medicine_dose', name: 'Metilfenidato', text: 'Mudou a dose de Metilfenidato' },
    { on: '2026-11-05', kind: 'therapy_start', name: 'Psicologia', text: 'Começou Psicologia' },
    { on: '2026-11-10', kind: 'medicine_stop', name: 'Risperidona', text: 'Parou Risperidona' },
  ],
  beforeAfter: null,
  homeSchool: {
    weeks: ['2026-11-09', '2026-11-16'],
    answers: ['nada', 'um pouco', 'bastante', 'muito'],
    items: [
      {
        key: 'atencao',
        label: 'Distração nas tarefas',
        inSentence: 'a distração nas tarefas',
        plural: false,
        asksSchool: true,
        home: [2, null],
        school: [2.5, null],
      },
      {
        key: 'sono',
        label: 'Dificuldade com o sono',
        inSentence: 'a dificuldade com o sono',
        plural: false,
        asksSchool: false,
        home: [1, null],
        school: [null, null],
      },
    ],
    raters: { home: ['Marina'], school: ['Profª Ana'] },
  },
  figures: {
    episodes: 3,
    intensity: { Baixa: 1, Média: 1, Alta: 1 },
    avgDurationMinutes: null,
    perWeek: 1,
    recent: { from: '2026-11-08', to: '2026-11-21' },
    baseline: null,
    changePercent: null,
    meals: 0,
    sleep: {
      nights: 2,
      avgMinutes: 533,
      recommended: null,
      nightsInRange: 2,
      bedtimeSpreadMinutes: null,
      avgNightWakings: null,
      totalNightWakings: 0,
    },
  },
  charts: {
    perDay: [{ date: '2026-11-20', count: 3 }],
    byHour: Array(24).fill(0),
    byWeekday: Array(7).fill(0),
    sleepPerNight: [
      { date: '2026-11-19', minutes: 555 },
      { date: '2026-11-20', minutes: 510 },
    ],
  },
};

let counter = 0;
const ids = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
const validator = new JSONSchemaValidator();

// HL7's schema is large: compiling it takes seconds on a loaded machine.
describe('the clinic’s file (FHIR R4)', { timeout: 30_000 }, () => {
  it('is a collection Bundle that the official R4 JSON schema accepts, resource by resource', () => {
    const bundle = fhirBundle(SOURCE, { newId: ids, birthYear: 2019 });
    expect(validator.validate(bundle)).toEqual([]);
    for (const { resource } of bundle.entry) expect(validator.validate(resource), resource.resourceType).toEqual([]);
    expect(bundle.type).toBe('collection');
    const kinds = bundle.entry.map((e) => e.resource.resourceType);
    expect(kinds).toEqual([
      'Patient',
      'MedicationStatement',
      'MedicationStatement',
      'MedicationStatement',
      'MedicationStatement',
      'Questionnaire',
      'QuestionnaireResponse',
      'QuestionnaireResponse',
      'Observation',
      'Observation',
      'Observation',
    ]);
  });

  it('names the child by first name and birth year only, and references her from every resource', () => {
    const bundle = fhirBundle(SOURCE, { newId: ids, birthYear: 2019 });
    const [patient, ...rest] = bundle.entry;
    expect(patient!.resource).toEqual({
      resourceType: 'Patient',
      name: [{ given: ['Lia'], text: 'Lia' }],
      birthDate: '2019',
    });
    for (const { resource } of rest)
      if (resource.resourceType !== 'Questionnaire')
        expect((resource.subject as { reference: string }).reference).toBe(patient!.fullUrl);
  });

  it('takes the birth year from the summary itself, as the doctor’s page builds the file', () => {
    const [patient] = fhirBundle({ ...SOURCE, child: { ...SOURCE.child, birthYear: 2018 } }, { newId: ids }).entry;
    expect(patient!.resource).toMatchObject({ resourceType: 'Patient', birthDate: '2018' });
    // A summary made before the year was in it names no birth date at all, never a guess from the age.
    expect(fhirBundle(SOURCE, { newId: ids }).entry[0]!.resource).not.toHaveProperty('birthDate');
  });

  it('carries the dose history, the weekly means per source and the nightly sleep', () => {
    const bundle = fhirBundle(SOURCE, { newId: ids, birthYear: 2019 });
    const statements = bundle.entry.filter((e) => e.resource.resourceType === 'MedicationStatement');
    expect(statements[0]!.resource).toMatchObject({
      status: 'active',
      effectivePeriod: { start: '2026-11-02' },
      dosage: [
        {
          text: '10 mg — 07:30',
          timing: { repeat: { timeOfDay: ['07:30:00'] } },
          doseAndRate: [{ doseQuantity: { value: 10, unit: 'mg', code: 'mg' } }],
        },
      ],
    });
    expect(statements.slice(2).map((s) => [s.resource.status, s.resource.effectiveDateTime, s.resource.note])).toEqual([
      ['completed', '2026-11-02', [{ text: 'Mudou a dose de Metilfenidato' }]],
      ['stopped', '2026-11-10', [{ text: 'Parou Risperidona' }]],
    ]);
    const responses = bundle.entry.filter((e) => e.resource.resourceType === 'QuestionnaireResponse');
    expect(responses.map((r) => [r.resource.author, r.resource.item])).toEqual([
      [
        { display: 'Casa (família)' },
        [
          { linkId: 'atencao', text: 'Distração nas tarefas', answer: [{ valueDecimal: 2 }] },
          { linkId: 'sono', text: 'Dificuldade com o sono', answer: [{ valueDecimal: 1 }] },
        ],
      ],
      [{ display: 'Escola' }, [{ linkId: 'atencao', text: 'Distração nas tarefas', answer: [{ valueDecimal: 2.5 }] }]],
    ]);
    expect(responses[0]!.resource.questionnaire).toBe(QUESTIONNAIRE_URL);
    const sleep = bundle.entry.find((e) => (e.resource.code as { text?: string })?.text === 'Horas de sono na noite');
    expect(sleep!.resource.valueQuantity).toEqual({
      value: 9.25,
      unit: 'h',
      system: 'http://unitsofmeasure.org',
      code: 'h',
    });
    expect(fhirFileName(SOURCE)).toBe('olhar-de-mae-lia-2026-10-22-a-2026-11-21.fhir.json');
  });

  it('fails validation when a resource is broken', () => {
    const bundle = fhirBundle(SOURCE, { newId: ids, birthYear: 2019 });
    const broken = structuredClone(bundle);
    // A MedicationStatement without its subject (required), inside the Bundle.
    delete broken.entry[1]!.resource.subject;
    expect(validator.validate(broken, true).length).toBeGreaterThan(0);
    const badDate = structuredClone(bundle);
    badDate.entry.at(-1)!.resource.effectiveDateTime = 'ontem';
    expect(validator.validate(badDate.entry.at(-1)!.resource, true).length).toBeGreaterThan(0);
    const unknown = structuredClone(bundle);
    unknown.entry[0]!.resource.nomeCompleto = 'Lia Souza';
    expect(validator.validate(unknown.entry[0]!.resource, true).length).toBeGreaterThan(0);
  });
});
