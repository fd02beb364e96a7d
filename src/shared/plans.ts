/**
 * The plans (spec §9), priced in integer centavos. The server's table is the one that charges.
 * The 3-month subtitle is not the spec's "Resultados Garantidos": no one can promise a result about a
 * child's behaviour (decision 0023).
 */
import type { PlanId } from './enums.ts';
import { decimal } from './words.ts';

export interface Plan {
  id: PlanId;
  duration: string;
  /** months added to the subscription */
  months: number;
  priceCents: number;
  subtitle: string;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  { id: '1-mes', duration: '1 mês', months: 1, priceCents: 2990, subtitle: 'Teste e veja a mudança', popular: false },
  {
    id: '3-meses',
    duration: '3 meses',
    months: 3,
    priceCents: 3900,
    subtitle: 'Tempo para completar uma etapa',
    popular: true,
  },
  { id: '6-meses', duration: '6 meses', months: 6, priceCents: 6990, subtitle: 'Maior vantagem', popular: false },
];

export const DEFAULT_PLAN: PlanId = '3-meses';
/** One-time promotional offer announced after step 1 (spec §2, §9). */
export const PROMO_PRICE_CENTS = 2990;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBRL = (cents: number) => brl.format(cents / 100);
/** "29,90" as the spec shows prices */
export const priceText = (cents: number) => decimal(cents / 100, 2);
