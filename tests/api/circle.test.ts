/**
 * The family circle and the school (docs/api.md): the invitation's life from the e-mail to the
 * removal, what each role may do, the owner's subscription covering her circle, the school's
 * link, the patterns and the LGPD rules. Real routes, a real SMTP conversation, our database.
 */
import { eq } from 'drizzle-orm';
import { childInvitations, diaryEntries, profiles } from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { INVITATIONS_PER_CHILD_PER_DAY } from '../../api/services/circle.ts';
import { OBSERVATIONS_PER_LINK_PER_DAY } from '../../api/services/school.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { activateSubscription, confirmedWithProfile } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { pdfText } from '../support/pdf.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

type Person = { cookie: string; userId: string; email: string };

let smtp: SmtpSink;
let t: TestApp;
const clock = fixedClock(new Date('2026-11-21T15:00:00Z'));
let mae: Person;
let pai: Person;
let avo: Person;
let estranha: Person;
let lia: string;

const INVITE_LINK = /https?:\/\/\S+\/convite\/\?token=([a-z2-7]{32})/;
let address = 0;

async function person(email: string, fullName?: string): Promise<Person> {
  return { ...(await confirmedWithProfile(t, email, fullName)), email };
}

const call = (who: Person | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'x-forwarded-for': `203.0.113.${(++address % 250) + 1}` },
  });
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

/** Invites `email` to Lia with `role` and returns the token the e-mail carries. */
async function invite(email: string, role: 'carer' | 'viewer', child = lia): Promise<string> {
  const mail = smtp.next(email);
  const res = await json(await call(mae, `/api/children/${child}/invitations`, { body: { email, role } }));
  expect(res.status).toBe(201);
  const received = await mail;
  return INVITE_LINK.exec(received.text)![1]!;
}

const behavior = (childId: string, text: string) => ({
  type: 'behavior',
  childId,
  date: '2026-11-20',
  time: '18:00:00',
  behavior: text,
  context: 'Depois da escola',
  intensity: 'Média',
});

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock,
    mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@olhardemae.com.br>'),
    env: { TRUST_PROXY: '1' },
  });
  mae = await person('mae@example.com', 'Marina Souza');
  pai = await person('pai@example.com', 'Carlos Souza');
  avo = await person('avo@example.com', 'Lúcia Prado');
  estranha = await person('estranha@example.com');
  await activateSubscription(t, mae.userId);
  lia = (await json(await call(mae, '/api/children', { body: { name: 'Lia Souza', birthDate: '2019-03-02' } }))).body
    .child.id;
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
  await smtp.close();
});

