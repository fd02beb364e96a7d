/**
 * createApp(deps) builds the whole HTTP app without listening, so tests drive it through
 * app.request() and server.ts runs it. One sub-app per resource, mounted with app.route().
 */

import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { z } from 'zod';
import { MESSAGES } from '../src/shared/api-errors.ts';
import { openApiAnswer } from '../src/shared/responses.ts';
import { type AppDeps, systemClock } from './deps.ts';
import { logMailer } from './email/transport.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import type { AppEnv, Services } from './http/context.ts';
import { errorResponse, toErrorResponse } from './http/errors.ts';
import {
  corsHeaders,
  deadline,
  jsonOnly,
  limitBody,
  originCheck,
  requestLog,
  securityHeaders,
} from './http/middleware.ts';
import { closeAfterUnreadBody } from './http/node-server.ts';
import { answers, openApiRoute } from './http/openapi.ts';
import { registerJobs } from './job-handlers.ts';
import { JobQueue } from './jobs/queue.ts';
import { jsonLogger } from './log.ts';
import { providerFromConfig } from './payments/index.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { childrenRoutes } from './routes/children.ts';
import { circleRoutes, invitationRoutes } from './routes/circle.ts';
import { dailyCardRoutes } from './routes/daily-card.ts';
import { diaryRoutes } from './routes/diary.ts';
import { doseAlertRoutes } from './routes/dose-alerts.ts';
import { doseRoutes } from './routes/doses.ts';
import { healthRoutes } from './routes/health.ts';
import { insightsRoutes } from './routes/insights.ts';
import { meRoutes } from './routes/me.ts';
import { medicineHistoryRoutes } from './routes/medicine-history.ts';
import { medicineRoutes } from './routes/medicines.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { paymentRoutes } from './routes/payments.ts';
import { planRoutes } from './routes/plans.ts';
import { professionalRoutes } from './routes/professionals.ts';
import { profileRoutes } from './routes/profile.ts';
import { ratingRoutes, scaleRoutes } from './routes/ratings.ts';
import { pushRoutes, reminderRoutes } from './routes/reminders.ts';
import { schoolRoutes } from './routes/school.ts';
import { shareLinkRoutes, shareRoutes } from './routes/share-links.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffSupportRoutes } from './routes/staff-support.ts';
import { starRoutes } from './routes/stars.ts';
import { statsRoutes } from './routes/stats.ts';
import { summaryRoutes } from './routes/summary.ts';
import { supportRoutes } from './routes/support.ts';
import { therapyRoutes } from './routes/therapies.ts';
import { diaryChoices } from './services/diary-choices.ts';
import { weeklyScale } from './services/weekly-scale.ts';
import { hasBuiltSite, staticSite } from './static.ts';

export interface CreateAppOptions {
  /** serve the built site from this folder (npm start); omitted in API-only deployments and tests */
  staticDir?: string;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const logger = deps.logger ?? jsonLogger;
  const { config } = deps;
  // The weekly rating's scale is content (content/scales/weekly.yaml): a broken file stops the start.
  weeklyScale();
  // So are the diaries' choices (content/diary/escolhas.yaml, issue 39).
  diaryChoices();
  const services: Services = {
    db: deps.database.db,
    config,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer ?? logMailer(logger),
    logger,
    payments: deps.payments ?? providerFromConfig(config),
    jobs:
      deps.jobs ??
      new JobQueue(deps.database, {
        logger,
        retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
        workers: config.JOB_WORKERS,
      }),
  };
  registerJobs(services);
  // zod's own messages (wrong type, unknown key…) in Portuguese too.
  z.config(z.locales.pt());

  const app = new Hono<AppEnv>();
  app.onError((err, c) => toErrorResponse(err, c, logger));

  app.use('*', closeAfterUnreadBody());
  app.use('*', requestLog(logger, config.LOG_REQUESTS));
  app.use('*', securityHeaders(config));
  app.use('/api/*', corsHeaders(config));
  app.use(
    '/api/*',
    deadline(config.REQUEST_DEADLINE_MS),
    originCheck(config),
    jsonOnly(),
    limitBody(),
    async (c, next) => {
      c.set('services', services);
      await next();
    },
  );

  const api = apiRoutes(deps.database);
  if (config.ADMIN_TOKEN) api.route('/admin', adminRoutes(config.ADMIN_TOKEN));
  app.route('/api', api);
  // The API describes itself (docs/api.md "Reference"): the document made from every route's declared schemas.
  app.get(
    '/api/openapi.json',
    answers("This document: the API's OpenAPI 3.1 description", { 200: openApiAnswer }),
    openApiRoute(app, { server: config.publicApiUrl }),
  );
  if (config.API_DOCS) app.route('/api/docs', apiDocsRoutes());
  app.all('/api/*', (c) => errorResponse(c, 'not_found', MESSAGES.routeNotFound));

  if (options.staticDir && hasBuiltSite(options.staticDir)) {
    app.use('*', compress());
    app.route('/', staticSite(options.staticDir, logger));
  }

  return app;
}

/**
 * Every route the islands call, chained so that their paths, inputs and answers stay in the type:
 * the browser's client (src/lib/api.ts) is typed from it, so a changed answer breaks `npm run check`.
 */
export function apiRoutes(database: AppDeps['database']) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(database))
    .route('/auth', authRoutes())
    .route('/auth', passwordResetRoutes())
    .route('/me', meRoutes())
    .route('/profile', profileRoutes())
    .route('/account', accountRoutes())
    .route('/children', childrenRoutes())
    .route('/children', circleRoutes())
    .route('/children', medicineRoutes())
    .route('/children', medicineHistoryRoutes())
    .route('/children', doseRoutes())
    .route('/children', doseAlertRoutes())
    .route('/children', therapyRoutes())
    .route('/children', ratingRoutes())
    .route('/children', dailyCardRoutes())
    .route('/children', starRoutes())
    .route('/children', shareLinkRoutes())
    .route('/children', summaryRoutes())
    .route('/scales', scaleRoutes())
    .route('/invitations', invitationRoutes())
    .route('/school', schoolRoutes())
    .route('/share', shareRoutes())
    .route('/diary', diaryRoutes())
    .route('/insights', insightsRoutes())
    .route('/professionals', professionalRoutes())
    .route('/plans', planRoutes())
    .route('/stats', statsRoutes())
    .route('/payments', paymentRoutes())
    .route('/push', pushRoutes())
    .route('/reminders', reminderRoutes())
    .route('/support', supportRoutes())
    .route('/staff', staffSupportRoutes())
    .route('/staff', staffRoutes());
}

/** The API as the browser sees it, mounted under /api. */
export type ApiType = ReturnType<typeof apiRoutes>;
