import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { parse } from 'yaml';
import { schemas } from '../../src/content.config.ts';
import { assertContent, checked, contentProblems, describeField } from '../../src/integrations/content-errors.ts';
import {
  bedtimeRoutine,
  capsiPhone,
  fillPlaceholders,
  orderPolicy,
  policyPlaceholders,
  required,
} from '../../src/integrations/site-rules.ts';
import { BEDTIME_STEPS } from '../../src/shared/reminders.ts';

const SITE = 'content/site';
const read = (file: string) => readFileSync(file, 'utf8');
const frontmatter = (file: string) => parse(/^---\n([\s\S]*?)\n---/.exec(read(file))![1]!);
const policyFiles = () => readdirSync(path.join(SITE, 'privacidade')).map((name) => `${SITE}/privacidade/${name}`);

/** What the build says about a YAML text an editor saved as `file`. */
function buildMessage(schema: (typeof schemas)[keyof typeof schemas], yamlText: string, file: string): string {
  try {
    assertContent(schema, parse(yamlText), file);
  } catch (err) {
    return (err as Error).message;
  }
  return 'sem erro';
}

const ENGLISH = /invalid|unrecognized|expected|received|required/i;

describe('the site’s content as editors wrote it', () => {
  it('passes the schema of the emergency page, the testimonials and the home texts', () => {
    expect(contentProblems(schemas.emergency, parse(read(`${SITE}/emergencia.yaml`)))).toEqual([]);
    expect(contentProblems(schemas.testimonials, parse(read(`${SITE}/depoimentos.yaml`)))).toEqual([]);
    expect(contentProblems(schemas.home, parse(read(`${SITE}/inicio.yaml`)))).toEqual([]);
  });

  it('has the privacy policy’s opening and its nine sections, in order', () => {
    const files = policyFiles().map((file) => {
      expect(contentProblems(schemas.policy, frontmatter(file)), file).toEqual([]);
      return { file, secao: frontmatter(file).secao as number, titulo: frontmatter(file).titulo as string };
    });
    expect(orderPolicy(files).map((entry) => entry.titulo)).toEqual([
      'Política de Privacidade',
      'Dados que coletamos',
      'Como usamos os dados',
      'Compartilhamento',
      'Segurança',
      'Seus direitos',
      'Cookies e armazenamento no aparelho',
      'Por quanto tempo guardamos',
      'Mudanças nesta política',
      'Contato',
    ]);
  });

  it('says which data is asked of whom and why: a name from whoever joins by invitation, CPF and mobile from whoever pays', () => {
    const text = read(`${SITE}/privacidade/1-dados-coletados.md`).replace(/\s+/g, ' ');
    expect(text).toContain('**Quem entra por convite**');
    expect(text).toContain('apenas o nome');
    expect(text).toContain('Não pedimos celular nem CPF de quem foi convidado');
    expect(text).toContain('O CPF porque o provedor de pagamentos PIX o exige para gerar a cobrança');
  });

  it('lists SAMU and Bombeiros first, then CVV, Disque-Intoxicação, 190 and Disque 100', () => {
    const page = schemas.emergency.parse(parse(read(`${SITE}/emergencia.yaml`)));
    expect(page.contatos.map((contact) => contact.telefone)).toEqual([
      '192',
      '193',
      '188',
      '0800 722 6001',
      '190',
      '100',
    ]);
    expect(page.passos).toHaveLength(5);
    expect([...page.risco.comRisco.sinais, ...page.risco.semRisco.sinais]).toHaveLength(5);
    expect(page.risco.semRisco.sinais).toContain('Crise que dura mais de 30 minutos sem sinal de melhora');
  });

  it('has six testimonials, each with a colour of the palette', () => {
    const { depoimentos } = schemas.testimonials.parse(parse(read(`${SITE}/depoimentos.yaml`)));
    expect(depoimentos).toHaveLength(6);
    expect(new Set(depoimentos.map((t) => t.cor)).size).toBe(6);
  });
});

