/**
 * Build errors for the editors (content/): one pt-BR message that names the file and the field,
 * for every schema in src/content.config.ts — zod's own messages are in English and Astro's
 * wrapper names the entry, not the file.
 */
import path from 'node:path';
import type { Loader } from 'astro/loaders';
import type { z } from 'astro/zod';
import type { ZodMiniType } from 'zod/mini';
import * as words from '../shared/words.ts';

/** Astro's zod, or a `zod/mini` schema shared with the API (src/shared/weekly-scale.ts): one engine. */
type Schema = z.ZodType | ZodMiniType;
type Segment = PropertyKey;

/** What a value should look like, in words an editor knows from the YAML/Markdown header. */
const EXPECTED: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'sim ou não (true ou false)',
  array: 'uma lista (uma linha por item, começando com "- ")',
  object: 'um bloco de campos (cada um na sua linha, com recuo)',
};

const ordinal = (n: number) => `${n}º`;

/** `["contatos", 2, "telefone"]` → `campo "telefone" do 3º item de "contatos"`. */
export function describeField(at: readonly Segment[]): string {
  const lists: Array<{ list: string; index: number }> = [];
  let keys: string[] = [];
  for (const segment of at) {
    if (typeof segment === 'number') {
      lists.push({ list: keys.join('.'), index: segment + 1 });
      keys = [];
    } else keys.push(String(segment));
  }
  let text = keys.length ? `campo "${keys.join('.')}"` : '';
  for (const { list, index } of lists.reverse()) {
    const item = `${ordinal(index)} item de "${list}"`;
    text = text ? `${text} do ${item}` : item;
  }
  return text || 'o arquivo';
}

/** pt-BR for zod's issue codes; a schema's own `error` message (phone, duration…) wins over this. */
function messageOf(issue: z.core.$ZodRawIssue): string {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return 'falta este campo';
  }
  switch (issue.code) {
    case 'invalid_type':
      return `deve ser ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'não pode ficar vazio' : `deve ter pelo menos ${min} letras`;
      if (issue.origin === 'array') {
        const count = Array.isArray(issue.input) ? issue.input.length : 0;
        return issue.exact
          ? `deve ter exatamente ${min} itens (tem ${count})`
          : `deve ter pelo menos ${words.count(min, 'item', 'itens')} (tem ${count})`;
      }
      return `deve ser ${min} ou mais`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `deve ter no máximo ${max} letras`;
      if (issue.origin === 'array') {
        const count = Array.isArray(issue.input) ? issue.input.length : 0;
        return issue.exact
          ? `deve ter exatamente ${max} itens (tem ${count})`
          : `deve ter no máximo ${max} itens (tem ${count})`;
      }
      return `deve ser ${max} ou menos`;
    }
    case 'invalid_value':
      return `deve ser um destes: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return 'não está no formato esperado';
    default:
      return 'valor inválido';
  }
}

/** The schema at a path, to list the fields an object accepts (for a misspelt field). */
function schemaAt(schema: Schema, at: readonly Segment[]): Schema | undefined {
  let current: Schema | undefined = schema;
  const unwrap = (s: Schema | undefined): Schema | undefined => {
    let node = s;
    for (let i = 0; node && i < 10; i++) {
      const def = node._zod.def as unknown as { type: string; innerType?: Schema; in?: Schema };
      if (def.innerType) node = def.innerType;
      else if (def.type === 'pipe' && def.in) node = def.in;
      else break;
    }
    return node;
  };
  for (const segment of at) {
    current = unwrap(current);
    if (!current) return undefined;
    const def = current._zod.def as unknown as { type: string; shape?: Record<string, Schema>; element?: Schema };
    if (def.type === 'object' && typeof segment === 'string') current = def.shape?.[segment];
    else if (def.type === 'array' && typeof segment === 'number') current = def.element;
    else return undefined;
  }
  return unwrap(current);
}

function acceptedFields(schema: Schema, at: readonly Segment[]): string[] {
  const node = schemaAt(schema, at);
  const def = node?._zod.def as { type?: string; shape?: Record<string, unknown> } | undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** Every problem of `data` against `schema`, each as `campo …: what to fix`. Empty when valid. */
export function contentProblems(schema: Schema, data: unknown): string[] {
  const result = schema.safeParse(data, { error: messageOf });
  if (result.success) return [];
  const problems: string[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const accepted = acceptedFields(schema, issue.path);
      for (const key of issue.keys) {
        problems.push(
          `${describeField([...issue.path, key])} não existe${accepted.length ? ` (os campos aqui são: ${accepted.join(', ')})` : ''}`,
        );
      }
    } else {
      problems.push(`${describeField(issue.path)}: ${issue.message}`);
    }
  }
  return problems;
}

/** A file's path as editors see it: relative to the project, with "/" separators. */
export const editorPath = (file: string) =>
  path.isAbsolute(file) ? path.relative(process.cwd(), file).split(path.sep).join('/') : file;

export class ContentError extends Error {
  override name = 'ErroDeConteudo';
}

/** Throws one pt-BR message, one line per problem, each naming the file and the field. */
export function assertContent(schema: Schema, data: unknown, file: string): void {
  const problems = contentProblems(schema, data);
  if (problems.length === 0) return;
  const where = editorPath(file);
  throw new ContentError(problems.map((problem) => `${where}: ${problem}.`).join('\n'));
}

/** Wraps a loader so that every file is checked with our messages before Astro's own check. */
export function checked(loader: Loader, schema: Schema): Loader {
  return {
    name: `${loader.name}-conferido`,
    load: (context) =>
      loader.load({
        ...context,
        parseData: async (props) => {
          assertContent(schema, props.data, props.filePath ?? `${context.collection}/${props.id}`);
          return context.parseData(props);
        },
      }),
  };
}
