import { sql } from 'drizzle-orm';
import { children, diaryEntries, professionalContacts, users } from '../../api/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

describe('migrations', () => {
  it('apply from zero, and again, without error or duplicate work', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      await fresh.handle.migrate();
      await fresh.handle.migrate();
      const applied = await fresh.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const rows =
        (applied as unknown as { rows?: Array<{ n: number }> }).rows ?? (applied as unknown as Array<{ n: number }>);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      const tables = await fresh.handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = ((tables as unknown as { rows?: unknown[] }).rows ?? (tables as unknown as unknown[])).map(
        (r) => (r as { table_name: string }).table_name,
      );
      expect(names).toEqual(
        expect.arrayContaining([
          'audit_log',
          'children',
          'diary_entries',
          'email_tokens',
          'payment_events',
          'payments',
          'professional_contacts',
          'profiles',
          'rate_limits',
          'sessions',
          'subscriptions',
          'users',
        ]),
      );
    } finally {
      await fresh.drop();
    }
    // Every migration from the first, twice: on a busy machine this takes longer than a request test.
  }, 60_000);
});

describe('rules kept by the database itself', () => {
  let t: TestDatabase;
  let userId: string;
  let childId: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    const [user] = await t.handle.db.insert(users).values({ email: 'mae@example.com', passwordHash: 'x' }).returning();
    userId = user!.id;
    const [child] = await t.handle.db.insert(children).values({ userId, name: 'Bia' }).returning();
    childId = child!.id;
  });
  afterAll(() => t.drop());

  const behavior = () => ({
    userId,
    childId,
    type: 'behavior',
    date: '2026-11-21',
    time: '10:30:00',
    behavior: 'Chorou',
    context: 'Na escola',
    intensity: 'Alta',
  });

  it('stores a valid behaviour entry', async () => {
    const [row] = await t.handle.db.insert(diaryEntries).values(behavior()).returning();
    expect(row!.intensity).toBe('Alta');
  });

  it('rejects an intensity outside the enumeration', async () => {
    await expect(t.handle.db.insert(diaryEntries).values({ ...behavior(), intensity: 'Extrema' })).rejects.toThrow();
  });

  it('rejects a behaviour entry without context', async () => {
    await expect(t.handle.db.insert(diaryEntries).values({ ...behavior(), context: '   ' })).rejects.toThrow();
  });

  it('rejects a food entry without foods', async () => {
    await expect(
      t.handle.db.insert(diaryEntries).values({
        userId,
        childId,
        type: 'food',
        date: '2026-11-21',
        time: '12:00:00',
        meal: 'Almoço',
        mood: 'Tranquilo',
      }),
    ).rejects.toThrow();
  });

  it('rejects free text over 2 000 characters', async () => {
    await expect(
      t.handle.db.insert(diaryEntries).values({ ...behavior(), behavior: 'a'.repeat(2001) }),
    ).rejects.toThrow();
  });

  it('rejects a specialty outside the list', async () => {
    await expect(
      t.handle.db
        .insert(professionalContacts)
        .values({ userId, name: 'Dra. Ana', phone: '11999999999', specialty: 'Astróloga' }),
    ).rejects.toThrow();
  });

  it('deletes every row of a user with the user', async () => {
    const [other] = await t.handle.db
      .insert(users)
      .values({ email: 'outra@example.com', passwordHash: 'x' })
      .returning();
    const [otherChild] = await t.handle.db.insert(children).values({ userId: other!.id, name: 'Caio' }).returning();
    await t.handle.db.insert(diaryEntries).values({ ...behavior(), userId: other!.id, childId: otherChild!.id });
    await t.handle.db
      .insert(professionalContacts)
      .values({ userId: other!.id, name: 'Dr. Bruno', phone: '11988887777', specialty: 'Pediatra' });
    await t.handle.db.delete(users).where(sql`${users.id} = ${other!.id}`);
    const left = await t.handle.db.select().from(diaryEntries).where(sql`${diaryEntries.userId} = ${other!.id}`);
    const contacts = await t.handle.db
      .select()
      .from(professionalContacts)
      .where(sql`${professionalContacts.userId} = ${other!.id}`);
    expect(left).toHaveLength(0);
    expect(contacts).toHaveLength(0);
  });

  it('keeps e-mails unique', async () => {
    await expect(t.handle.db.insert(users).values({ email: 'mae@example.com', passwordHash: 'y' })).rejects.toThrow();
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('serialise when several API instances start at once', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const { openDatabase } = await import('../../api/db/client.ts');
      const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url!, poolMax: 2 })));
      await Promise.all([fresh.handle.migrate(), ...others.map((o) => o.migrate())]);
      await Promise.all(others.map((o) => o.close()));
      const [row] = await fresh.handle.db.select().from(users).limit(1);
      expect(row).toBeUndefined();
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
