/**
 * npm run demo: the built site and the API on a throwaway embedded database, with one signed-in
 * mother (subscribed, two children, six weeks of diary entries: /padroes/ has patterns and progress) — to look at guarded pages, take
 * screenshots (`SESSION_COOKIE=… npm run screenshot -- http://localhost:4330 /comportamento/`)
 * or try them by hand (the cookie line is printed). Ctrl-C stops it and deletes the database.
 */
import { addDays, today } from '../src/shared/clock.ts';
import { createBenchAccount } from './bench-account.ts';
import { startSiteServer } from './site-server.ts';

const PORT = Number(process.env.DEMO_PORT ?? 4330);
const BASE = `http://localhost:${PORT}`;
const ADMIN = 'demo-admin-token-0123456789abcdef';
const site = startSiteServer({ port: PORT, adminToken: ADMIN, folder: 'olhar-demo-' });
const { server, dataDir, stop } = site;
process.on('exit', stop);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

// A first start migrates a new database and may build nothing else, but on a loaded machine it
// has taken 85 s: wait up to DEMO_START_SECONDS (180), saying what for, and stop at once if it dies.
const START_SECONDS = Number(process.env.DEMO_START_SECONDS ?? 180);
const waitStarted = Date.now();
let said = 0;
console.log(`Esperando a API responder em ${BASE}/api/health (banco novo em ${dataDir}; até ${START_SECONDS} s)…`);
for (;;) {
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {}
  if (server.exitCode !== null)
    throw new Error(
      `a API parou ao iniciar (código ${server.exitCode}); a saída acima diz por quê (porta em uso? defina DEMO_PORT)`,
    );
  const waited = Math.floor((Date.now() - waitStarted) / 1000);
  if (waited >= START_SECONDS)
    throw new Error(
      `a API não respondeu em ${BASE}/api/health em ${START_SECONDS} s (porta em uso? defina DEMO_PORT; máquina lenta? DEMO_START_SECONDS)`,
    );
  if (waited >= said + 15) {
    said = waited;
    console.log(`… ainda esperando a API (${waited} s): migrações do banco e a fila de tarefas na primeira partida`);
  }
  await new Promise((r) => setTimeout(r, 250));
}
console.log(
  `API pronta em ${Math.round((Date.now() - waitStarted) / 1000)} s; criando a mãe de exemplo e seis semanas de diário…`,
);

const { cookie } = await createBenchAccount({
  send: (p, init) => fetch(`${BASE}${p}`, { ...init, redirect: 'manual' }),
  mailText: site.output,
  adminToken: ADMIN,
  email: 'maria@exemplo.com.br',
  entries: 0,
});
const send = (p: string, method: string, body: unknown) =>
  fetch(`${BASE}${p}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

const first = (await (
  await send('/api/children', 'POST', { name: 'Lia', birthDate: '2018-05-14', schoolYear: '2º ano' })
).json()) as { child: { id: string } };
await send('/api/children', 'POST', { name: 'Theo', birthDate: '2021-02-03' });
const day = (back: number) => addDays(today(), -back);
const behaviours = ['Gritou ao desligar a TV', 'Chorou na hora do banho', 'Jogou o material no chão', 'Bateu a porta'];
const contexts = ['Depois da escola, com fome', 'Hora de dormir', 'Lição de casa', 'Saída do parquinho'];
const DEMO_DAYS = 42;
for (let back = DEMO_DAYS - 1; back >= 0; back--) {
  const childId = first.child.id;
  // Her first weeks had a second, evening episode on most days: /padroes/ shows progress.
  if (back >= 21 && back % 3) {
    await send('/api/diary', 'POST', {
      childId,
      type: 'behavior',
      date: day(back),
      time: `${String(19 + (back % 2)).padStart(2, '0')}:15:00`,
      behavior: behaviours[(back + 1) % 4],
      context: contexts[1],
      intensity: 'Média',
      durationMinutes: 15,
      helped: ['Respiração 4-7-8'],
    });
  }
  await send('/api/diary', 'POST', {
    childId,
    type: 'behavior',
    date: day(back),
    time: `${String(16 + (back % 5)).padStart(2, '0')}:30:00`,
    behavior: behaviours[back % 4],
    context: contexts[back % 4],
    intensity: (['Baixa', 'Média', 'Alta'] as const)[back % 3],
    durationMinutes: 5 + (back % 4) * 5,
    helped: back % 2 ? ['Respiração 4-7-8'] : [],
  });
  await send('/api/diary', 'POST', {
    childId,
    type: 'food',
    date: day(back),
    time: '12:00:00',
    meal: 'Almoço',
    foods: back % 3 ? 'Arroz, feijão e frango' : 'Macarrão e suco de caixinha',
    reaction: back % 3 ? '' : 'Ficou agitada depois',
    mood: back % 3 ? 'Tranquilo' : 'Irritado',
  });
  await send('/api/diary', 'POST', {
    childId,
    type: 'sleep',
    date: day(back),
    bedtime: back % 4 ? '21:00' : '22:30',
    wokeAt: '06:45',
    nightWakings: back % 3,
    notes: '',
  });
}
console.log(`\nDemo pronta em ${BASE} (Ctrl-C para parar).\nSESSION_COOKIE=${cookie.replace(/^session=/, '')}`);
