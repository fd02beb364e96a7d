/**
 * The daily card and the stars (issue 43; docs/api.md, decision 0036) through the typed client: the
 * card and its rewards, the marks of a day from home (or copied from the paper card), the days of a
 * week, the suggestions, the rewards and the stars spent. The teacher's page does without this
 * module (src/lib/school-card.ts) to stay light.
 */
import type { InferRequestType } from 'hono/client';
import { type Answer, call, client } from './api.ts';

type ChildRoutes = (typeof client.children)[':id'];
const child = client.children[':id'];

export type DailyCard = Answer<ChildRoutes['daily-card']['$get']>;
export type CardTarget = DailyCard['card']['targets'][number];
export type Reward = DailyCard['rewards'][number];
export type CardDay = Answer<ChildRoutes['daily-card']['days']['$get']>['days'][number];
export type CardSummary = Answer<ChildRoutes['daily-card']['summary']['$get']>;
export type CardInput = InferRequestType<ChildRoutes['daily-card']['$put']>['json'];
export type MarksInput = InferRequestType<ChildRoutes['daily-card']['marks'][':date']['$put']>['json'];
export type RewardInput = InferRequestType<ChildRoutes['rewards']['$post']>['json'];

export const loadCard = (id: string) => call(child['daily-card'].$get({ param: { id } }));
export const saveCard = async (id: string, json: CardInput) =>
  (await call(child['daily-card'].$put({ param: { id }, json }))).card;
export const saveMarks = (id: string, date: string, json: MarksInput) =>
  call(child['daily-card'].marks[':date'].$put({ param: { id, date }, json }));
export const loadDays = async (id: string, from: string, to: string) =>
  (await call(child['daily-card'].days.$get({ param: { id }, query: { from, to } }))).days;
export const loadSummary = (id: string, period: { from?: string; to?: string } = {}, signal?: AbortSignal) =>
  call(child['daily-card'].summary.$get({ param: { id }, query: period }, { init: { signal } }));
export type CardSettingsInput = InferRequestType<ChildRoutes['daily-card']['settings']['$put']>['json'];
export const saveCardSettings = async (id: string, json: CardSettingsInput) =>
  (await call(child['daily-card'].settings.$put({ param: { id }, json }))).settings;
export const addReward = async (id: string, json: RewardInput) =>
  (await call(child.rewards.$post({ param: { id }, json }))).reward;
export const removeReward = (id: string, rewardId: string) =>
  call(child.rewards[':rewardId'].$delete({ param: { id, rewardId } }));
export const spendStars = async (id: string, rewardId: string) =>
  (await call(child.stars.spend.$post({ param: { id }, json: { rewardId, id: crypto.randomUUID() } }))).stars;

export { partNames, WHERE_LABEL } from '../shared/daily-card-words.ts';
