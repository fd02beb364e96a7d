/**
 * The API describes itself (docs/api.md "Reference"): each route declares what it answers with
 * `answers(summary, { status: schema })` beside its handler, the validators of validate.ts declare
 * what it takes, and `GET /api/openapi.json` is the OpenAPI 3.1 document made from both by
 * hono-openapi. tests/support/app.ts checks every answer of the API tests against it.
 */
import type { Hono, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type * as z from 'zod/mini';
import { errorAnswer } from '../../src/shared/responses.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';

/** What one status answers: a JSON body's schema, no body, a redirect, another media type's body, or a refusal. */
export type Answer =
  | z.ZodMiniType
  | typeof NO_BODY
  | typeof REDIRECT
  | typeof REFUSED
  | MediaType
  | readonly MediaType[];
type MediaType = `${string}/${string}`;
/** 204, or a 201 without a body. */
export const NO_BODY = null;
/** A PDF file (the child's report). */
export const PDF = 'application/pdf' as const;
/** A redirect to a page of the site (Location header). */
export const REDIRECT = 'redirect';
/**
 * A 4xx the service behind the route gives (429 of a limit, 409 of a conflict, 401 of a wrong
 * password), in the error shape: the routing table cannot show those, so the route names them.
 * The guards', validators', path ids' and writes' refusals are derived (`refusals` below).
 */
export const REFUSED = 'refused';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect to a page of the site',
  503: 'Unavailable',
};

/** A JSON schema in the document from a zod schema: the answer as it is sent (`io: 'output'`). */
function jsonContent(schema: z.ZodMiniType) {
  return { 'application/json': { schema: resolver(schema, { options: { io: 'output' } }) } };
}

/** A route's answers by status. */
export type Answers = Partial<Record<number, Answer>>;
declare const ANSWERS: unique symbol;
/** The middleware `answers()` makes, carrying (in its type only) what the route answers. */
export type Described<R extends Answers> = MiddlewareHandler & { readonly [ANSWERS]?: R };

/** What a handler may return for one declared status: the schema's JSON as sent, or no body. */
type ReplyFor<Status, A> = Status extends number
  ? A extends z.ZodMiniType
    ? TypedResponse<z.output<A>, Status & ContentfulStatusCode, 'json'>
    : A extends typeof NO_BODY
      ? TypedResponse<null, Status & StatusCode, 'body'>
      : A extends typeof REFUSED
        ? never
        : Response
  : never;

/**
 * The handler's return type for the routes its `answers()` declares:
 * `async (c): Reply<typeof list> => c.json({ medicines }, 200)`. The compiler then checks the
 * status against the declared ones and the body (Dates as the ISO strings JSON makes of them)
 * against that status's schema; the typed client of the API tests reads the same type.
 */
export type Reply<D> =
  D extends Described<infer R>
    ? Promise<Response & { [Status in keyof R]-?: ReplyFor<Status, R[Status]> }[keyof R]>
    : never;

/**
 * The route's answers, declared where it is defined:
 * `.get('/', answers('List her children', { 200: childrenAnswer }), handler)`.
 * Errors need no entry: every operation answers the contract's error shape for any 4xx/5xx.
 */
export function answers<const R extends Answers>(summary: string, responses: R): Described<R> {
  const described: Record<string, object> = {};
  for (const [status, answer] of Object.entries(responses) as [string, Answer | undefined][]) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (answer === NO_BODY || answer === undefined) described[status] = { description };
    else if (answer === REFUSED) described[status] = errorResponse(ERROR_TEXT[Number(status)] ?? 'Refused');
    else if (answer === REDIRECT)
      described[status] = { description, headers: { Location: { schema: { type: 'string' } } } };
    else if (isMedia(answer)) {
      const media: readonly string[] = typeof answer === 'string' ? [answer] : answer;
      const content = Object.fromEntries(media.map((m) => [m, { schema: { type: 'string', format: 'binary' } }]));
      described[status] = { description, content };
    } else described[status] = responseWithSchema(description, answer);
  }
  return describeRoute({ summary, responses: described as never });
}

const isMedia = (answer: Answer): answer is MediaType | readonly MediaType[] =>
  typeof answer === 'string' || Array.isArray(answer);

function responseWithSchema(description: string, schema: z.ZodMiniType) {
  return { description, content: jsonContent(schema) };
}

/**
 * Marks a validator middleware with the schema it checks, so the document shows the request's
 * body, query or path parameters (hono-openapi's own extension point).
 */
