/** Accounts for browser tests, made through the real routes and a real SMTP conversation. */
import { randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { type DatabaseHandle, openDatabase } from '../../api/db/client.ts';
import { addDays, today } from '../../src/shared/clock.ts';
import { PASSWORD, seedMother, subscribe } from '../support/mothers.ts';
import { E2E } from './env.ts';

export { PASSWORD };

/**
 * The server's own database when it is PostgreSQL (DATABASE_URL, as in CI), for mothers made
 * directly (tests/support/mothers.ts). The embedded PGlite lives inside the server's process: there
 * a mother signs up through the routes and the e-mail instead.
 */
let seedDatabase: Promise<DatabaseHandle> | null = null;
function serverDatabase(): Promise<DatabaseHandle> | null {
  if (!process.env.DATABASE_URL) return null;
  seedDatabase ??= openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 });
  return seedDatabase;
}
let counter = 0;
export const uniqueEmail = (name = 'mae') => `${name}.${Date.now()}.${counter++}@example.com`;

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest e-mail to `to` in the SMTP sink's folder that `fits`, waiting up to `timeoutMs`. */
async function newestMail(to: string, fits: (mail: Mail) => boolean, timeoutMs: number, what: string): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The sink moves each e-mail in whole (global-setup.ts): every file here parses.
    for (const file of readdirSync(E2E.mailDir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(path.join(E2E.mailDir, file), 'utf8')) as Mail;
      if (mail.to.includes(to.toLowerCase()) && fits(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${what} to ${to}`);
}

/** The newest e-mail to `to` (with this subject, when given) in the SMTP sink's folder. */
export const waitForMail = (to: string, timeoutMs = 10_000, subject?: string): Promise<Mail> =>
  newestMail(to, (mail) => subject === undefined || mail.subject === subject, timeoutMs, 'e-mail');

const INVITE_LINK = /https?:\/\/\S+\/convite\/\?token=[a-z2-7]{32}/;

/** The newest invitation to the circle sent to `to` (the e-mail whose text carries a /convite/ link). */
export const invitationMail = (to: string): Promise<Mail> =>
  newestMail(to, (mail) => INVITE_LINK.test(mail.text), 15_000, 'invitation');

/** The invitation's /convite/ link, and its token. */
export const invitationLink = async (to: string) => INVITE_LINK.exec((await invitationMail(to)).text)![0];
export const invitationToken = async (to: string) => new URL(await invitationLink(to)).searchParams.get('token')!;

export const confirmLink = (text: string) => /https?:\/\/\S+\/api\/auth\/confirm\?token=[a-z2-7]+/.exec(text)![0];

/** The home page's address (a bare /\/$/ also matches /auth/ and /profile-setup/). */
export const HOME_URL = /^https?:\/\/[^/]+\/$/;

export const PROFILE = { fullName: 'Maria da Silva', phone: '(11) 98765-4321', cpf: '529.982.247-25' };

export interface Account {
  email: string;
  /** the children made for her, in order */
  children: Array<{ id: string; name: string }>;
}

/**
 * A confirmed mother (made in the server's database, or signed up through the e-mail's link on
 * PGlite) → login (cookie lands in `request`'s storage) → profile → children → subscription.
 * Tests about signing up itself use the routes and the e-mail, not this.
 */
export async function createAccount(
  request: APIRequestContext,
  options: { complete?: boolean; subscribed?: boolean; email?: string; children?: string[] } = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const database = await serverDatabase();
  let userId: string | null = null;
  if (database) userId = (await seedMother(database.db, email)).userId;
  else {
    // From an address of its own, as another mother signs up from her phone (playwright.config.ts).
    const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    expect(
      (
        await request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, consent: true } })
      ).status(),
    ).toBe(201);
    const link = new URL(confirmLink((await waitForMail(email)).text));
    await request.get(link.pathname + link.search, { maxRedirects: 0 });
  }
  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const children: Account['children'] = [];
  if (options.complete !== false) {
    expect((await request.put('/api/profile', { data: { ...PROFILE, email } })).status()).toBe(200);
    // A mother with a complete profile has said whom she follows (one child unless told otherwise).
    for (const name of options.children ?? ['Lia']) {
      const res = await request.post('/api/children', { data: { name, birthDate: '2018-05-10' } });
      expect(res.status()).toBe(201);
      children.push((await res.json()).child);
    }
  }
  if (options.subscribed && database && userId) await subscribe(database.db, userId, 31);
  else if (options.subscribed) {
    const res = await request.post('/api/admin/subscriptions', {
      data: { email, months: 1 },
      headers: { authorization: `Bearer ${E2E.adminToken}` },
    });
    expect(res.status()).toBe(200);
  }
  return { email, children };
}

export async function signIn(
  context: BrowserContext,
  request: APIRequestContext,
  options: Parameters<typeof createAccount>[1] = {},
) {
  const account = await createAccount(request, options);
  await context.addCookies((await request.storageState()).cookies);
  return account;
}

/** SHOTS_DIR=dir saves the page at 390×844 (scrolled to `locator` first): the screens a change describes. */
export async function shot(page: Page, name: string, locator?: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (locator) await page.locator(locator).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The page under its service worker: its code, and the record's last reads, are on the device before the connection goes. */
export async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** Someone on a phone of their own: an account (with no child unless told), and a full name on the profile. */
export async function namedAccount(
  browser: Browser,
  fullName: string,
  children: string[] = [],
): Promise<{ context: BrowserContext; email: string }> {
  const context = await browser.newContext();
  const email = (await createAccount(context.request, { children })).email;
  expect((await context.request.put('/api/profile', { data: { ...PROFILE, fullName, email } })).status()).toBe(200);
  return { context, email };
}

/** Someone of the child's circle on a phone of their own: an account, a name, the invitation accepted. */
export async function joinCircle(
  browser: Browser,
  mother: APIRequestContext,
  childId: string,
  fullName: string,
  role: 'carer' | 'viewer',
  ownChildren: string[] = [],
): Promise<BrowserContext> {
  const { context, email } = await namedAccount(browser, fullName, ownChildren);
  expect((await mother.post(`/api/children/${childId}/invitations`, { data: { email, role } })).status()).toBe(201);
  const token = await invitationToken(email);
  expect((await context.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  return context;
}

/** A mother as `createAccount` makes her, signed in on this page's own context (its `request` shares the cookie). */
export const signInOn = (page: Page, options: Parameters<typeof createAccount>[1] = {}): Promise<Account> =>
  createAccount(page.context().request, options);

/**
 * A mother signed in on `path` of this page's own context (her account as `signIn` makes it, a
 * subscribed one unless told otherwise), with `island` hydrated.
 */
export async function signedInOn(
  page: Page,
  path: string,
  island: string,
  options: Parameters<typeof createAccount>[1] = { subscribed: true },
): Promise<Account> {
  const account = await signInOn(page, options);
  await page.goto(path);
  await hydrated(page, island);
  return account;
}

/** Posts `entriesOf(back)` to the diary for each of the `days` days ending today (São Paulo), oldest first. */
export async function addDiaryDays(
  request: APIRequestContext,
  childId: string,
  days: number,
  entriesOf: (back: number) => Array<Record<string, unknown>>,
) {
  for (let back = days - 1; back >= 0; back--) {
    const date = addDays(today(), -back);
    for (const entry of entriesOf(back)) {
      const res = await request.post('/api/diary', { data: { childId, date, ...entry } });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
}

/** An episode and a night a day for the `days` days ending today: the record a clinical summary reads. */
export const addEpisodesAndNights = (request: APIRequestContext, childId: string, days: number) =>
  addDiaryDays(request, childId, days, (back) => [
    {
      type: 'behavior',
      time: '18:30:00',
      behavior: 'Gritou',
      context: 'Hora do banho',
      intensity: back % 2 ? 'Baixa' : 'Alta',
    },
    { type: 'sleep', bedtime: '21:00', asleepAt: '21:30', wokeAt: '07:00', nightWakings: back % 2, notes: '' },
  ]);

/** A medicine added to the child's record through the route (answered 201). */
export async function addMedicine(request: APIRequestContext, childId: string, medicine: Record<string, unknown>) {
  const res = await request.post(`/api/children/${childId}/medicines`, { data: medicine });
  expect(res.status(), await res.text()).toBe(201);
}

/** "Sair" from the home page: the sign-in page, and the device's copy of her record (`cache`) gone with her. */
export async function signOutAndForget(page: Page, cache: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
  expect(await page.evaluate((name) => caches.has(name), cache)).toBe(false);
}

/** The team confirms her PIX payment (the admin route); the open dialog says so and "Continuar" takes her on. */
export async function confirmPayment(page: Page, request: APIRequestContext, paymentId: string) {
  const confirm = await request.post(`/api/admin/payments/${paymentId}/confirm`, {
    data: {},
    headers: { authorization: `Bearer ${E2E.adminToken}` },
  });
  expect((await confirm.json()).outcome).toBe('activated');
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('dialog').getByRole('link', { name: 'Continuar' }).click();
}

/** An episode written in the behaviour diary's form on `page`, and "Adicionar registro" pressed. */
export async function recordEpisode(page: Page, behavior: string, context = 'Na hora do banho') {
  await page.getByLabel('Comportamento observado').fill(behavior);
  await page.getByLabel('Contexto').fill(context);
  await page.getByRole('button', { name: 'Adicionar registro' }).click();
}

/** A slow connection for one send: the first POST to `url` is held `ms` before it goes on. */
export async function slowFirstPost(page: Page, url: string, ms = 2000) {
  let slow = true;
  await page.route(url, async (route) => {
    if (route.request().method() === 'POST' && slow) {
      slow = false;
      await new Promise((r) => setTimeout(r, ms));
    }
    await route.continue();
  });
}

export async function expectNoAxeViolations(page: Page) {
  // In the page itself ("legacy" mode): the default opens a blank page in the context to merge
  // frames' results, and injects axe twice, about half of each scan's time (CI, 81 scans). The
  // site has no frames, whose results are what that merge is for.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/**
 * Opens "Quem acompanha {name}" on /criancas/ (already loaded and hydrated). Each card's treatment
 * summary fills in after its own request and pushes the section down: a tap made before it can press
 * on the summary and let go below it, which opens nothing (CI, 2026-11-26). So wait for it first.
 */
export async function openCircleSection(page: Page, childName: string) {
  const section = page.locator('details.circle-section', { hasText: `Quem acompanha ${childName}` });
  await expect(page.locator('li', { has: section }).locator('.child-treatment p').first()).toBeVisible();
  await section.locator('summary').click();
  await expect(section).toHaveAttribute('open', '');
}

/** Waits until the named island has hydrated (Astro drops its `ssr` attribute). */
export async function hydrated(page: Page, component: string) {
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('astro-island')].some(
        (el) => el.getAttribute('component-url')?.includes(name) && !el.hasAttribute('ssr'),
      ),
    component,
  );
}

/** What must never happen on any page: React redrawing an island it could not hydrate, or the CSP refusing a script. */
const BROKEN_PAGE =
  /Minified React error #4(18|19|22|23|25)|Hydration failed|didn't match the client|Content Security Policy/;

export const test = base.extend<
  { pageProblems: undefined; lia: Account['children'][number] },
  { closeSeedDatabase: undefined }
>({
  /** Lia's record: her mother, subscribed, signed in on the test's `context` and `request` (made when a test asks). */
  lia: async ({ context, request }, use) => {
    await use((await signIn(context, request, { subscribed: true, children: ['Lia'] })).children[0]!);
  },
  closeSeedDatabase: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      if (seedDatabase) await (await seedDatabase).close();
    },
    { scope: 'worker', auto: true },
  ],
  // Every test watches every page it opens: a hydration mismatch or a refused inline script fails it.
  pageProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on('weberror', (error) => {
        const text = error.error().message;
        if (BROKEN_PAGE.test(text)) problems.push(text.slice(0, 300));
      });
      context.on('console', (message) => {
        if (message.type() === 'error' && BROKEN_PAGE.test(message.text()))
          problems.push(`${message.page()?.url() ?? ''}: ${message.text().slice(0, 300)}`);
      });
      await use(undefined);
      expect(problems, 'hydration or CSP errors on the pages of this test').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
