/**
 * The API describes itself (docs/api.md "Reference"): each route declares what it answers with
 * `answers(summary, { status: schema })` beside its handler, the validators of validate.ts declare
 * what it takes, and `GET /api/openapi.json` is the OpenAPI 3.1 document made from both by
 * hono-openapi. tests/support/app.ts checks every answer of the API tests against it.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type * as z from 'zod/mini';
import { errorAnswer } from '../../src/shared/responses.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';

/** What one status answers: a JSON body's schema, no body, a redirect, or another media type's body. */
export type Answer = z.ZodMiniType | typeof NO_BODY | typeof REDIRECT | MediaType | readonly MediaType[];
type MediaType = `${string}/${string}`;
/** 204, or a 201 without a body. */
export const NO_BODY = null;
/** A PDF file (the child's report). */
export const PDF = 'application/pdf' as const;
/** A redirect to a page of the site (Location header). */
export const REDIRECT = 'redirect';

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

/**
 * The route's answers, declared where it is defined:
 * `.get('/', answers('List her children', { 200: childrenAnswer }), handler)`.
 * Errors need no entry: every operation answers the contract's error shape for any 4xx/5xx.
 */
export function answers(summary: string, responses: Partial<Record<number, Answer>>): MiddlewareHandler {
  const described: Record<string, object> = {};
  for (const [status, answer] of Object.entries(responses)) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (answer === NO_BODY || answer === undefined) described[status] = { description };
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

/** The document of every route mounted on `app`, with the contract's error answer and tags added. */
export async function openApiDocument(app: Pick<Hono, 'routes'>): Promise<OpenAPIV3_1.Document> {
  const error = await resolver(errorAnswer, { options: { io: 'output' } }).toOpenAPISchema();
  const doc = (await generateSpecs(app as Hono, {
    documentation: {
      info: {
        title: 'Olhar de Mãe API',
        version: '1',
        description:
          'The HTTP API the site calls: JSON in, JSON out, a session cookie set by login. Conventions, errors and limits: docs/api.md.',
      },
      components: {
        schemas: { Error: error.schema as OpenAPIV3_1.SchemaObject },
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    defaultValidationErrorResponse: false,
    // /api/openapi.json and /api/children/{id}/report.pdf are routes, not static files.
    excludeStaticFile: false,
  })) as OpenAPIV3_1.Document;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const tag = path.split('/')[2] ?? 'api';
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      operation.tags = [tag];
      operation.responses = {
        ...operation.responses,
        default: {
          description: 'An error, in the contract shape `{ error: { code, message, fields? } }`',
          content: { 'application/json': { schema: { $ref: ERROR_REF } } },
        },
      };
    }
  }
  return doc;
}

/** GET /api/openapi.json: made once, on the first request (the routes do not change after start). */
export function openApiRoute(app: Pick<Hono, 'routes'>): MiddlewareHandler {
  let made: Promise<OpenAPIV3_1.Document> | undefined;
  return async (c) => {
    made ??= openApiDocument(app);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await made);
  };
}
