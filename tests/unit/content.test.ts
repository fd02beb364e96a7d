import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { remarkGuide } from '../../src/integrations/remark-guide.ts';
import { CHECKLISTS, CONDITIONS, STAGES } from '../../src/shared/guides.ts';

const ROOT = 'content/guides';
const body = (file: string) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');

function check(filePath: string, text: string) {
  const processor = unified().use(remarkParse).use(remarkDirective).use(remarkGuide);
  const file = new VFile({ path: path.resolve(filePath), value: text });
  return processor.run(processor.parse(file), file);
}

describe('the guides as editors wrote them', () => {
  it('has the four files of every condition', () => {
    for (const condition of CONDITIONS) {
      expect(readdirSync(path.join(ROOT, condition)).sort()).toEqual(['apresentacao.mdx', 'observacao.mdx', 'reducao.mdx', 'tratamento.mdx']);
    }
  });

  it('passes the build’s checklist rules on all fifteen stages', async () => {
    for (const condition of CONDITIONS) {
      for (const stage of STAGES) {
        const file = path.join(ROOT, condition, `${stage}.mdx`);
        await expect(check(file, body(file)), file).resolves.toBeDefined();
      }
    }
  });

  it('keeps every list at the spec’s exact count', () => {
    for (const condition of CONDITIONS) {
      for (const stage of STAGES) {
        const text = body(path.join(ROOT, condition, `${stage}.mdx`));
        for (const { key, count } of CHECKLISTS[condition][stage]) {
          const block = new RegExp(`:::checklist\\{chave="${key}"[^\\n]*\\n([\\s\\S]*?)\\n:::`).exec(text);
          expect(block, key).not.toBeNull();
          expect(block![1]!.split('\n').filter((line) => line.startsWith('- ')), key).toHaveLength(count);
        }
      }
    }
  });
});

describe('an editor’s mistake fails the build with a message naming the file and what to fix', () => {
  const file = path.join(ROOT, 'sono', 'reducao.mdx');
  const original = body(file);

  it('one item missing from a list', async () => {
    const broken = original.replace(/(:::checklist\{chave="sono-reducao-environment"[^\n]*\n)- [^\n]*\n/, '$1');
    await expect(check(file, broken)).rejects.toThrow('content/guides/sono/reducao.mdx: a lista "sono-reducao-environment" tem 4 itens; ela deve ter exatamente 5.');
  });

  it('a changed key', async () => {
    const broken = original.replace('chave="sono-reducao-family"', 'chave="sono-reducao-familia"');
    await expect(check(file, broken)).rejects.toThrow('content/guides/sono/reducao.mdx: falta a lista com chave "sono-reducao-family" (5 itens).');
  });

  it('a block that does not exist', async () => {
    await expect(check(file, `${original}\n:::aviso\nTexto\n:::\n`)).rejects.toThrow(':::aviso" não existe');
  });

  it('the help box removed', async () => {
    const broken = original.replace(/:::ajuda[\s\S]*?\n:::/, '');
    await expect(check(file, broken)).rejects.toThrow('content/guides/sono/reducao.mdx: falta a caixa :::ajuda (Quando procurar ajuda profissional).');
  });

  it('text with a colon stays text', async () => {
    await expect(check(file, original.replace('Mantenha', 'Às 10:30 mantenha'))).resolves.toBeDefined();
  });
});
