/**
 * The daily card (docs/api.md "The daily card and the stars", issue 43), mounted under /children:
 * the card and its history, a day's marks from home, the days marked, the summary with its
 * suggestions, and the owner's settings. The school's side is in routes/school.ts, the stars in
 * routes/stars.ts; the rules in services/daily-card.ts, card-marks.ts and card-summary.ts.
 */
import {
  cardDaysQuerySchema,
  cardSettingsSchema,
  cardSummaryQuerySchema,
  dailyCardSchema,
  homeMarksSchema,
} from '../../src/shared/daily-card.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, queryParams } from '../http/validate.ts';
import { listCardDays, saveHomeMarks } from '../services/card-marks.ts';
import { cardSummary } from '../services/card-summary.ts';
import { getDailyCard, saveCardSettings, saveDailyCard } from '../services/daily-card.ts';

const { read, save, mark, days, summary, settings } = ROUTE_DOCS.dailyCard;

export function dailyCardRoutes() {
  return signedIn()
    .get('/:id/daily-card', read, childParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, await getDailyCard(db, userId, id, now));
    })
    .put('/:id/daily-card', save, childParam, jsonBody(dailyCardSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ card: await saveDailyCard(db, userId, id, c.req.valid('json'), now) }, 200);
    })
    .put('/:id/daily-card/marks/:date', mark, childParam, jsonBody(homeMarksSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json(await saveHomeMarks(db, userId, id, c.req.param('date'), c.req.valid('json'), now), 200);
    })
    .get('/:id/daily-card/days', days, childParam, queryParams(cardDaysQuerySchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, { days: await listCardDays(db, userId, id, c.req.valid('query'), now) });
    })
    .get('/:id/daily-card/summary', summary, childParam, queryParams(cardSummaryQuerySchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, await cardSummary(db, userId, id, c.req.valid('query'), now));
    })
    .put('/:id/daily-card/settings', settings, childParam, jsonBody(cardSettingsSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ settings: await saveCardSettings(db, userId, id, c.req.valid('json'), now) }, 200);
    });
}
