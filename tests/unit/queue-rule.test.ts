import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resetUnchanged } from '../../src/islands/useForm.ts';
import { ApiError, NETWORK_MESSAGE, unexpectedAnswer } from '../../src/lib/api.ts';
import { RECORD_READS, USER_DATA_READS } from '../../src/lib/offline-caches.ts';
import { answerFits } from '../../src/lib/queue-answers.ts';
import { queueOutcome, stopsQueue } from '../../src/lib/queue-rule.ts';
import type { QueuedOp } from '../../src/lib/queued-ops.ts';
import { refusalReason, refusedWords } from '../../src/lib/refused-words.ts';

const answered = (status: number, code: ApiError['code'] = 'internal_error', extra: Record<string, unknown> = {}) =>
  new ApiError(status, code, 'Mensagem do servidor', {}, undefined, extra);
const failed = (error: unknown) => ({ error });
const CHILD = '7d3c1a52-0b59-4d7e-9d2f-0c0e4b1f2a11';

const diaryAdd: QueuedOp = {
  id: 'e1',
  kind: 'diary-add',
  body: {
    id: 'e1',
    childId: CHILD,
    type: 'behavior',
    date: '2026-11-27',
    time: '12:36:00',
    behavior: 'Jogou o garfo no chão',
    context: 'No almoço, com a avó',
    intensity: 'Alta',
  },
};
const diaryDelete: QueuedOp = { id: 'd1', kind: 'diary-delete', targetId: 'e0' };
const doseAdd: QueuedOp = {
  id: 'x1',
  kind: 'dose-add',
  what: 'Ibuprofeno 5 ml',
  body: {
    id: 'x1',
    childId: CHILD,
    medicineId: '1b1d4e0c-5a5b-4f8e-8c39-3c9f7f0d8a21',
    status: 'given',
    at: '2026-11-27T15:36:00.000Z',
    recordedOffline: true,
  },
};
const message: QueuedOp = { id: 'm1', kind: 'support-message', threadId: 't1', body: { id: 'm1', text: 'Oi, equipe' } };
const note: QueuedOp = {
  id: 'n1',
  kind: 'notes-set',
  childId: CHILD,
  condition: 'hiperatividade',
  text: 'Não para quieto',
};

