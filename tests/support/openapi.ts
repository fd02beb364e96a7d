/**
 * Every answer the API tests get is checked against the OpenAPI document the app serves
 * (api/http/openapi.ts): its status must be declared by the route (or be an error), and a JSON
 * body must match the declared schema for that status, extra fields included. A mismatch throws,
 * so the test that got the answer fails and names the route, the status and the difference.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Hono } from 'hono';
import type { OpenAPIV3_1 } from 'openapi-types';
import { openApiDocument } from '../../api/http/openapi.ts';

interface Checker {
  operations: { pattern: RegExp; params: number; template: string; item: OpenAPIV3_1.PathItemObject }[];
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

const checkers = new WeakMap<object, Promise<Checker>>();

async function checkerFor(app: Pick<Hono, 'routes'>): Promise<Checker> {
  const doc = await openApiDocument(app);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const operations = Object.entries(doc.paths ?? {}).map(([template, item]) => ({
    template,
    item: item as OpenAPIV3_1.PathItemObject,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  // A static segment wins over a parameter (/api/auth/reset/check before a /{token}).
  operations.sort((a, b) => a.params - b.params);
  return { operations, ajv, compiled: new Map() };
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function validatorFor(checker: Checker, ref: string): ValidateFunction {
  let validate = checker.compiled.get(ref);
  if (!validate) {
    const found = checker.ajv.getSchema(`openapi#/${ref}`);
    if (!found) throw new Error(`no schema at ${ref}`);
    validate = found;
    checker.compiled.set(ref, validate);
  }
  return validate;
}

export async function checkAnswer(
  app: Pick<Hono, 'routes'>,
  method: string,
  url: string,
  res: Response,
): Promise<void> {
  const path = new URL(url, 'http://localhost').pathname;
  const verb = method.toLowerCase();
  if (!path.startsWith('/api/') || verb === 'options' || verb === 'head') return;
  let checker = checkers.get(app);
  if (!checker) {
    checker = checkerFor(app);
    checkers.set(app, checker);
  }
  const { operations } = await checker;
  const found = operations.find((o) => o.pattern.test(path) && verb in o.item);
  const where = `${method} ${path} → ${res.status}`;
  const operation = found?.item[verb as OpenAPIV3_1.HttpMethods];
  const declared = operation?.responses?.[String(res.status)] as OpenAPIV3_1.ResponseObject | undefined;
  let ref: string;
  if (declared && found) {
    const media = Object.keys(declared.content ?? {});
    if (media.length === 0) return;
    const type = res.headers.get('content-type') ?? '';
    if (!media.some((m) => type.startsWith(m)))
      throw new Error(`${where}: answered ${type || 'no content type'}, declared ${media.join(', ')}`);
    if (!type.startsWith('application/json')) return;
    ref = pointer(
      'paths',
      found.template,
      verb,
      'responses',
      String(res.status),
      'content',
      'application/json',
      'schema',
    );
  } else if (res.status >= 400) {
    ref = 'components/schemas/Error';
  } else if (!found || !operation) {
    throw new Error(`${where}: no route in /api/openapi.json declares ${method} ${path}`);
  } else {
    throw new Error(
      `${where}: status ${res.status} not declared (declared: ${Object.keys(operation.responses ?? {})})`,
    );
  }
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: the answer is not JSON: ${text.slice(0, 200)}`);
  }
  const validate = validatorFor(await checker, ref);
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    throw new Error(
      `${where}: the answer does not match its declared schema (${ref}):\n  ${errors.join('\n  ')}\n  body: ${text.slice(0, 600)}`,
    );
  }
}

/**
 * The app's routes under /api (method and OpenAPI path) that the document does not describe with
 * declared answers (`answers()` in the route): empty when every route declares its schemas.
 */
export async function undeclaredRoutes(app: Pick<Hono, 'routes'>): Promise<string[]> {
  const doc = await openApiDocument(app);
  const missing = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    const template = route.path.replace(/:([^/{?]+)(\{[^}]*\})?\??/g, '{$1}');
    const operation = doc.paths?.[template]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods];
    const declared = Object.keys(operation?.responses ?? {}).filter((status) => status !== 'default');
    const described = declared.every((status) => {
      const response = operation?.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
      return Boolean(response?.description);
    });
    if (!operation?.summary || declared.length === 0 || !described) missing.add(`${route.method} ${template}`);
  }
  return [...missing];
}
