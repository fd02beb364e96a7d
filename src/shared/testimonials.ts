/** The six static testimonials shown to visitors (spec §1, §3). */
export interface Testimonial {
  name: string;
  initials: string;
  rating: number;
  time: string;
  comment: string;
  bgColor: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { name: 'Juliana M.', initials: 'JM', rating: 5, time: 'há 2 semanas', comment: 'Anotar o comportamento no diário me fez ver que as crises vinham depois das telas à noite. Mudamos a rotina e a casa ficou mais calma.', bgColor: '#a23e6b' },
  { name: 'Patrícia S.', initials: 'PS', rating: 5, time: 'há 1 mês', comment: 'O guia de sono é muito prático. Seguimos a rotina passo a passo e meu filho passou a dormir mais cedo.', bgColor: '#4a3f94' },
  { name: 'Renata A.', initials: 'RA', rating: 5, time: 'há 3 semanas', comment: 'Levei as anotações para a consulta e a neuropediatra disse que ajudaram muito. Me senti preparada.', bgColor: '#1f5a8f' },
  { name: 'Camila R.', initials: 'CR', rating: 4, time: 'há 5 dias', comment: 'As listas me ajudam a não esquecer nada. Gosto de marcar o que já fizemos no dia.', bgColor: '#2c7266' },
  { name: 'Fernanda L.', initials: 'FL', rating: 5, time: 'há 2 meses', comment: 'Linguagem simples e acolhedora. Pela primeira vez não me senti culpada lendo sobre o comportamento da minha filha.', bgColor: '#9a4a0c' },
  { name: 'Aline T.', initials: 'AT', rating: 5, time: 'há 1 semana', comment: 'O semáforo das emoções virou brincadeira aqui em casa. Ele mesmo avisa quando está no amarelo.', bgColor: '#5b3f94' },
];
