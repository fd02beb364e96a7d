/**
 * The long-term goals of the guides' third stage ("Meta de longo prazo" in
 * content/guides/<condição>/reducao.mdx, spec §9), shortened to one line each: a reference to
 * read her figures against, never a promise.
 */
export interface GuideGoal {
  guide: string;
  href: string;
  goal: string;
}

export const GUIDE_GOALS: GuideGoal[] = [
  {
    guide: 'Irritabilidade',
    href: '/irritabilidade/',
    goal: '60 a 70 % menos episódios de irritação em 8 a 12 semanas de prática constante',
  },
  {
    guide: 'Hiperatividade',
    href: '/hiperatividade/',
    goal: '50 a 60 % menos comportamentos impulsivos em 10 a 12 semanas',
  },
  {
    guide: 'Sono',
    href: '/sono/',
    goal: 'pegar no sono com mais facilidade, acordar menos à noite e ter uma rotina mais estável em 6 a 8 semanas',
  },
  {
    guide: 'Foco',
    href: '/foco/',
    goal: '70 a 80 % mais tempo de foco sustentado em 12 a 16 semanas',
  },
];

export const GOAL_DISCLAIMER =
  'Estas metas são referências dos guias para orientar o caminho, não uma promessa nem um diagnóstico: cada criança tem o seu ritmo.';
