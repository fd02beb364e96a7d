/**
 * Turns the editors' blocks in content/guides into components, and refuses a page whose
 * checklists differ from the product's table (src/shared/guides.ts):
 *   :::checklist{chave="…" titulo="…"}  a plain "- item" list  :::   → <Checklist>
 *   :::info / :::dica / :::meta / :::ajuda [Título]  text  :::       → <Callout>
 * Errors name the file, the line and what to fix, in pt-BR for the editors.
 */
import path from 'node:path';
import type { List, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { CHECKLISTS, CONDITIONS, type Condition, STAGES, type Stage } from '../shared/guides.ts';
import * as words from '../shared/words.ts';

export const CALLOUT_KINDS = {
  info: 'Informação',
  dica: 'Dica',
  meta: 'Meta de longo prazo',
  ajuda: 'Quando procurar ajuda profissional',
} as const;
type CalloutKind = keyof typeof CALLOUT_KINDS;

/** The box each stage must carry, besides "ajuda". */
const STAGE_BOX: Record<Stage, CalloutKind> = { observacao: 'info', tratamento: 'dica', reducao: 'meta' };

interface DirectiveNode {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: RootContent[];
  position?: RootContent['position'];
}

function pageOf(file: VFile): { condition: Condition; stage: Stage | 'apresentacao'; label: string } | null {
  const full = file.path ?? '';
  const match = /content[\\/]guides[\\/]([^\\/]+)[\\/]([^\\/]+)\.mdx$/.exec(full);
  if (!match) return null;
  const [, condition, page] = match as unknown as [string, string, string];
  const label = `content/guides/${condition}/${page}.mdx`;
  if (!(CONDITIONS as readonly string[]).includes(condition)) {
    file.fail(`${label}: a pasta "${condition}" não é uma condição conhecida (use ${CONDITIONS.join(', ')}).`);
  }
  if (page !== 'apresentacao' && !(STAGES as readonly string[]).includes(page)) {
    file.fail(`${label}: o arquivo "${page}.mdx" não é uma etapa (use apresentacao, ${STAGES.join(', ')}).`);
  }
  return { condition: condition as Condition, stage: page as Stage | 'apresentacao', label };
}

const attr = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

export function remarkGuide() {
  return (tree: Root, file: VFile) => {
    const page = pageOf(file);
    const found: Array<{ key: string; count: number }> = [];
    const boxes = new Set<CalloutKind>();
    const where = (node: { position?: RootContent['position'] }) =>
      `${page?.label ?? path.basename(file.path ?? 'arquivo')}${node.position ? `, linha ${node.position.start.line}` : ''}`;

    visit(tree, (node, index, parent) => {
      const directive = node as unknown as DirectiveNode;
      if (!parent || index === undefined) return;
      if (directive.type === 'textDirective' || directive.type === 'leafDirective') {
        // "10:30" or "Dica:faça" are text, not blocks: give them back their colon.
        const text = `${directive.type === 'leafDirective' ? '::' : ':'}${directive.name}`;
        const restored: PhrasingContent[] = [
          { type: 'text', value: text },
          ...(directive.children as PhrasingContent[]),
        ];
        const replacement: RootContent =
          directive.type === 'leafDirective'
            ? ({ type: 'paragraph', children: restored } as Paragraph)
            : (restored as unknown as RootContent);
        parent.children.splice(index, 1, ...(Array.isArray(replacement) ? replacement : [replacement]));
        return [SKIP, index + 1];
      }
      if (directive.type !== 'containerDirective') return;

      const children = directive.children.filter(
        (child) =>
          !(child.type === 'paragraph' && (child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel),
      );
      const labelNode = directive.children.find(
        (child) =>
          child.type === 'paragraph' && (child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel,
      );

      if (directive.name === 'checklist') {
        const key = directive.attributes?.chave?.trim();
        const title = directive.attributes?.titulo?.trim();
        if (!key)
          file.fail(
            `${where(directive)}: a lista precisa de uma chave, ex.: :::checklist{chave="sono-signs" titulo="…"}`,
            directive,
          );
        if (!title) file.fail(`${where(directive)}: a lista "${key}" precisa de um titulo="…"`, directive);
        const lists = children.filter((child): child is List => child.type === 'list');
        if (lists.length !== 1 || children.length !== 1) {
          file.fail(
            `${where(directive)}: a lista "${key}" deve conter apenas itens começando com "- ", um por linha.`,
            directive,
          );
        }
        const items = lists[0]!.children.map((item) => textOf(item).replace(/\s+/g, ' ').trim());
        if (items.some((item) => !item))
          file.fail(`${where(directive)}: a lista "${key}" tem um item vazio.`, directive);
        found.push({ key: key!, count: items.length });
        parent.children[index] = {
          type: 'mdxJsxFlowElement',
          name: 'Checklist',
          attributes: [attr('storageKey', key!), attr('title', title!), attr('items', JSON.stringify(items))],
          children: [],
        } as unknown as RootContent;
        return SKIP;
      }

      if (directive.name in CALLOUT_KINDS) {
        const kind = directive.name as CalloutKind;
        boxes.add(kind);
        const title = labelNode ? textOf(labelNode).trim() : CALLOUT_KINDS[kind];
        parent.children[index] = {
          type: 'mdxJsxFlowElement',
          name: 'Callout',
          attributes: [attr('kind', kind), attr('title', title)],
          children,
        } as unknown as RootContent;
        return;
      }

      file.fail(
        `${where(directive)}: o bloco ":::${directive.name}" não existe. Use :::checklist, ${Object.keys(CALLOUT_KINDS)
          .map((k) => `:::${k}`)
          .join(', ')}.`,
        directive,
      );
    });

    if (!page) return;
    const label = page.label;
    if (page.stage === 'apresentacao') {
      if (found.length) file.fail(`${label}: a apresentação não leva listas de verificação; elas ficam nas etapas.`);
      return;
    }
    const expected = CHECKLISTS[page.condition][page.stage];
    for (const spec of expected) {
      const lists = found.filter((f) => f.key === spec.key);
      if (lists.length === 0) file.fail(`${label}: falta a lista com chave "${spec.key}" (${spec.count} itens).`);
      if (lists.length > 1)
        file.fail(`${label}: a chave "${spec.key}" aparece ${lists.length} vezes; cada lista tem a sua.`);
      const count = lists[0]!.count;
      if (count !== spec.count) {
        file.fail(
          `${label}: a lista "${spec.key}" tem ${words.count(count, 'item', 'itens')}; ela deve ter exatamente ${spec.count}.`,
        );
      }
    }
    const unknown = found.filter((f) => !expected.some((spec) => spec.key === f.key));
    if (unknown.length) {
      file.fail(
        `${label}: a chave "${unknown[0]!.key}" não pertence a esta etapa. Chaves válidas: ${expected.map((s) => s.key).join(', ')}.`,
      );
    }
    for (const box of [STAGE_BOX[page.stage], 'ajuda'] as const) {
      if (!boxes.has(box)) file.fail(`${label}: falta a caixa :::${box} (${CALLOUT_KINDS[box]}).`);
    }
  };
}
