/** The six testimonials shown to visitors (spec §1, §3); their texts live in content/site/depoimentos.yaml. */
export interface Testimonial {
  name: string;
  initials: string;
  rating: number;
  time: string;
  comment: string;
  bgColor: string;
}

/** Avatar colours editors choose by name: each keeps white initials readable (contrast ≥ 4.5:1). */
export const TESTIMONIAL_COLORS = {
  vinho: '#a23e6b',
  roxo: '#4a3f94',
  azul: '#1f5a8f',
  verde: '#2c7266',
  laranja: '#9a4a0c',
  violeta: '#5b3f94',
} as const;

export type TestimonialColor = keyof typeof TESTIMONIAL_COLORS;

/** "Juliana M." → "JM": the avatar's letters when the editor gives none. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, '').charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase('pt-BR');
}
