/**
 * The weekly ratings (docs/api.md "How the week went", issue 30) through the typed client: a
 * child's ratings of a period, her week's rating (PUT: a second save replaces it), the school's
 * rating through its link, and a before/after around a day.
 */
import type { InferRequestType } from 'hono/client';
import { type Answer, call, client } from './api.ts';

type ChildRoutes = (typeof client.children)[':id'];
export type Rating = Answer<ChildRoutes['ratings']['$get']>['ratings'][number];
export type RatingInput = InferRequestType<ChildRoutes['ratings'][':weekStart']['$put']>['json'];
export type SchoolRatingInput = InferRequestType<(typeof client.school)[':token']['ratings']['$post']>['json'];
export type BeforeAfter = Answer<ChildRoutes['before-after']['$get']>;

const child = client.children[':id'];

export const loadRatings = async (id: string, from: string, to: string) =>
  (await call(child.ratings.$get({ param: { id }, query: { from, to } }))).ratings;

export const saveRating = async (id: string, weekStart: string, json: RatingInput) =>
  (await call(child.ratings[':weekStart'].$put({ param: { id, weekStart }, json }))).rating;

export const sendSchoolRating = (token: string, json: SchoolRatingInput) =>
  call(client.school[':token'].ratings.$post({ param: { token }, json }));

/** Without `on`, the API centres on the latest change of the record. */
export const loadBeforeAfter = (id: string, on: string | undefined, days: number) =>
  call(child['before-after'].$get({ param: { id }, query: { ...(on ? { on } : {}), days: String(days) } }));
