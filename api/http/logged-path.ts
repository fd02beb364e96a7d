/**
 * What a log line names for a request's address (issue 55): never a token, a link's id or any
 * other secret that travels in a path. The API's lines name the route's pattern, as registered
 * (`/api/share/:id`, `/api/school/:token/observations`); the site's name the page, with any segment
 * that looks like a secret replaced (a mistyped link can carry one). Query strings are never read.
 */
import type { Context } from 'hono';
import { routePath } from 'hono/route';

/**
 * A page's own segments are slugs: lowercase words without digits, joined by hyphens, none very
 * long. A token (base32 or base64url), a UUID or a link's id is none of that.
 */
const SLUG = /^[a-z]{1,15}(-[a-z]{1,15})*$/;
const LONG = 16;

/** `path` with every segment that could be a secret (16 characters or more, not a slug) as `:secret`. */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.length >= LONG && !SLUG.test(segment) ? ':secret' : segment))
    .join('/');
}

/** The request's address as a log line may say it: the matched route's pattern, or the redacted path. */
export function loggedPath(c: Context): string {
  const pattern = routePath(c);
  // A pattern of the API's own routes (parameters by name); a catch-all (`*`, `/api/*`) says less than the path.
  if (pattern.startsWith('/api/') && !pattern.endsWith('*')) return pattern;
  return redactPath(c.req.path);
}
