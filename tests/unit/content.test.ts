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
      expect(readdirSync(path.join(ROOT, condition)).sort()).toEqual([
        'apresentacao.mdx',
        'observacao.mdx',
        'reducao.mdx',
        'tratamento.mdx',
      ]);
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
          expect(
            block![1]!.split('\n').filter((line) => line.startsWith('- ')),
            key,
          ).toHaveLength(count);
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
    await expect(check(file, broken)).rejects.toThrow(
      'content/guides/sono/reducao.mdx: a lista "sono-reducao-environment" tem 4 itens; ela deve ter exatamente 5.',
    );
  });

  it('a changed key', async () => {
    const broken = original.replace('chave="sono-reducao-family"', 'chave="sono-reducao-familia"');
    await expect(check(file, broken)).rejects.toThrow(
      'content/guides/sono/reducao.mdx: falta a lista com chave "sono-reducao-family" (5 itens).',
    );
  });

  it('a block that does not exist', async () => {
    await expect(check(file, `${original}\n:::aviso\nTexto\n:::\n`)).rejects.toThrow(':::aviso" não existe');
  });

  it('the help box removed', async () => {
    const broken = original.replace(/:::ajuda[\s\S]*?\n:::/, '');
    await expect(check(file, broken)).rejects.toThrow(
      'content/guides/sono/reducao.mdx: falta a caixa :::ajuda (Quando procurar ajuda profissional).',
    );
  });

  it('text with a colon stays text', async () => {
    await expect(check(file, original.replace('Mantenha', 'Às 10:30 mantenha'))).resolves.toBeDefined();
  });
});

describe('the spec’s §9 figures in the guides', () => {
  /** Where each figure lives, written as the guides write it ("10 a 12", one way for every range). */
  const FIGURES: Record<string, string[]> = {
    'aprendizado/observacao': [
      '3 a 6 anos',
      'a partir de 6 anos',
      '2 semanas',
      '5 a 10 minutos aos 3 e 4 anos',
      '10 a 15 minutos aos 5 e 6 anos',
      '15 a 20 minutos aos 7 e 8 anos',
      '20 a 30 minutos a partir dos 9 anos',
    ],
    'aprendizado/tratamento': [
      'de 5 a 10 minutos para crianças de 3 a 5 anos, de 10 a 20 minutos para 6 a 8 anos, e de 20 a 30 minutos a partir dos 9 anos',
      'até 20 minutos para 6 a 8 anos e até 30 minutos',
      'pausa de 5 minutos a cada 15 minutos',
    ],
    'aprendizado/reducao': ['plano de 30 dias, dividido em 4 semanas', 'mais de 1 hora', '2 a 3 meses', '6 a 8 copos'],
    'hiperatividade/tratamento': ['4 a 6 semanas', '20 a 30 minutos', 'pausas de 5 minutos a cada 15 minutos'],
    'hiperatividade/reducao': ['10 a 12 semanas', 'de 50 a 60% menos', '2 a 3 meses', 'repetindo 4 vezes'],
    'irritabilidade/tratamento': [
      '4 a 6 semanas',
      'até 4 ao puxar o ar, até 7 ao segurar e até 8 ao soltar, e repitam 4 vezes',
    ],
    'irritabilidade/reducao': ['8 a 12 semanas', 'de 60 a 70% menos', 'repetida 4 vezes', '6 a 8 copos'],
    'sono/observacao': [
      'de 3 a 5 anos, 10 a 13 horas',
      'De 6 a 13 anos, 9 a 11 horas',
      'De 14 a 17 anos, 8 a 10 horas',
    ],
    'sono/tratamento': [
      'Faltando 60 minutos',
      'Faltando 45 minutos',
      'Faltando 30 minutos',
      'Faltando 15 minutos',
      'No minuto zero',
      '18 a 22 °C',
      'nas 6 horas antes de dormir',
      'refeição leve 2 horas antes de dormir',
    ],
    'sono/reducao': ['6 a 8 semanas', '18 a 22 °C', 'repetindo 4 vezes', '6 a 8 copos', '2 a 3 meses'],
    'foco/observacao': [
      '5 a 10 minutos aos 3 e 4 anos',
      '10 a 15 minutos aos 5 e 6 anos',
      '15 a 20 minutos aos 7 e 8 anos',
      '20 a 30 minutos a partir dos 9 anos',
    ],
    'foco/tratamento': [
      '3 a 5 anos, faça sessões de 5 a 10 minutos',
      '6 a 8 anos, faça sessões de 10 a 20 minutos',
      '9 anos ou mais, faça sessões de 20 a 30 minutos',
      'no máximo 20 minutos',
      'no máximo 30 minutos',
      'pausa de 5 minutos a cada 15 minutos',
    ],
    'foco/reducao': ['12 a 16 semanas', '70 a 80% mais tempo', '2 a 3 meses', '6 a 8 copos'],
  };

  it('keeps every figure where the guides promise it', () => {
    for (const [page, figures] of Object.entries(FIGURES)) {
      const text = body(path.join(ROOT, `${page}.mdx`)).replace(/\s+/g, ' ');
      for (const figure of figures) expect(text, `${page}: ${figure}`).toContain(figure);
    }
  });

  it('writes number ranges one way ("10 a 12"), never with a dash', () => {
    for (const condition of CONDITIONS) {
      for (const page of ['apresentacao', ...STAGES]) {
        const text = body(path.join(ROOT, condition, `${page}.mdx`)).replaceAll('4-7-8', '');
        expect(text.match(/\d+\s*[-–]\s*\d+/g), `${condition}/${page}`).toBeNull();
      }
    }
  });

  it('sends a crisis longer than 30 minutes to the emergency page from every stage', () => {
    for (const condition of CONDITIONS) {
      for (const stage of STAGES) {
        const text = body(path.join(ROOT, condition, `${stage}.mdx`));
        expect(text, `${condition}/${stage}`).toContain('30 minutos');
        expect(text, `${condition}/${stage}`).toContain('(/emergencia/)');
      }
    }
  });

  it('calls every long-term goal a reference, not a promise', () => {
    for (const condition of CONDITIONS) {
      const goal = /:::meta\[[^\]]*\]\n([\s\S]*?)\n:::/.exec(body(path.join(ROOT, condition, 'reducao.mdx')));
      expect(goal?.[1], condition).toContain('referência para orientar o caminho, não uma promessa');
    }
  });
});
