/**
 * The daily card (docs/api.md "The daily card and the stars", issue 43), mounted under /children:
 * the card and its history, a day's marks from home, the days marked, the summary with its
 * suggestions, and the owner's settings. The school's side is in routes/school.ts, the stars in
 * routes/stars.ts; the rules in services/daily-card.ts, card-marks.ts and card-summary.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  cardDaysQuerySchema,
  cardSettingsSchema,
  cardSummaryQuerySchema,
  dailyCardSchema,
  homeMarksSchema,
} from '../../src/shared/daily-card.ts';
import {
  cardAnswer,
  cardDayAnswer,
  cardDaysAnswer,
  cardSettingsAnswer,
  cardSummaryAnswer,
  dailyCardAnswer,
} from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { listCardDays, saveHomeMarks } from '../services/card-marks.ts';
import { cardSummary } from '../services/card-summary.ts';
import { getDailyCard, saveCardSettings, saveDailyCard } from '../services/daily-card.ts';

const childParam = idParam(MESSAGES.childNotFound);

export function dailyCardRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get(
      '/:id/daily-card',
      answers("The child's daily card with its history, the stars, the rewards and the settings", {
        200: dailyCardAnswer,
      }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const answer = await getDailyCard(db, c.get('user').id, c.req.valid('param').id, clock.now());
        c.header('Cache-Control', 'private, no-cache');
        return c.json(answer);
      },
    )
    .put(
      '/:id/daily-card',
      answers('The whole card: 1–3 targets; each change of a target or goal is an event dated today', {
        200: cardAnswer,
      }),
      childParam,
      jsonBody(dailyCardSchema),
      async (c) => {
        const { db, clock } = services(c);
        const card = await saveDailyCard(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ card });
      },
    )
    .put(
      '/:id/daily-card/marks/:date',
      answers("A day's marks from home (or the school's paper card): one per source and day, replaced", {
        200: cardDayAnswer,
      }),
      childParam,
      jsonBody(homeMarksSchema),
      async (c) => {
        const { db, clock } = services(c);
        const answer = await saveHomeMarks(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.param('date'),
          c.req.valid('json'),
          clock.now(),
        );
        return c.json(answer);
      },
    )
    .get(
      '/:id/daily-card/days',
      answers('The days marked in a period (default: the last 7 days), oldest first', { 200: cardDaysAnswer }),
      childParam,
      queryParams(cardDaysQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const days = await listCardDays(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('query'),
          clock.now(),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ days });
      },
    )
    .get(
      '/:id/daily-card/summary',
      answers('Days met per target and week, home and school, with the suggestions', { 200: cardSummaryAnswer }),
      childParam,
      queryParams(cardSummaryQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const summary = await cardSummary(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('query'),
          clock.now(),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json(summary);
      },
    )
    .put(
      '/:id/daily-card/settings',
      answers("The card's settings (the owner's): the reminder when the school has not marked", {
        200: cardSettingsAnswer,
      }),
      childParam,
      jsonBody(cardSettingsSchema),
      async (c) => {
        const { db, clock } = services(c);
        const settings = await saveCardSettings(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ settings });
      },
    );
}
