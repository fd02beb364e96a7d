/**
 * The heads of the pages that keep a child's record (RecordPage.astro), by their tone (`tone-*`):
 * the title, the words under it, and where the links on go (the patterns always; reminders where named).
 */
export const RECORD_HEADS = {
  food: {
    title: 'Diário Alimentar',
    intro:
      'Registre as refeições, o humor da criança e o que aconteceu depois. Assim fica mais fácil ver se algum alimento ou horário pesa no dia.',
  },
  behavior: {
    title: 'Diário de Comportamento',
    intro:
      'Anote o que aconteceu, onde e com que intensidade. Registros de 2 semanas ajudam você — e o profissional — a enxergar padrões.',
  },
  sono: {
    title: 'Diário do Sono',
    intro:
      'Anote cada noite: a hora de deitar, a de acordar e quantas vezes ela acordou. Duas semanas de registros mostram o ritmo do sono — e ajudam o pediatra a entender o que está acontecendo.',
    reminders: 'Lembretes da rotina do sono',
  },
  treatment: {
    title: 'Tratamento',
    intro:
      'Os remédios que ela toma, as doses de cada dia e as terapias. Tudo fica no histórico, com a data de cada mudança — é o que o médico pergunta na consulta.',
    reminders: 'Lembretes dos remédios',
  },
  rating: {
    title: 'Como foi a semana',
    heading: 'Como foi a semana?',
    intro:
      'Menos de um minuto. Respondida toda semana, em casa e na escola, mostra o que muda depois de um remédio, uma terapia ou uma rotina nova.',
    patterns: { href: '/padroes/#casa-e-escola', label: 'Ver casa e escola lado a lado' },
  },
} satisfies Record<string, RecordHead>;

export interface RecordHead {
  title: string;
  /** the h1 when it is not the title */
  heading?: string;
  intro: string;
  /** the link to the patterns, when not the usual one */
  patterns?: { href: string; label: string };
  /** the words of the link to /lembretes/ */
  reminders?: string;
}

/** The usual link to the patterns of the records. */
export const PATTERNS_LINK = { href: '/padroes/', label: 'Ver os padrões dos registros' };