describe('the invitation’s life', () => {
  it('e-mails a link, lists the invitation, and lets only the invited e-mail accept it, once', async () => {
    const mail = smtp.next(pai.email);
    const sent = await json(
      await call(mae, `/api/children/${lia}/invitations`, { body: { email: pai.email, role: 'carer' } }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toMatchObject({ email: pai.email, role: 'carer' });
    expect(Date.parse(sent.body.invitation.expiresAt) - clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const received = await mail;
    expect(received.subject).toBe('Convite para acompanhar uma criança no Olhar de Mãe');
    expect(received.text).toContain('Marina Souza convidou você para acompanhar Lia Souza');
    const token = INVITE_LINK.exec(received.text)![1]!;
    // Only the token's hash is kept.
    const [stored] = await t.db.handle.db.select().from(childInvitations).where(eq(childInvitations.childId, lia));
    expect(JSON.stringify(stored)).not.toContain(token);

    const circle = await json(await call(mae, `/api/children/${lia}/members`));
    expect(circle.body).toEqual({ members: [], invitations: [sent.body.invitation] });

    const wrong = await json(await call(estranha, '/api/invitations/accept', { body: { token } }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'forbidden', message: MESSAGES.invitationOtherEmail });

    const accepted = await json(await call(pai, '/api/invitations/accept', { body: { token } }));
    expect(accepted).toEqual({ status: 200, body: { child: { id: lia, name: 'Lia Souza' }, role: 'carer' } });
    const again = await json(await call(pai, '/api/invitations/accept', { body: { token } }));
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'invalid_token', message: MESSAGES.invalidInvitation });

    const theirs = await json(await call(pai, '/api/children'));
    expect(theirs.body.children).toEqual([
      expect.objectContaining({ id: lia, name: 'Lia Souza', role: 'carer', ownerName: 'Marina Souza' }),
    ]);
    const hers = await json(await call(mae, '/api/children'));
    expect(hers.body.children[0]).toMatchObject({ id: lia, role: 'owner', ownerName: null });
    const me = await json(await call(pai, '/api/me'));
    expect(me.body.children).toEqual([expect.objectContaining({ id: lia, role: 'carer', ownerName: 'Marina Souza' })]);
    const members = await json(await call(mae, `/api/children/${lia}/members`));
    expect(members.body.members).toEqual([
      { userId: pai.userId, name: 'Carlos Souza', email: pai.email, role: 'carer', since: clock.now().toISOString() },
    ]);
    expect(members.body.invitations).toEqual([]);
  });

  it('refuses an expired, a cancelled or a made-up invitation with 400 invalid_token', async () => {
    const expired = await invite(avo.email, 'viewer');
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await call(avo, '/api/invitations/accept', { body: { token: expired } })).status).toBe(400);
    const cancelled = await invite(avo.email, 'viewer');
    const [pending] = (await json(await call(mae, `/api/children/${lia}/members`))).body.invitations;
    expect(
      (await call(mae, `/api/children/${lia}/invitations/${pending.id}`, { method: 'DELETE', body: {} })).status,
    ).toBe(204);
    expect((await call(avo, '/api/invitations/accept', { body: { token: cancelled } })).status).toBe(400);
    for (const bad of ['a'.repeat(32), 'abc', '']) {
      expect((await call(avo, '/api/invitations/accept', { body: { token: bad } })).status).toBe(400);
    }
    expect((await call(null, '/api/invitations/accept', { body: { token: cancelled } })).status).toBe(401);
  });

  it('lets only the owner invite, list and cancel; a stranger gets 404 and a member 403', async () => {
    const body = { email: 'tia@example.com', role: 'viewer' };
    expect((await call(estranha, `/api/children/${lia}/invitations`, { body })).status).toBe(404);
    expect((await call(estranha, `/api/children/${lia}/members`)).status).toBe(404);
    const asMember = await json(await call(pai, `/api/children/${lia}/invitations`, { body }));
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe(MESSAGES.ownerOnly);
    expect((await call(pai, `/api/children/${lia}/members`)).status).toBe(403);
    const self = await json(
      await call(mae, `/api/children/${lia}/invitations`, { body: { ...body, email: mae.email } }),
    );
    expect(self.status).toBe(422);
    const badRole = await json(
      await call(mae, `/api/children/${lia}/invitations`, { body: { ...body, role: 'owner' } }),
    );
    expect(badRole.status).toBe(422);
    expect(badRole.body.error.fields.role).toBeDefined();
  });

  it(`sends at most ${INVITATIONS_PER_CHILD_PER_DAY} invitations per child per day`, async () => {
    const extra = (await json(await call(mae, '/api/children', { body: { name: 'Téo', birthDate: '2021-01-01' } })))
      .body.child.id;
    const answers = await Promise.all(
      Array.from({ length: INVITATIONS_PER_CHILD_PER_DAY + 2 }, (_, i) =>
        call(mae, `/api/children/${extra}/invitations`, {
          body: { email: `convidada${i}@example.com`, role: 'viewer' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATIONS_PER_CHILD_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = await answers.find((r) => r.status === 429)!.json();
    expect(refused.error.message).toBe(MESSAGES.invitationsPerDay);
    await t.deps.jobs.idle();
    await call(mae, `/api/children/${extra}`, { method: 'DELETE', body: {} });
  });
});

describe('one record, many hands', () => {
  let viewerToken: string;
  beforeAll(async () => {
    viewerToken = await invite(avo.email, 'viewer');
    expect((await call(avo, '/api/invitations/accept', { body: { token: viewerToken } })).status).toBe(200);
  });

  it('shows who recorded each entry; the carer deletes only hers, the owner anything, the viewer nothing', async () => {
    const byPai = await json(await call(pai, '/api/diary', { body: behavior(lia, 'Birra no jantar') }));
    expect(byPai.status).toBe(201);
    expect(byPai.body.entry.recordedBy).toEqual({ id: pai.userId, name: 'Carlos' });
    clock.advance(60_000);
    const byMae = await json(await call(mae, '/api/diary', { body: behavior(lia, 'Gritou no banho') }));
    expect(byMae.body.entry.recordedBy).toEqual({ id: mae.userId, name: 'Marina' });

    const seen = await json(await call(avo, `/api/diary?type=behavior&childId=${lia}`));
    expect(seen.status).toBe(200);
    expect(seen.body.entries.map((e: { recordedBy: { name: string } }) => e.recordedBy.name)).toEqual([
      'Marina',
      'Carlos',
    ]);

    const viewerWrite = await json(await call(avo, '/api/diary', { body: behavior(lia, 'da avó') }));
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.body.error).toEqual({ code: 'forbidden', message: MESSAGES.roleForbidden });
    expect(
      (
        await call(avo, `/api/children/${lia}/progress/sono-signs`, {
          method: 'PUT',
          body: { checked: Array(8).fill(true) },
        })
      ).status,
    ).toBe(403);
    expect((await call(avo, `/api/children/${lia}/notes/sono`, { method: 'PUT', body: { text: 'nota' } })).status).toBe(
      403,
    );
    expect((await call(avo, `/api/diary/${byMae.body.entry.id}`, { method: 'DELETE', body: {} })).status).toBe(403);

    const carerOnOwners = await json(
      await call(pai, `/api/diary/${byMae.body.entry.id}`, { method: 'DELETE', body: {} }),
    );
    expect(carerOnOwners.status).toBe(403);
    expect(carerOnOwners.body.error.message).toBe(MESSAGES.notYourEntry);
    expect((await call(pai, `/api/diary/${byPai.body.entry.id}`, { method: 'DELETE', body: {} })).status).toBe(204);
    const again = await json(await call(pai, '/api/diary', { body: behavior(lia, 'Outra birra') }));
    expect((await call(mae, `/api/diary/${again.body.entry.id}`, { method: 'DELETE', body: {} })).status).toBe(204);

    // A member manages nothing of the child.
    expect((await call(pai, `/api/children/${lia}`, { method: 'PATCH', body: { name: 'Outra' } })).status).toBe(403);
    expect((await call(pai, `/api/children/${lia}`, { method: 'DELETE', body: {} })).status).toBe(403);
    expect((await call(estranha, `/api/diary?type=behavior&childId=${lia}`)).status).toBe(404);
  });

  it('lets the owner’s subscription cover the circle: 402 only when hers has ended', async () => {
    // Neither the father nor the grandmother subscribes.
    expect((await call(pai, '/api/diary', { body: behavior(lia, 'Coberta') })).status).toBe(201);
    expect((await call(avo, `/api/insights?childId=${lia}&from=2026-11-01&to=2026-11-20`)).status).toBe(200);
    expect((await call(avo, `/api/children/${lia}/report.pdf?from=2026-11-01&to=2026-11-20`)).status).toBe(200);
    await activateSubscription(t, mae.userId, -1);
    const lapsed = await json(await call(pai, '/api/diary', { body: behavior(lia, 'Sem cobertura') }));
    expect(lapsed.status).toBe(402);
    expect((await call(avo, `/api/insights?childId=${lia}`)).status).toBe(402);
    // Her own subscription does not cover the owner's child.
    await activateSubscription(t, pai.userId);
    expect((await call(pai, '/api/diary', { body: behavior(lia, 'Ainda sem') })).status).toBe(402);
    await activateSubscription(t, mae.userId);
  });

  it('ends access at once when the owner removes a member, and lets a member leave', async () => {
    const tio = await person('tio@example.com', 'Rui Prado');
    const token = await invite(tio.email, 'carer');
    expect((await call(tio, '/api/invitations/accept', { body: { token } })).status).toBe(200);
    expect((await call(tio, `/api/diary?type=behavior&childId=${lia}`)).status).toBe(200);
    expect((await call(tio, `/api/children/${lia}/members/${pai.userId}`, { method: 'DELETE', body: {} })).status).toBe(
      403,
    );
    expect((await call(mae, `/api/children/${lia}/members/${tio.userId}`, { method: 'DELETE', body: {} })).status).toBe(
      204,
    );
    for (const path of [`/api/diary?type=behavior&childId=${lia}`, `/api/children/${lia}/progress`]) {
      expect((await call(tio, path)).status).toBe(404);
    }
    const late = await json(await call(tio, '/api/diary', { body: behavior(lia, 'Depois de removido') }));
    expect(late.status).toBe(404);
    expect((await json(await call(tio, '/api/children'))).body.children).toEqual([]);

    const token2 = await invite(tio.email, 'viewer');
    expect((await call(tio, '/api/invitations/accept', { body: { token: token2 } })).status).toBe(200);
    expect((await call(tio, `/api/children/${lia}/members/${tio.userId}`, { method: 'DELETE', body: {} })).status).toBe(
      204,
    );
    expect((await call(tio, `/api/children/${lia}/progress`)).status).toBe(404);
  });
});

describe('the school’s link', () => {
  let token: string;
  let linkId: string;
  const observation = {
    date: '2026-11-20',
    period: '2ª aula',
    activity: 'Ditado',
    // "atividade" twice: a word seen once is not among the most frequent
    antecedent: 'Troca de atividade sem aviso, no meio da atividade',
    behavior: 'Levantou e saiu da sala',
    consequence: 'Chamei para perto da mesa',
    helped: 'Dar uma tarefa de ajudante',
    attention: 2,
    observer: 'Profª Ana',
  };

  it('is made by the owner only, and opens the child’s first name and its label, nothing else', async () => {
    expect((await call(pai, `/api/children/${lia}/school-links`, { body: { label: 'Profª Ana' } })).status).toBe(403);
    const bad = await json(
      await call(mae, `/api/children/${lia}/school-links`, { body: { label: 'x', expiresInDays: 181 } }),
    );
    expect(bad.status).toBe(422);
    const made = await json(
      await call(mae, `/api/children/${lia}/school-links`, {
        body: { label: 'Profª Ana — 2º ano', expiresInDays: 30 },
      }),
    );
    expect(made.status).toBe(201);
    expect(made.body.link.url).toMatch(/\/escola\/\?token=[a-z2-7]{32}$/);
    token = made.body.link.url.split('token=')[1];
    linkId = made.body.link.id;
    const info = await json(await call(null, `/api/school/${token}`));
    expect(info).toEqual({ status: 200, body: { childFirstName: 'Lia', label: 'Profª Ana — 2º ano' } });
    const listed = await json(await call(mae, `/api/children/${lia}/school-links`));
    expect(listed.body.links).toEqual([
      expect.objectContaining({ id: linkId, label: 'Profª Ana — 2º ano', observations: 0, revokedAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('lands an observation in the child’s record, in the patterns and in the report, marked escola', async () => {
    const posted = await json(await call(null, `/api/school/${token}/observations`, { body: observation }));
    expect(posted).toEqual({ status: 201, body: { ok: true } });
    const invalid = await json(
      await call(null, `/api/school/${token}/observations`, { body: { ...observation, attention: 6 } }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.fields.attention).toBeDefined();

    const listed = await json(await call(pai, `/api/diary?type=school&childId=${lia}`));
    expect(listed.body.entries).toEqual([
      expect.objectContaining({
        type: 'school',
        label: 'Profª Ana — 2º ano',
        antecedent: observation.antecedent,
        behavior: observation.behavior,
        attention: 2,
        recordedBy: { id: null, name: 'Profª Ana' },
      }),
    ]);
    const insights = await json(await call(mae, `/api/insights?childId=${lia}&from=2026-11-14&to=2026-11-20`));
    expect(insights.body.school).toMatchObject({ total: 1, avgAttention: 2 });
    expect(insights.body.school.perDay.at(-1)).toEqual({ date: '2026-11-20', count: 1 });
    // One observation: no situation is counted yet (twice at least), and never word by word.
    expect(insights.body.school.contexts).toEqual([]);
    // Named by its link's label, as every list of the record names the school (recordersOf, issue 54).
    expect(insights.body.authors).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Profª Ana — 2º ano', count: 1 })]),
    );
    expect(insights.body.authors.map((a: { name: string }) => a.name)).not.toContain('Escola');
    const links = await json(await call(mae, `/api/children/${lia}/school-links`));
    expect(links.body.links[0].observations).toBe(1);
    const report = await call(avo, `/api/children/${lia}/report.pdf?from=2026-11-14&to=2026-11-20`);
    expect(report.status).toBe(200);
    const text = (await pdfText(Buffer.from(await report.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Escola e quem registrou');
    expect(text).toContain('Observações da escola: 1 em 1 dia');
    expect(text).toContain('Atenção média nas atividades (de 1 a 5, segundo a escola): 2');
    expect(text).toMatch(/Quem registrou: .*Profª Ana — 2º ano \d+% \(1\)/);
    expect(text).toContain('Escola (Profª Ana — 2º ano), 2ª aula, Ditado: Levantou e saiu da sala.');
    expect(text).toContain('Atenção: 2 de 5 (Pouca atenção).');
  });

  it('counts the situations the school writes whole, as hers are, never word by word (issue 39)', async () => {
    const again = { ...observation, date: '2026-11-19', antecedent: 'troca de atividade sem aviso; no recreio' };
    expect((await call(null, `/api/school/${token}/observations`, { body: again })).status).toBe(201);
    const insights = await json(await call(mae, `/api/insights?childId=${lia}&from=2026-11-14&to=2026-11-20`));
    expect(insights.body.school.contexts).toEqual([
      { term: expect.stringMatching(/^troca de atividade sem aviso$/i), count: 2 },
    ]);
  });

  it(`takes at most ${OBSERVATIONS_PER_LINK_PER_DAY} observations per link per day`, async () => {
    const made = await json(await call(mae, `/api/children/${lia}/school-links`, { body: { label: 'Reforço' } }));
    const other = made.body.link.url.split('token=')[1];
    const statuses = [];
    for (let i = 0; i < OBSERVATIONS_PER_LINK_PER_DAY + 1; i++)
      statuses.push((await call(null, `/api/school/${other}/observations`, { body: observation })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(OBSERVATIONS_PER_LINK_PER_DAY);
    expect(statuses.at(-1)).toBe(429);
    await call(mae, `/api/children/${lia}/school-links/${made.body.link.id}`, { method: 'DELETE', body: {} });
  });

  it('says so in pt-BR once revoked or expired', async () => {
    expect(
      (await call(pai, `/api/children/${lia}/school-links/${linkId}`, { method: 'DELETE', body: {} })).status,
    ).toBe(403);
    expect(
      (await call(mae, `/api/children/${lia}/school-links/${linkId}`, { method: 'DELETE', body: {} })).status,
    ).toBe(204);
    const revoked = await json(await call(null, `/api/school/${token}`));
    expect(revoked).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: MESSAGES.schoolLinkNotFound } },
    });
    expect((await call(null, `/api/school/${token}/observations`, { body: observation })).status).toBe(404);
    const short = await json(
      await call(mae, `/api/children/${lia}/school-links`, { body: { label: 'Curta', expiresInDays: 1 } }),
    );
    const shortToken = short.body.link.url.split('token=')[1];
    expect((await call(null, `/api/school/${shortToken}`)).status).toBe(200);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await call(null, `/api/school/${shortToken}`)).status).toBe(404);
    expect((await call(null, '/api/school/nao-existe')).status).toBe(404);
  });
});

describe('a carer gives a name and nothing more (issue 39)', () => {
  let tia: Person;

  it('joins through the invitation, completes the profile with a name, records a diary entry and marks a dose', async () => {
    tia = await person('tia@example.com');
    const token = await invite(tia.email, 'carer');
    expect((await call(tia, '/api/invitations/accept', { body: { token } })).status).toBe(200);
    // Before her name: incomplete, like any new account.
    expect((await json(await call(tia, '/api/me'))).body.profileComplete).toBe(false);
    const saved = await json(await call(tia, '/api/profile', { method: 'PUT', body: { fullName: 'Rita Prado' } }));
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toEqual({ fullName: 'Rita Prado', email: tia.email, phone: null, cpf: null });
    const me = (await json(await call(tia, '/api/me'))).body;
    expect(me.profileComplete).toBe(true);
    expect(me.profile).toEqual({ fullName: 'Rita Prado', email: tia.email, phone: null, cpf: null });
    const [row] = await t.db.handle.db.select().from(profiles).where(eq(profiles.userId, tia.userId));
    expect([row?.phone, row?.cpf]).toEqual([null, null]);

    const entry = await json(await call(tia, '/api/diary', { body: behavior(lia, 'Chorou na saída') }));
    expect(entry.status).toBe(201);
    expect(entry.body.entry.recordedBy).toEqual({ id: tia.userId, name: 'Rita' });
    const medicine = await json(
      await call(mae, `/api/children/${lia}/medicines`, {
        body: { name: 'Remédio A', dose: 10, unit: 'mg', times: ['07:00'], startedOn: '2026-11-20' },
      }),
    );
    expect(medicine.status).toBe(201);
    const dose = await json(
      await call(tia, `/api/children/${lia}/doses`, {
        body: {
          medicineId: medicine.body.medicine.id,
          scheduledFor: '2026-11-21T07:00',
          status: 'given',
          at: '2026-11-21T10:05:00Z',
        },
      }),
    );
    expect(dose.status).toBe(201);
    expect(dose.body.dose.recordedBy).toEqual({ id: tia.userId, name: 'Rita' });
  });

  it('still asks the account that may subscribe for mobile and CPF, on the profile and at checkout', async () => {
    const dona = await person('dona@example.com');
    const named = await json(await call(dona, '/api/profile', { method: 'PUT', body: { fullName: 'Joana Lima' } }));
    expect(named.status).toBe(422);
    expect(named.body.error.fields).toEqual({ phone: 'Telefone é obrigatório', cpf: 'CPF é obrigatório' });
    expect((await json(await call(dona, '/api/profile'))).body.profile).toBeNull();
    expect((await json(await call(dona, '/api/me'))).body.profileComplete).toBe(false);
    const full = { fullName: 'Joana Lima', email: dona.email, phone: '(11) 98765-4321', cpf: '529.982.247-25' };
    expect((await call(dona, '/api/profile', { method: 'PUT', body: full })).status).toBe(200);
    expect((await json(await call(dona, '/api/me'))).body.profileComplete).toBe(true);
    // Whoever pays gives mobile and CPF at checkout, member or not.
    for (const who of [dona, tia]) {
      const checkout = await json(
        await call(who, '/api/payments', {
          body: { planDuration: '3-meses', fullName: 'Rita Prado', email: 'x@example.com' },
        }),
      );
      expect(checkout.status).toBe(422);
      expect(checkout.body.error.fields).toMatchObject({ phone: 'Telefone é obrigatório', cpf: 'CPF é obrigatório' });
    }
  });
});

describe('LGPD', () => {
  it('exports the circle, the links and what she recorded on others’ children', async () => {
    const hers = await json(await call(mae, '/api/account/export'));
    expect(hers.body.invitations.length).toBeGreaterThan(0);
    expect(hers.body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: pai.email, role: 'carer' })]),
    );
    expect(hers.body.schoolLinks.length).toBeGreaterThan(0);
    expect(JSON.stringify(hers.body)).not.toMatch(/token/i);
    // the school's observation is in her child's record
    expect(hers.body.diaryEntries.some((e: { type: string }) => e.type === 'school')).toBe(true);
    const his = await json(await call(pai, '/api/account/export'));
    expect(his.body.memberships).toEqual([expect.objectContaining({ childId: lia, role: 'carer' })]);
    expect(his.body.diaryEntries.length).toBeGreaterThan(0);
    expect(his.body.diaryEntries.every((e: { recordedByYou: boolean }) => e.recordedByYou)).toBe(true);
  });

  it('keeps a deleted member’s entries as "ex-cuidador(a)", and removes an owner’s children for everyone', async () => {
    const written = await json(await call(pai, '/api/diary', { body: behavior(lia, 'Antes de sair do app') }));
    expect((await call(pai, '/api/account/delete', { body: { password: 'senha-segura-123' } })).status).toBe(204);
    const [kept] = await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.id, written.body.entry.id));
    expect(kept?.userId).toBeNull();
    const listed = await json(await call(mae, `/api/diary?type=behavior&childId=${lia}`));
    const entry = listed.body.entries.find((e: { id: string }) => e.id === written.body.entry.id);
    expect(entry.recordedBy).toEqual({ id: null, name: 'ex-cuidador(a)' });

    expect((await json(await call(avo, '/api/children'))).body.children).toHaveLength(1);
    expect((await call(mae, '/api/account/delete', { body: { password: 'senha-segura-123' } })).status).toBe(204);
    expect((await json(await call(avo, '/api/children'))).body.children).toEqual([]);
    expect(await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.childId, lia))).toEqual([]);
  });
});
