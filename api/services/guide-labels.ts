/**
 * The words of the stage-1 checklists, for the report: read once from the guides' MDX
 * (content/guides/<condição>/observacao.mdx, the editors' text) and kept. The build already
 * refuses a page whose lists differ from src/shared/guides.ts, so the blocks are well formed here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONDITIONS, type Condition } from '../../src/shared/guides.ts';

export interface ChecklistLabels {
  key: string;
  title: string;
  items: string[];
}
export interface GuideLabels {
  /** the guide's name, from apresentacao.mdx's `titulo` */
  title: string;
  observation: ChecklistLabels[];
}

const GUIDES_DIR = fileURLToPath(new URL('../../content/guides/', import.meta.url));

/** Markdown's inline marks out of an item: **negrito**, _itálico_, `código`, [link](url). */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .trim();

const attribute = (line: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1] ?? '';

/** The checklists of one MDX page: `:::checklist{chave="…" titulo="…"}`, then "- item" lines, then `:::`. */
export function parseChecklists(mdx: string): ChecklistLabels[] {
  const lists: ChecklistLabels[] = [];
  let open: ChecklistLabels | null = null;
  for (const raw of mdx.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith(':::checklist')) {
      open = { key: attribute(line, 'chave'), title: attribute(line, 'titulo'), items: [] };
      lists.push(open);
    } else if (open && line === ':::') open = null;
    else if (open && /^[-*] /.test(line)) open.items.push(plain(line.slice(2)));
  }
  return lists;
}

const titleOf = (mdx: string, fallback: string) => /^titulo:\s*(.+)$/m.exec(mdx)?.[1]?.trim() ?? fallback;

let cache: Map<Condition, GuideLabels> | null = null;

/** Every guide's stage-1 checklists, read from disk the first time only. */
export function guideLabels(): ReadonlyMap<Condition, GuideLabels> {
  if (cache) return cache;
  const read = (condition: Condition, page: string) => readFileSync(`${GUIDES_DIR}${condition}/${page}.mdx`, 'utf8');
  cache = new Map(
    CONDITIONS.map((condition) => [
      condition,
      {
        title: titleOf(read(condition, 'apresentacao'), condition),
        observation: parseChecklists(read(condition, 'observacao')),
      },
    ]),
  );
  return cache;
}