describe('an editor’s mistake in content/site fails the build with one pt-BR message naming the file and the field', () => {
  const emergency = read(`${SITE}/emergencia.yaml`);
  const testimonials = read(`${SITE}/depoimentos.yaml`);
  const home = read(`${SITE}/inicio.yaml`);
  const EMERGENCY = 'content/site/emergencia.yaml';

  it('a missing field', () => {
    const broken = emergency.replace(/\n {4}quando: Apoio emocional[^\n]*/, '');
    expect(buildMessage(schemas.emergency, broken, EMERGENCY)).toBe(
      'content/site/emergencia.yaml: campo "quando" do 3º item de "contatos": falta este campo.',
    );
  });

  it('an empty field', () => {
    const broken = home.replace('rodape: Feito com carinho para mães e cuidadoras.', 'rodape: ""');
    expect(buildMessage(schemas.home, broken, 'content/site/inicio.yaml')).toBe(
      'content/site/inicio.yaml: campo "rodape": não pode ficar vazio.',
    );
  });

  it('an unknown field, at the top of the file', () => {
    const broken = home.replace('slogan:', 'subtitulo: Outro texto\nslogan:');
    expect(buildMessage(schemas.home, broken, 'content/site/inicio.yaml')).toBe(
      'content/site/inicio.yaml: campo "subtitulo" não existe (os campos aqui são: slogan, ferramentas, guias, rodape).',
    );
  });

  it('an unknown field inside a list item (a misspelt name)', () => {
    const broken = testimonials.replace('    cor: roxo', '    color: roxo');
    const message = buildMessage(schemas.testimonials, broken, 'content/site/depoimentos.yaml');
    expect(message).toContain(
      'content/site/depoimentos.yaml: campo "color" do 2º item de "depoimentos" não existe (os campos aqui são: nome, iniciais, nota, quando, comentario, cor).',
    );
    expect(message).toContain(
      'content/site/depoimentos.yaml: campo "cor" do 2º item de "depoimentos": falta este campo.',
    );
    expect(message).not.toMatch(ENGLISH);
  });

  it('a phone with letters', () => {
    const broken = emergency.replace('telefone: "188"', 'telefone: "188 CVV"');
    expect(buildMessage(schemas.emergency, broken, EMERGENCY)).toBe(
      'content/site/emergencia.yaml: campo "telefone" do 3º item de "contatos": "188 CVV" tem letras ou sinais que não são de telefone: escreva só números, espaços, parênteses e hífen, entre aspas (ex.: "192", "0800 722 6001", "(11) 3333-4444").',
    );
  });

  it('a phone that is digits but no Brazilian number', () => {
    const broken = emergency.replace('telefone: "190"', 'telefone: "12 3456"');
    expect(buildMessage(schemas.emergency, broken, EMERGENCY)).toContain(
      'content/site/emergencia.yaml: campo "telefone" do 5º item de "contatos": "12 3456" não é um telefone do Brasil',
    );
  });

  it('accepts a short code written without quotes (YAML reads it as a number)', () => {
    const unquoted = emergency.replace('telefone: "190"', 'telefone: 190');
    expect(buildMessage(schemas.emergency, unquoted, EMERGENCY)).toBe('sem erro');
  });

  it('SAMU moved from the top of the contacts', () => {
    const samu = /\n {2}- nome: SAMU\n[^\n]*\n[^\n]*/.exec(emergency)![0];
    const broken = emergency.replace(samu, '').replace('\ncapsi:', `${samu}\n\ncapsi:`);
    expect(buildMessage(schemas.emergency, broken, EMERGENCY)).toBe(
      'content/site/emergencia.yaml: campo "contatos": o SAMU ("192") e os Bombeiros ("193") devem ser os dois primeiros contatos, nesta ordem.',
    );
  });

  it('a sixth crisis step', () => {
    const broken = emergency.replace(
      'primeirosSocorrosTitulo:',
      '  - titulo: Mais um\n    texto: Texto.\n\nprimeirosSocorrosTitulo:',
    );
    expect(buildMessage(schemas.emergency, broken, EMERGENCY)).toBe(
      'content/site/emergencia.yaml: campo "passos": deve ter exatamente 5 itens (tem 6).',
    );
  });

  it('a seventh testimonial', () => {
    const broken = testimonials.replace(
      '    cor: violeta',
      '    cor: violeta\n  - nome: Bia\n    nota: 5\n    quando: hoje\n    comentario: Oi.\n    cor: azul',
    );
    expect(buildMessage(schemas.testimonials, broken, 'content/site/depoimentos.yaml')).toBe(
      'content/site/depoimentos.yaml: campo "depoimentos": deve ter exatamente 6 itens (tem 7).',
    );
  });

  it('a colour outside the palette', () => {
    const broken = testimonials.replace('    cor: violeta', '    cor: rosa');
    expect(buildMessage(schemas.testimonials, broken, 'content/site/depoimentos.yaml')).toBe(
      'content/site/depoimentos.yaml: campo "cor" do 6º item de "depoimentos": deve ser um destes: "vinho", "roxo", "azul", "verde", "laranja", "violeta".',
    );
  });

  it('a rating written as text', () => {
    const broken = testimonials.replace('    nota: 4', '    nota: quatro');
    expect(buildMessage(schemas.testimonials, broken, 'content/site/depoimentos.yaml')).toBe(
      'content/site/depoimentos.yaml: campo "nota" do 4º item de "depoimentos": deve ser um número.',
    );
  });

  it('a guide page with an unknown header field, which zod would report in English', () => {
    const file = 'content/guides/sono/reducao.mdx';
    const data = { ...frontmatter(file), autor: 'Ana' };
    expect(() => assertContent(schemas.stages, data, file)).toThrow(
      'content/guides/sono/reducao.mdx: campo "autor" não existe (os campos aqui são: titulo, resumo, duracao).',
    );
  });

  it('a hub page missing one step’s sentence', () => {
    const file = 'content/guides/foco/apresentacao.mdx';
    const data = frontmatter(file);
    delete data.etapas.tratamento;
    expect(() => assertContent(schemas.hubs, data, file)).toThrow(
      'content/guides/foco/apresentacao.mdx: campo "etapas.tratamento": falta este campo.',
    );
  });
});