export function documentInput(middleware: object, target: 'json' | 'query' | 'param', schema: z.ZodMiniType): void {
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

const ERROR_REF = '#/components/schemas/Error';

/** How a guard lets a request in: the session cookie (login) or the operator's bearer token. */
export type Scheme = 'session' | 'operator';
const GUARD = Symbol('openapi-guard');
interface GuardMark {
  scheme: Scheme;
  /** the 4xx the guard itself answers */
  refuses: readonly number[];
}

/**
 * Marks a middleware as the guard of every route it runs before, so the document says which
 * operations need the cookie (or the operator's token) and that they answer its refusals.
 */
export function guard<M extends MiddlewareHandler>(middleware: M, scheme: Scheme, refuses: readonly number[]): M {
  return Object.assign(middleware, { [GUARD]: { scheme, refuses } satisfies GuardMark });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ERROR_TEXT: Record<number, string> = {
  400: 'The body is not JSON (bad_json), or a token that is not good (invalid_token)',
  401: 'Not signed in, the session has ended, or wrong credentials (unauthenticated, invalid_credentials)',
  402: "The owner's subscription has ended (subscription_required)",
  403: 'Refused: another origin, or a rule of the route (forbidden, email_not_confirmed, two_factor_required…)',
  404: 'No such record, or one the caller may not reach (not_found)',
  409: 'In conflict with what is stored (conflict, too_soon, edit_conflict)',
  413: 'The body is too large (too_large)',
  415: 'The body is not application/json (unsupported_media_type)',
  422: 'The input breaks a rule, one message per field (validation_failed)',
  429: 'Too many tries; Retry-After says when (rate_limited)',
};

/** A Hono path pattern (`/api/children/*`, `/:id`) as a test on a route's own path. */
function matcher(pattern: string): RegExp {
  const source = pattern
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/:[^/{]+(\{[^}]*\})?/g, '[^/]+')
    .replace(/\/\*$/, '(?:/.*)?')
    .replace(/\*/g, '.*');
  return new RegExp(`^${source}$`);
}

/** `/api/children/:id{[0-9a-f-]+}` → `/api/children/{id}`, as hono-openapi writes the path. */
export const openApiPath = (path: string) => path.replace(/:([^/{?]+)(\{[^}]*\})?\??/g, '{$1}');

/**
 * The guards each operation passes, read from the app's own routing table: a marked middleware
 * registered before the route's handler, on its method (or all), on a pattern that matches its path.
 */
function guardsOf(app: Pick<Hono, 'routes'>): Map<string, GuardMark[]> {
  const marks = app.routes.flatMap((route, index) => {
    const mark = (route.handler as { [GUARD]?: GuardMark })[GUARD];
    return mark ? [{ index, method: route.method, test: matcher(route.path), mark }] : [];
  });
  const last = new Map<string, number>();
  app.routes.forEach((route, index) => {
    if (route.method !== 'ALL') last.set(`${route.method} ${route.path}`, index);
  });
  const found = new Map<string, GuardMark[]>();
  for (const [key, index] of last) {
    const [method = '', path = ''] = key.split(' ');
    const applied = marks.filter(
      (m) => m.index < index && (m.method === 'ALL' || m.method === method) && m.test.test(path),
    );
    found.set(`${method.toLowerCase()} ${openApiPath(path)}`, [...new Set(applied.map((m) => m.mark))]);
  }
  return found;
}

/** The 4xx an operation can answer, derived from its guards, its inputs, its path and its method. */
function refusals(
  method: string,
  path: string,
  operation: OpenAPIV3_1.OperationObject,
  guards: readonly GuardMark[],
): number[] {
  const statuses = new Set(guards.flatMap((g) => g.refuses));
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  if (operation.requestBody) statuses.add(400).add(422);
  if (parameters.some((p) => p.in === 'query')) statuses.add(422);
  if (path.includes('{')) statuses.add(404);
  // http/middleware.ts: originCheck, limitBody and jsonOnly on every write but the PSP's webhooks.
  if (MUTATING.has(method.toUpperCase()) && !path.startsWith('/api/payments/webhook/'))
    statuses.add(403).add(413).add(415);
  return [...statuses].sort((a, b) => a - b);
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: ERROR_REF } } },
});

export interface DocumentOptions {
  /** where clients reach the API (PUBLIC_API_URL); the paths start with /api */
  server?: string;
}

/**
 * The document of every route mounted on `app`: tags, the security each operation needs and the
 * 4xx it can answer in the contract's error shape, all derived from the routing table.
 */
export async function openApiDocument(
  app: Pick<Hono, 'routes'>,
  options: DocumentOptions = {},
): Promise<OpenAPIV3_1.Document> {
  const error = await resolver(errorAnswer, { options: { io: 'output' } }).toOpenAPISchema();
  const doc = (await generateSpecs(app as Hono, {
    documentation: {
      info: {
        title: 'Olhar de Mãe API',
        version: '1',
        description:
          'The HTTP API the site calls: JSON in, JSON out, a session cookie set by login. Conventions, errors and limits: docs/api.md.',
      },
      servers: [{ url: options.server ?? '/', description: 'The API (PUBLIC_API_URL)' }],
      components: {
        schemas: { Error: error.schema as OpenAPIV3_1.SchemaObject },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/login' },
          operator: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN, for the operator routes' },
        },
      },
    },
    defaultValidationErrorResponse: false,
    // /api/openapi.json and /api/children/{id}/report.pdf are routes, not static files.
    excludeStaticFile: false,
  })) as OpenAPIV3_1.Document;
  const guards = guardsOf(app);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const tag = path.split('/')[2] ?? 'api';
    for (const [method, operation] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
      const passed = guards.get(`${method} ${path}`) ?? [];
      operation.tags = [tag];
      // [] says "public" outright: a generated client must not send the cookie where none is needed.
      operation.security = [...new Set(passed.map((g) => g.scheme))].map((scheme) => ({ [scheme]: [] }));
      const errors = Object.fromEntries(
        refusals(method, path, operation, passed)
          .filter((status) => !operation.responses?.[status])
          .map((status) => [String(status), errorResponse(ERROR_TEXT[status] ?? 'Refused')]),
      );
      operation.responses = {
        ...operation.responses,
        ...errors,
        default: errorResponse('An error, in the contract shape `{ error: { code, message, fields? } }`'),
      };
    }
  }
  return doc;
}

/** GET /api/openapi.json: made once, on the first request (the routes do not change after start). */
export function openApiRoute(app: Pick<Hono, 'routes'>, options: DocumentOptions = {}): MiddlewareHandler {
  let made: Promise<OpenAPIV3_1.Document> | undefined;
  return async (c) => {
    made ??= openApiDocument(app, options);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await made);
  };
}