describe('the queue’s rule: what becomes of one queued write after a try', () => {
  it('taken by the server: delivered', () => {
    expect(queueOutcome(diaryAdd, { delivered: true })).toBe('delivered');
  });

  it('no answer (dropped, 5xx, timeout, offline): it waits, and the queue stops there', () => {
    for (const error of [
      new ApiError(0, 'network', NETWORK_MESSAGE),
      answered(500),
      answered(503, 'unavailable'),
      answered(408),
      new DOMException('The operation timed out.', 'TimeoutError'),
    ])
      expect(queueOutcome(diaryAdd, failed(error))).toBe('wait');
    // The connection went during the send: whatever came back, it waits.
    expect(queueOutcome(diaryAdd, failed(answered(422, 'validation_failed')), false)).toBe('wait');
    expect(stopsQueue('wait')).toBe(true);
  });

  it('signed out: waits for her next sign-in; no subscription: blocked, kept', () => {
    expect(queueOutcome(diaryAdd, failed(answered(401, 'unauthenticated')))).toBe('wait-signed-in');
    expect(queueOutcome(diaryAdd, failed(answered(402, 'subscription_required')))).toBe('blocked');
    expect(stopsQueue('wait-signed-in')).toBe(true);
    expect(stopsQueue('blocked')).toBe(true);
  });

  it('a message to the team over the day’s limit waits; anything else over a limit is refused', () => {
    expect(queueOutcome(message, failed(answered(429, 'rate_limited')))).toBe('wait');
    const thread: QueuedOp = {
      id: 't1',
      kind: 'support-thread',
      body: { id: 't1', category: 'conta', subject: 'Acesso', message: 'Não consigo entrar' },
    };
    expect(queueOutcome(thread, failed(answered(429)))).toBe('wait');
    expect(queueOutcome(diaryAdd, failed(answered(429, 'rate_limited')))).toBe('refused');
  });

  it('every other 4xx is refused, shown to her, and the queue goes on', () => {
    for (const [status, code] of [
      [409, 'conflict'],
      [409, 'too_soon'],
      [409, 'edit_conflict'],
      [422, 'validation_failed'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [400, 'bad_json'],
      [413, 'too_large'],
    ] as const) {
      expect(queueOutcome(diaryAdd, failed(answered(status, code)))).toBe('refused');
      expect(queueOutcome(doseAdd, failed(answered(status, code)))).toBe('refused');
      expect(queueOutcome(note, failed(answered(status, code)))).toBe('refused');
    }
    expect(stopsQueue('refused')).toBe(false);
    expect(stopsQueue('delivered')).toBe(false);
  });

  it('a delete of something already gone (404) did what she wanted; a delete refused otherwise is shown', () => {
    expect(queueOutcome(diaryDelete, failed(answered(404, 'not_found')))).toBe('gone');
    expect(queueOutcome(diaryDelete, failed(answered(403, 'forbidden')))).toBe('refused');
    expect(stopsQueue('gone')).toBe(false);
    // A 404 on an add is a record she lost, never "gone".
    expect(queueOutcome(diaryAdd, failed(answered(404, 'not_found')))).toBe('refused');
  });
});

describe('stuck: an answer that is not the operation’s, or a send that threw (issue 54)', () => {
  it('a 2xx that is not the API’s (a Wi-Fi’s login page) is stuck: kept in the queue, which stops there', () => {
    for (const op of [diaryAdd, diaryDelete, doseAdd, message, note])
      expect(queueOutcome(op, failed(unexpectedAnswer(200)))).toBe('stuck');
    expect(stopsQueue('stuck')).toBe(true);
  });

  it('an error that is no answer (a TypeError in a sender, an unknown kind) is stuck, never a silent wait', () => {
    expect(queueOutcome(diaryAdd, failed(new TypeError('Cannot read properties of undefined')))).toBe('stuck');
    expect(queueOutcome(diaryAdd, failed(new Error('Operação desconhecida na fila: diario-add')))).toBe('stuck');
    expect(queueOutcome(diaryAdd, failed('a string thrown'))).toBe('stuck');
    // Offline after the try, it waits as any other failure does.
    expect(queueOutcome(diaryAdd, failed(new TypeError('x')), false)).toBe('wait');
  });
});

describe('whether a sender’s answer is its operation’s (src/lib/queue-answers.ts)', () => {
  it('the route’s declared answer is delivered; a login page’s JSON, nothing, or a body on a 204 is not', () => {
    const notesAnswer = { condition: 'hiperatividade', text: 'Não para quieto', version: 3 };
    expect(answerFits(note, notesAnswer)).toBe(true);
    expect(answerFits(note, {})).toBe(false);
    expect(answerFits(note, undefined)).toBe(false);
    expect(answerFits(note, { ...notesAnswer, version: '3' })).toBe(false);
    // A delete answers 204: nothing; a body means another server answered.
    expect(answerFits(diaryDelete, undefined)).toBe(true);
    expect(answerFits(diaryDelete, { ok: true })).toBe(false);
    expect(answerFits(message, { ok: true })).toBe(false);
    // An unknown kind is never taken as delivered.
    expect(answerFits({ kind: 'diario-add' } as unknown as QueuedOp, {})).toBe(false);
  });
});

describe('the rule outside the browser', () => {
  it('loads in plain Node, without Vite or a window (a property test of simulated devices drives it)', () => {
    const script = `
      const { queueOutcome } = await import('./src/lib/queue-rule.ts');
      const { ApiError } = await import('./src/lib/api-error.ts');
      console.log(queueOutcome({ kind: 'dose-add' }, { error: new ApiError(409, 'conflict', 'x') }));`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe(
      'refused',
    );
  });
});

describe('a refused write in her words', () => {
  it('a diary entry: which diary, when, and every line she wrote', () => {
    const words = refusedWords(diaryAdd);
    expect(words.title).toBe('Registro do diário de comportamento de 27/11 às 12:36');
    expect(words.typed).toBe(
      'Comportamento observado: Jogou o garfo no chão\nContexto: No almoço, com a avó\nIntensidade: Alta',
    );
  });

  it('a dose: the medicine and when she marked it (São Paulo time)', () => {
    const words = refusedWords(doseAdd);
    expect(words.title).toBe('Dose de Ibuprofeno 5 ml marcada como dada em 27/11 às 12:36');
    expect(words.typed).toContain('Remédio: Ibuprofeno 5 ml');
  });

  it('a guide’s note: its text, and a link to the guide where she can choose', () => {
    expect(refusedWords(note)).toEqual({
      title: 'Anotação do guia Hiperatividade',
      typed: 'Não para quieto',
      link: { href: '/hiperatividade/observacao/', text: 'Abrir a anotação do guia Hiperatividade' },
    });
  });

  it('a message to the team, a night, a meal, a checklist', () => {
    expect(refusedWords(message)).toEqual({ title: 'Mensagem para a equipe', typed: 'Oi, equipe' });
    const night = refusedWords({
      ...diaryAdd,
      body: { id: 'e2', type: 'sleep', date: '2026-11-26', bedtime: '21:00', wokeAt: '07:00', nightWakings: 2 },
    } as QueuedOp);
    expect(night.title).toBe('Registro do diário do sono da noite de 26/11');
    expect(night.typed).toContain('Acordou durante a noite: 2');
    const meal = refusedWords({
      ...diaryAdd,
      body: {
        id: 'e3',
        type: 'food',
        date: '2026-11-27',
        time: '08:00:00',
        meal: 'Café',
        foods: 'Pão',
        mood: 'Animado',
      },
    } as QueuedOp);
    expect(meal.title).toBe('Registro do diário de alimentação de 27/11 às 08:00');
    const ticks = refusedWords({
      id: 'p1',
      kind: 'progress-set',
      childId: CHILD,
      key: 'aprendizado-home-signs',
      checked: [true, false, true, false, false, false, false],
    });
    expect(ticks.title).toBe('Marcações de uma lista do guia Dificuldade de Aprendizagem');
    expect(ticks.link?.href).toBe('/aprendizado/observacao/');
  });

  it('why: the server’s words; for a child she no longer follows, what that means', () => {
    expect(refusalReason({ status: 422, message: 'Verifique os campos destacados.' }, diaryAdd)).toBe(
      'Verifique os campos destacados.',
    );
    expect(refusalReason({ status: 404, message: 'Criança não encontrada.' }, diaryAdd)).toMatch(
      /^Criança não encontrada\. Foi feito sem internet para uma criança que você não acompanha mais/,
    );
    expect(
      refusalReason(
        {
          status: 422,
          message: 'Verifique os campos destacados.',
          extra: { fields: { checked: 'Esta lista tem 7 itens: envie exatamente 7 marcações.' } },
        },
        { kind: 'progress-set' },
      ),
    ).toBe('Esta lista tem 7 itens: envie exatamente 7 marcações.');
    expect(refusalReason({ status: 404, message: 'Conversa não encontrada.' }, message)).toBe(
      'Conversa não encontrada.',
    );
  });
});

describe('the service worker keeps the record pages’ reads, never the rest', () => {
  const base = 'http://localhost:4321/api';
  it('the reads a record page needs', () => {
    for (const path of [
      '/me',
      '/children',
      `/children/${CHILD}/medicines`,
      `/children/${CHILD}/doses?from=2026-11-27&to=2026-11-27`,
      `/children/${CHILD}/therapies`,
      `/children/${CHILD}/dose-alerts`,
      `/children/${CHILD}/ratings?from=2026-11-16&to=2026-11-29`,
      `/children/${CHILD}/progress`,
      `/diary?type=behavior&childId=${CHILD}`,
    ])
      expect(RECORD_READS.test(base + path), path).toBe(true);
    expect(RECORD_READS.test(`https://api.olhardemae.com.br/api/children/${CHILD}/medicines`)).toBe(true);
  });

  it('never the report, payments, the team, auth, nor a write’s sub-path', () => {
    for (const path of [
      `/children/${CHILD}/report.pdf?from=2026-11-01&to=2026-11-27`,
      `/children/${CHILD}/members`,
      `/children/${CHILD}/school-links`,
      '/payments/abc',
      '/staff/support',
      '/auth/confirm?token=x',
      '/insights?childId=x',
      '/account/export',
      `/children/${CHILD}/doses/${CHILD}`,
    ]) {
      expect(RECORD_READS.test(base + path), path).toBe(false);
      expect(USER_DATA_READS.test(base + path), path).toBe(false);
    }
    expect(USER_DATA_READS.test(`${base}/support/threads/${CHILD}`)).toBe(true);
    expect(USER_DATA_READS.test(`${base}/professionals`)).toBe(true);
  });
});

describe('emptying a form after a save', () => {
  const sent = { behavior: 'Gritou', context: 'Em casa', date: '2026-11-27', time: '12:36' };
  const fresh = { behavior: '', context: '', date: '2026-11-27', time: '12:40' };

  it('nothing changed since: every field back to new', () => {
    expect(resetUnchanged(sent, sent, fresh)).toEqual(fresh);
  });

  it('a date she typed while it was saving stays; the rest is emptied', () => {
    expect(resetUnchanged({ ...sent, date: '2026-11-20' }, sent, fresh)).toEqual({ ...fresh, date: '2026-11-20' });
  });

  it('words she started for the next entry stay', () => {
    expect(resetUnchanged({ ...sent, behavior: 'Chorou' }, sent, fresh)).toEqual({ ...fresh, behavior: 'Chorou' });
  });
});