describe('the privacy policy’s files', () => {
  const files = () => policyFiles().map((file) => ({ file, secao: frontmatter(file).secao as number }));

  it('a missing section names the number to add', () => {
    expect(() => orderPolicy(files().filter((entry) => entry.secao !== 7))).toThrow(
      'content/site/privacidade: falta o arquivo com "secao: 7"; a política tem a abertura e 9 seções.',
    );
  });

  it('two files with the same number name both files', () => {
    const list = files().map((entry) =>
      entry.secao === 8 ? { ...entry, secao: 7, file: 'content/site/privacidade/8-mudancas.md' } : entry,
    );
    const error = (() => {
      try {
        orderPolicy(list);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    expect(error).toContain('campo "secao": o número 7 já é usado por content/site/privacidade/7-retencao.md');
    expect(error).toContain('falta o arquivo com "secao: 8"');
  });

  it('fills the controller and the e-mail, escaped, and refuses a misspelt placeholder', () => {
    const values = policyPlaceholders('Mães & Cia', 'lgpd@exemplo.com.br');
    expect(fillPlaceholders('<p>Escreva para {email}. Controlador: {controlador}.</p>', values, 'x.md')).toBe(
      '<p>Escreva para <a href="mailto:lgpd@exemplo.com.br">lgpd@exemplo.com.br</a>. Controlador: Mães &amp; Cia.</p>',
    );
    expect(() => fillPlaceholders('<p>{emial}</p>', values, 'content/site/privacidade/9-contato.md')).toThrow(
      'content/site/privacidade/9-contato.md: "{emial}" não existe; use {controlador} ou {email}.',
    );
  });
});

describe('build settings and missing files', () => {
  it('a CAPSi phone from the environment must be callable; empty means none', () => {
    expect(capsiPhone(undefined)).toBeNull();
    expect(capsiPhone('  ')).toBeNull();
    expect(capsiPhone('(21) 2334-5678')).toBe('(21) 2334-5678');
    expect(() => capsiPhone('ligue para a prefeitura')).toThrow(
      'PUBLIC_CAPSI_PHONE: "ligue para a prefeitura" não é um telefone do Brasil',
    );
  });

  it('a missing file names the file', () => {
    expect(() => required(undefined, 'content/site/inicio.yaml')).toThrow(
      'content/site/inicio.yaml: o arquivo não foi encontrado',
    );
  });

  it('the build’s loader checks each file before Astro does, naming it relative to the project', async () => {
    const seen: string[] = [];
    const loader = checked(
      {
        name: 'teste',
        load: async (context) => {
          await context.parseData({
            id: 'inicio',
            data: { slogan: 'Oi' },
            filePath: path.resolve(SITE, 'inicio.yaml'),
          });
        },
      },
      schemas.home,
    );
    const context = {
      collection: 'home',
      parseData: async (props: { id: string }) => {
        seen.push(props.id);
        return props;
      },
    } as unknown as LoaderContext;
    await expect(loader.load(context)).rejects.toThrow(
      'content/site/inicio.yaml: campo "ferramentas": falta este campo.',
    );
    expect(seen).toEqual([]);
  });

  it('describes nested places in words', () => {
    expect(describeField([])).toBe('o arquivo');
    expect(describeField(['primeirosSocorros', 0, 'passos', 1])).toBe(
      '2º item de "passos" do 1º item de "primeirosSocorros"',
    );
  });
});

describe('the sleep guide’s evening routine, which the reminders send', () => {
  const guide = read('content/guides/sono/tratamento.mdx');

  it('says, step by step, exactly what each bedtime notification says', () => {
    expect(bedtimeRoutine(guide, BEDTIME_STEPS)).toEqual(BEDTIME_STEPS.map(({ offset, text }) => ({ offset, text })));
  });

  it('an editor who rewords a step is told to change the notification with it', () => {
    const reworded = guide.replace('ofereça um banho morno e o pijama', 'hora do banho morno e do pijama');
    expect(() => bedtimeRoutine(reworded, BEDTIME_STEPS)).toThrow(
      'content/guides/sono/tratamento.mdx: o 2º item da lista "sono-tratamento-routine" diz "Faltando 45 minutos para dormir, hora do banho morno e do pijama", mas o lembrete de 45 minutos antes de dormir diz "Faltando 45 minutos para dormir, ofereça um banho morno e o pijama" (BEDTIME_STEPS em src/shared/reminders.ts); mude os dois juntos.',
    );
  });

  it('a routine list renamed or removed names every step it lacks', () => {
    const renamed = guide.replace('chave="sono-tratamento-routine"', 'chave="sono-rotina"');
    expect(() => bedtimeRoutine(renamed, BEDTIME_STEPS)).toThrow(/o 5º item da lista "sono-tratamento-routine" diz ""/);
  });
});
