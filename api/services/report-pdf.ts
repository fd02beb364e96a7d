/**
 * The report for a professional or the school, as a PDF (pdfkit): A4, selectable text, pt-BR,
 * dates dd/mm/aaaa. Charts are drawn as vector paths, each followed by a sentence that says what
 * it shows. Its words stay here, as the e-mails' stay in their templates.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { overlapsText } from '../../src/shared/adherence.ts';
import {
  atTimes,
  type ClinicalSummary,
  inForceText,
  type SummarySection,
  sleepLine,
  summarySections,
} from '../../src/shared/clinical-summary.ts';
import { overlapReportLine, undoneSentences } from '../../src/shared/dose-alerts.ts';
import { ATTENTION_WORDS } from '../../src/shared/enums.ts';
import { formatDay, formatDecimal, formatMinutes, shortDay } from '../../src/shared/format.ts';
import { todayInSaoPaulo } from '../../src/shared/insights-core.ts';
import { SITE_NAME } from '../../src/shared/site.ts';
import { MEDICINE_EVENT_LABELS, THERAPY_LABELS } from '../../src/shared/treatment.ts';
import { amount, count } from '../../src/shared/words.ts';
import type { DiaryEntryView } from './diary.ts';
import { afterMealLabel } from './diary-choices.ts';
import type { ReportData } from './report-data.ts';
import type { MedicineChangeView, MedicineInPeriod } from './treatment.ts';

type Doc = PDFKit.PDFDocument;
const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#52606d';
const BAR = '#2f6f8f';
const BAND = '#d9ecd9';
const RULE = '#c7ccd1';

const WORDS = {
  title: 'Relatório de acompanhamento',
  disclaimer:
    'Este relatório reúne as anotações feitas pela mãe ou cuidadora no aplicativo Olhar de Mãe. Ele descreve o que foi registrado e não é um diagnóstico, nem substitui a avaliação de um profissional de saúde ou de educação.',
  diaries: { behavior: 'Comportamento', food: 'Alimentação', sleep: 'Sono', school: 'Escola' },
  none: 'Nenhum registro no período.',
} as const;

/**
 * A Unicode TrueType font (DejaVu, from the npm registry), embedded as a subset: every letter she
 * types is drawn as typed (ő, ≥, −), where pdfkit's standard fonts knew only Windows-1252. Read and
 * parsed once per worker (fontkit), and handed to each document parsed: given the file's bytes,
 * pdfkit parsed the font again for every report, and its layout tables with it (a 300-line
 * document: 1.7–2.0 s against 0.24–0.34 s; issue 41). Each document still embeds its own subset.
 */
const font = (file: string) =>
  fontkit.create(readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`)));
const FONTS = {
  Sans: font('DejaVuSans.ttf'),
  'Sans-Bold': font('DejaVuSans-Bold.ttf'),
  'Sans-Oblique': font('DejaVuSans-Oblique.ttf'),
} as const;

/** Emoji (and the joiners and variation selectors that build them): no text font draws them. */
const EMOJI = /\p{Extended_Pictographic}|\u{FE0E}|\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/gu;

/** What she typed, as the font draws it: tabs and returns as spaces, emoji left out rather than drawn as boxes. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\t\r]/g, ' ')
    .replace(EMOJI, '')
    .replace(/ {2,}/g, ' ');
}

/** A chart's top value: at most one decimal, none when whole ("10,5", "4"). */
const number = (value: number) => amount(Math.round(value * 10) / 10);
const years = (n: number) => count(n, 'ano', 'anos');
const times = (n: number) => count(n, 'vez', 'vezes');

/**
 * The whole report as one buffer. Every page is held until the footers learn the number of pages
 * ("página n de N"); it runs in a worker thread (services/report-render.ts), a few at a time.
 */
export async function renderReport(data: ReportData): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = newDocument(data.summary);
  // Page 1: what a doctor reads in the minute before the consultation (issue 30): the clinical summary.
  header(doc, data.summary, data.generatedAt);
  page1(doc, data.summary, data.includeEntries);
  // Then the charts and the details; the list of every entry is an appendix she includes by choice.
  // A new page unless page 1 already ran over (never a page holding only its last lines).
  if (doc.bufferedPageRange().count === 1) doc.addPage();
  else doc.moveDown(1.5);
  charts(doc, data);
  rankings(doc, data);
  school(doc, data);
  observations(doc, data);
  treatment(doc, data);
  if (data.includeEntries) await entriesTable(doc, data.entries);
  footers(doc, data.summary);
  doc.end();
  return done;
}

/** Page 1 alone, drawn by the report's own code: what the tests compare with the patterns page. */
export function renderSummaryPage(summary: ClinicalSummary): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = newDocument(summary);
  header(doc, summary, new Date(summary.generatedAt));
  page1(doc, summary, false);
  footers(doc, summary);
  doc.end();
  return done;
}

function newDocument({ child, period }: ClinicalSummary): { doc: Doc; done: Promise<Uint8Array<ArrayBuffer>> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // never Helvetica: its character set is Windows-1252's
    font: FONTS.Sans as unknown as string,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: `${WORDS.title} — ${pdfSafe(child.firstName)} — ${formatDay(period.from)} a ${formatDay(period.to)}`,
      Author: SITE_NAME,
      Creator: SITE_NAME,
    },
  });
  // pdfkit 0.20 takes a parsed fontkit font where its types still say a path or bytes.
  for (const [name, parsed] of Object.entries(FONTS)) doc.registerFont(name, parsed as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => {
      const pdf = Buffer.concat(chunks);
      resolve(new Uint8Array(pdf.buffer as ArrayBuffer, pdf.byteOffset, pdf.length));
    });
    doc.on('error', reject);
  });
  return { doc, done };
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN;

/** A new page unless `height` more points fit on this one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function heading(doc: Doc, text: string) {
  room(doc, 60);
  doc.moveDown(0.8).font('Sans-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.3).font('Sans').fontSize(10);
}

function paragraph(doc: Doc, raw: string, color = INK) {
  const text = pdfSafe(raw);
  doc
    .font('Sans')
    .fontSize(10)
    .fillColor(color)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
}

function header(doc: Doc, { child, period }: ClinicalSummary, generatedAt: Date) {
  doc.font('Sans').fontSize(10).fillColor(MUTED).text(SITE_NAME, MARGIN, MARGIN);
  doc.font('Sans-Bold').fontSize(18).fillColor(INK).text(WORDS.title);
  doc.moveDown(0.4).font('Sans').fontSize(11);
  const age = child.ageYears === null ? 'idade não informada' : years(child.ageYears);
  doc.text(`Criança: ${pdfSafe(child.firstName)}, ${age}`);
  doc.text(`Período: ${formatDay(period.from)} a ${formatDay(period.to)}`);
  doc.fillColor(MUTED).text(`Gerado em ${formatDay(todayInSaoPaulo(generatedAt))}`);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.fontSize(9);
  const height = doc.heightOfString(WORDS.disclaimer, { width: contentWidth(doc) - 16 }) + 12;
  doc.rect(MARGIN, y, contentWidth(doc), height).fillAndStroke('#f4f6f8', RULE);
  doc.fillColor(INK).text(WORDS.disclaimer, MARGIN + 8, y + 6, { width: contentWidth(doc) - 16 });
  doc.y = y + height;
}

/** A bulleted line whose wrapped lines align with its first word. */
function bullet(doc: Doc, raw: string) {
  const text = pdfSafe(raw);
  doc.font('Sans').fontSize(10);
  room(doc, doc.heightOfString(text, { width: contentWidth(doc) - 12 }));
  const y = doc.y;
  doc.fillColor(INK).text('•', MARGIN, y, { lineBreak: false });
  doc.text(text, MARGIN + 12, y, { width: contentWidth(doc) - 12 });
}

/** Page 1: the clinical summary's sections (summarySections), as the patterns page prints them. */
function page1(doc: Doc, summary: ClinicalSummary, includeEntries: boolean) {
  for (const part of summarySections(summary)) {
    sectionOf(doc, part);
    if (part.id === 'resumo-do-periodo') {
      doc.moveDown(0.3);
      notice(
        doc,
        includeEntries
          ? 'A lista completa dos registros do período está no fim do relatório.'
          : 'A lista completa dos registros não foi incluída (pode ser incluída ao gerar o relatório: "incluir todos os registros").',
      );
    }
  }
}

/** One section: its heading, its lines (muted when it says there is nothing), its table, the lines after, its small print. */
function sectionOf(doc: Doc, part: SummarySection) {
  section(doc, part.title);
  const nothing = !part.table && part.lines.length === 1 && /^Nenhuma? /.test(part.lines[0] ?? '');
  if (nothing) paragraph(doc, part.lines[0]!, MUTED);
  else if (part.table) for (const line of part.lines) paragraph(doc, line);
  else for (const line of part.lines) bullet(doc, line);
  if (part.table) {
    doc.moveDown(0.2);
    table(doc, part.table.head, part.table.rows, part.id === 'antes-e-depois' ? 170 : 150);
  }
  if (part.after?.length) {
    doc.moveDown(0.2);
    for (const line of part.after.slice(0, -1)) bullet(doc, line);
    const last = part.after.at(-1)!;
    if (last.startsWith('Quem avaliou')) paragraph(doc, last, MUTED);
    else bullet(doc, last);
  }
  for (const note of part.notes ?? []) notice(doc, note);
}

/** A page-1 heading: smaller than the others, so the page holds everything. */
function section(doc: Doc, text: string) {
  room(doc, 50);
  doc.moveDown(0.6).font('Sans-Bold').fontSize(11.5).fillColor(INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.15).font('Sans').fontSize(9.5);
}

/** A muted line of small print: the sections' notices. */
function notice(doc: Doc, text: string) {
  doc
    .font('Sans')
    .fontSize(8)
    .fillColor(MUTED)
    .text(pdfSafe(text), MARGIN, doc.y, { width: contentWidth(doc) });
  doc.fontSize(9.5).fillColor(INK);
}

/** A small table: a label column and value columns, one line per row. */
function table(doc: Doc, head: string[], rows: string[][], firstWidth: number) {
  const rest = (contentWidth(doc) - firstWidth) / Math.max(1, head.length - 1);
  const x = (i: number) => (i === 0 ? MARGIN : MARGIN + firstWidth + (i - 1) * rest);
  const line = (cells: string[], bold: boolean, color = INK) => {
    room(doc, 14);
    const y = doc.y;
    doc
      .font(bold ? 'Sans-Bold' : 'Sans')
      .fontSize(8.5)
      .fillColor(color);
    cells.forEach((cell, i) => {
      doc.text(pdfSafe(cell), x(i), y, { width: (i === 0 ? firstWidth : rest) - 4, lineBreak: false });
    });
    doc.y = y + 12;
  };
  line(head, true);
  doc
    .moveTo(MARGIN, doc.y - 1)
    .lineTo(MARGIN + contentWidth(doc), doc.y - 1)
    .lineWidth(0.5)
    .stroke(RULE);
  doc.y += 2;
  for (const row of rows) line(row, false);
}

interface Bars {
  title: string;
  values: number[];
  /** label under bar i, or '' */
  labels: string[];
  /** a shaded range (e.g. the recommended hours of sleep), in the values' unit */
  band?: { from: number; to: number } | null;
  unit: string;
  /** what the chart shows, for whoever cannot see it */
  caption: string;
}

/** A bar chart drawn with paths: bars, a baseline, the top value, labels under the bars. */
function barChart(doc: Doc, chart: Bars) {
  const height = 80;
  room(doc, height + 70);
  doc.font('Sans-Bold').fontSize(10).fillColor(INK).text(chart.title, MARGIN, doc.y);
  const top = doc.y + 14;
  const left = MARGIN + 30;
  const width = contentWidth(doc) - 30;
  const max = Math.max(1, ...chart.values, chart.band?.to ?? 0);
  const yOf = (value: number) => top + height - (value / max) * height;
  if (chart.band) doc.rect(left, yOf(chart.band.to), width, yOf(chart.band.from) - yOf(chart.band.to)).fill(BAND);
  const step = width / Math.max(1, chart.values.length);
  chart.values.forEach((value, i) => {
    if (value > 0) doc.rect(left + i * step + step * 0.15, yOf(value), step * 0.7, top + height - yOf(value)).fill(BAR);
  });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.8)
    .stroke(MUTED);
  doc.font('Sans').fontSize(7).fillColor(MUTED);
  doc.text(`${number(max)} ${chart.unit}`, MARGIN, yOf(max) - 3, { width: 28, align: 'right', lineBreak: false });
  doc.text('0', MARGIN, top + height - 4, { width: 28, align: 'right', lineBreak: false });
  chart.labels.forEach((label, i) => {
    if (label)
      doc.text(label, left + i * step - 10, top + height + 3, { width: step + 20, align: 'center', lineBreak: false });
  });
  doc.y = top + height + 16;
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(chart.caption, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.8);
}

/** Every n-th label, so a long period stays readable. */
const sparse = (labels: string[], most = 14) => {
  const every = Math.ceil(labels.length / most);
  return labels.map((label, i) => (i % every === 0 ? label : ''));
};
const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

function charts(doc: Doc, { insights, summary }: ReportData) {
  const { behavior, sleep } = insights;
  heading(doc, 'Gráficos');
  const busiest = behavior.perDay.reduce((a, b) => (b.count > a.count ? b : a), { date: '', count: 0 });
  const daysWith = behavior.perDay.filter((d) => d.count > 0).length;
  barChart(doc, {
    title: 'Episódios de comportamento por dia',
    values: behavior.perDay.map((d) => d.count),
    labels: sparse(behavior.perDay.map((d) => shortDay(d.date))),
    unit: '',
    caption: busiest.count
      ? `${behavior.total} episódios em ${daysWith} dos ${behavior.perDay.length} dias do período; no máximo ${busiest.count} num dia (a primeira vez em ${formatDay(busiest.date)}).`
      : WORDS.none,
  });
  const peakHour = behavior.byHour.indexOf(Math.max(...behavior.byHour));
  const peakDay = behavior.byWeekday.indexOf(Math.max(...behavior.byWeekday));
  barChart(doc, {
    title: 'Episódios por hora do dia',
    values: behavior.byHour,
    labels: behavior.byHour.map((_, h) => (h % 3 === 0 ? `${h}h` : '')),
    unit: '',
    caption: behavior.total
      ? `Horário com mais episódios: entre ${peakHour}h e ${(peakHour + 1) % 24}h (${behavior.byHour[peakHour]}). Dia da semana com mais episódios: ${WEEKDAYS[peakDay]} (${behavior.byWeekday[peakDay]}).`
      : WORDS.none,
  });
  if (sleep.nights)
    barChart(doc, {
      title: 'Horas de sono por noite (faixa verde: recomendado para a idade)',
      values: sleep.perNight.map((n) => n.sleepMinutes / 60),
      labels: sparse(sleep.perNight.map((n) => shortDay(n.date))),
      band: sleep.recommended && { from: sleep.recommended.minHours, to: sleep.recommended.maxHours },
      unit: 'h',
      caption: sleepLine(summary.figures.sleep),
    });
}

const FOOD_TITLE = 'Alimentos seguidos de reação';
/** Said under the foods, so no one reads a cause into them. */
export const FOOD_NOTE =
  'Conta, por alimento, as refeições depois das quais a família marcou algo diferente de "nada de diferente" (comeu pouco, recusou, dor de barriga…), do total de refeições com esse alimento; um alimento aparece a partir de duas. É uma coincidência no tempo, não uma causa.';
/** Said under the contexts: what is counted. */
export const CONTEXTS_NOTE =
  'Cada contexto é contado inteiro, como a família o marcou ou escreveu (sem maiúsculas nem acentos), a partir de duas vezes.';

/** "arroz: 3 de 40 refeições" */
export const reactionText = (r: { food: string; count: number; meals: number }) =>
  `${r.food}: ${r.count} de ${count(r.meals, 'refeição', 'refeições')}`;

function rankings(doc: Doc, { insights }: ReportData) {
  const { behavior, food } = insights;
  const rows: Array<{ title: string; items: string[]; none: string; note?: string }> = [
    {
      title: 'Contextos mais frequentes',
      items: behavior.topContexts.map((t) => `${t.term} (${t.count})`),
      none: 'Nenhum contexto se repetiu no período.',
      note: CONTEXTS_NOTE,
    },
    {
      title: 'O que ajudou',
      items: behavior.helped.map((h) => `${h.strategy} (${h.count})`),
      none: 'Nada foi marcado em "o que ajudou" no período.',
    },
    {
      title: FOOD_TITLE,
      items: food.reactions.map(reactionText),
      none:
        food.total === 0
          ? 'Nenhuma refeição registrada no período.'
          : 'Nenhum alimento veio antes de uma reação mais de uma vez no período.',
      note: FOOD_NOTE,
    },
  ];
  const moods = Object.entries(food.byMood).filter(([, n]) => n > 0);
  heading(doc, 'O que mais aparece');
  for (const row of rows) {
    room(doc, 30);
    doc.font('Sans-Bold').fontSize(10).fillColor(INK).text(row.title, MARGIN, doc.y);
    paragraph(doc, row.items.length ? row.items.join(' · ') : row.none, row.items.length ? undefined : MUTED);
    if (row.note && row.items.length) paragraph(doc, row.note, MUTED);
    doc.moveDown(0.4);
  }
  room(doc, 30);
  doc.font('Sans-Bold').fontSize(10).text('Humor nas refeições', MARGIN, doc.y);
  paragraph(
    doc,
    moods.length ? moods.map(([mood, n]) => `${mood} (${n})`).join(' · ') : 'Nenhuma refeição registrada no período.',
  );
}

/** The school's observations (through the link the family gave a teacher), and who recorded what share. */
function school(doc: Doc, { insights }: ReportData) {
  const { school: observed, authors } = insights;
  const total = authors.reduce((sum, a) => sum + a.count, 0);
  if (observed.total === 0 && authors.length <= 1) return;
  heading(doc, observed.total > 0 ? 'Escola e quem registrou' : 'Quem registrou');
  if (observed.total > 0) {
    const days = observed.perDay.filter((d) => d.count > 0).length;
    bullet(doc, `Observações da escola: ${observed.total} em ${count(days, 'dia', 'dias')}`);
    if (observed.avgAttention !== null)
      bullet(doc, `Atenção média nas atividades (de 1 a 5, segundo a escola): ${formatDecimal(observed.avgAttention)}`);
    if (observed.contexts.length)
      bullet(
        doc,
        `O que mais aparece antes, na escola: ${observed.contexts.map((c) => `${c.term} (${c.count})`).join(' · ')}`,
      );
  }
  if (total > 0)
    bullet(
      doc,
      `Quem registrou: ${authors.map((a) => `${a.name} ${Math.round((a.count / total) * 100)}% (${a.count})`).join(' · ')}`,
    );
}

function observations(doc: Doc, { observations: guides }: ReportData) {
  heading(doc, 'Sinais observados na Etapa 1 (marcados pela mãe)');
  if (!guides.length) return paragraph(doc, 'Nenhum sinal marcado nem anotação nos guias.', MUTED);
  for (const guide of guides) {
    room(doc, 40);
    doc.font('Sans-Bold').fontSize(11).fillColor(INK).text(guide.title, MARGIN, doc.y);
    for (const list of guide.lists) {
      doc.font('Sans-Oblique').fontSize(10).text(list.title, MARGIN, doc.y);
      for (const item of list.ticked) bullet(doc, item);
    }
    if (guide.notes) {
      room(doc, 28);
      doc.font('Sans-Bold').fontSize(10).text('Anotações:', MARGIN, doc.y);
      paragraph(doc, guide.notes);
    }
    doc.moveDown(0.5);
  }
}

/**
 * Her words as she wrote them, closed with a full stop only when she did not end the sentence
 * herself: "jogou o garfo." never becomes "jogou o garfo..".
 */
export function closed(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const TREATMENT_NOTICE =
  'O que a família registrou no aplicativo: os remédios, as doses marcadas como dadas e as sessões de terapia. Não é uma prescrição nem um diagnóstico; o aplicativo nunca sugere doses, e a dose é decidida pelo médico.';

/** One line of a medicine's timeline. */
export function eventText(event: MedicineChangeView, asNeeded: boolean): string {
  const what =
    event.kind === 'stop'
      ? MEDICINE_EVENT_LABELS.stop
      : event.kind === 'times'
        ? `${MEDICINE_EVENT_LABELS.times}: ${atTimes(event.times)}`
        : `${MEDICINE_EVENT_LABELS[event.kind]}: ${inForceText(event, asNeeded)}`;
  const why = event.reason ? ` (motivo: ${event.reason})` : '';
  return `${formatDay(event.on)} · ${what}${why}`;
}

/** The doses of a medicine in the period, in one line. */
export function dosesText(medicine: MedicineInPeriod): string {
  // A time given by two carers is one dose given and one possible double (shared/adherence.ts).
  const doubles = medicine.overlaps ? `; ${overlapsText(medicine.overlaps)}` : '';
  if (medicine.asNeeded)
    return `Doses quando precisar: ${medicine.asNeededGiven} no período${medicine.minIntervalHours ? ` (intervalo mínimo de ${amount(medicine.minIntervalHours)} h)` : ''}${doubles}`;
  const skipped = medicine.skipped
    ? `; ${count(medicine.skipped, 'marcada como não dada', 'marcadas como não dadas')}`
    : '';
  const extra = medicine.asNeededGiven ? `; ${count(medicine.asNeededGiven, 'dose', 'doses')} fora do horário` : '';
  // The app knows only what was marked: doses due and never marked are said as such, not as missed.
  const unmarked = Math.max(0, medicine.scheduled - medicine.given - medicine.skipped);
  const none = unmarked ? `; ${unmarked} sem marcação no aplicativo` : '';
  return `Doses dadas: ${medicine.given} de ${medicine.scheduled} previstas no período${skipped}${none}${extra}${doubles}`;
}

/**
 * "Tratamento" (issue 28): each medicine's timeline in the period (what was in force when it began,
 * then start, changes with their reasons, stop), the doses given of those due and the as-needed
 * ones, the possible double doses (issue 37), and the therapies' sessions; on a page of its own
 * when it is long.
 */
function treatment(doc: Doc, { treatment: period }: ReportData) {
  const { medicines, therapies, overlaps } = period;
  const lines =
    3 +
    medicines.reduce((n, m) => n + 3 + m.events.length, 0) +
    therapies.length +
    1 +
    (overlaps.length ? overlaps.length + 1 : 0);
  if (lines > 14) doc.addPage();
  heading(doc, 'Tratamento');
  doc.fontSize(9);
  paragraph(doc, TREATMENT_NOTICE, MUTED);
  doc.moveDown(0.5);
  if (!medicines.length && !therapies.length)
    return paragraph(doc, 'Nenhum remédio nem terapia registrados no período.', MUTED);
  for (const medicine of medicines) {
    room(doc, 60);
    const prescriber = medicine.prescriber ? ` — prescrito por ${medicine.prescriber}` : '';
    doc
      .font('Sans-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(pdfSafe(`${medicine.name}${prescriber}`), MARGIN, doc.y, { width: contentWidth(doc) });
    if (medicine.inForceAtStart)
      bullet(
        doc,
        `Em uso no início do período: ${inForceText(medicine.inForceAtStart, medicine.asNeeded)} (desde ${formatDay(medicine.inForceAtStart.on)})`,
      );
    for (const event of medicine.events) bullet(doc, eventText(event, medicine.asNeeded));
    bullet(doc, dosesText(medicine));
    doc.moveDown(0.4);
  }
  // Issue 37: doses given close together (or one time marked given and not given) by the circle.
  if (overlaps.length) {
    room(doc, 40);
    doc.font('Sans-Bold').fontSize(11).fillColor(INK).text('Possíveis doses duplas', MARGIN, doc.y);
    for (const overlap of overlaps)
      bullet(
        doc,
        [
          overlapReportLine({ medicineName: overlap.name, kind: overlap.kind, doses: overlap.doses }),
          ...undoneSentences(overlap, overlap.undone),
        ].join(' '),
      );
    doc.moveDown(0.4);
  }
  if (therapies.length) {
    room(doc, 40);
    doc.font('Sans-Bold').fontSize(11).fillColor(INK).text('Terapias', MARGIN, doc.y);
    for (const therapy of therapies) {
      const who = [therapy.professionalName, therapy.frequency].filter(Boolean).join(', ');
      const since = `desde ${formatDay(therapy.startedOn)}${therapy.endedOn ? ` até ${formatDay(therapy.endedOn)}` : ''}`;
      const sessions = `${count(therapy.attended, 'sessão', 'sessões')} com presença, ${count(therapy.missed, 'falta', 'faltas')}`;
      bullet(doc, `${THERAPY_LABELS[therapy.kind]}${who ? ` — ${who}` : ''} (${since}): ${sessions}`);
    }
  }
}

/** What an entry says, in one cell. */
export function entryText(entry: DiaryEntryView): string {
  if (entry.type === 'behavior') {
    const parts = [closed(entry.behavior), `Contexto: ${closed(entry.context)}`, `Intensidade: ${entry.intensity}.`];
    if (entry.durationMinutes) parts.push(`Duração: ${entry.durationMinutes} min.`);
    if (entry.consequence) parts.push(`Depois: ${closed(entry.consequence)}`);
    if (entry.helped.length) parts.push(`Ajudou: ${closed(entry.helped.join(', '))}`);
    return parts.join(' ');
  }
  if (entry.type === 'food') {
    const head = `${entry.meal}: ${closed(entry.foods)} Humor: ${entry.mood}.`;
    // "outra" with her words: her words say what it was
    if (entry.afterMeal === 'outra' && entry.reaction) return `${head} Depois: ${closed(entry.reaction)}`;
    const after = afterMealLabel(entry.afterMeal);
    const words = entry.reaction ? ` ${after ? 'Nas palavras dela' : 'Reação'}: ${closed(entry.reaction)}` : '';
    return `${head}${after ? ` Depois: ${after.toLowerCase()}.` : ''}${words}`;
  }
  if (entry.type === 'school') {
    const where = [entry.period, entry.activity].filter(Boolean).join(', ');
    const parts = [
      `Escola (${entry.label})${where ? `, ${where}` : ''}: ${closed(entry.behavior)} Antes: ${closed(entry.antecedent)}`,
    ];
    if (entry.consequence) parts.push(`O adulto: ${closed(entry.consequence)}`);
    if (entry.helped) parts.push(`Ajudou: ${closed(entry.helped)}`);
    if (entry.attention) parts.push(`Atenção: ${entry.attention} de 5 (${ATTENTION_WORDS[entry.attention]}).`);
    return parts.join(' ');
  }
  const asleep = entry.asleepAt ? `, dormiu ${entry.asleepAt}` : '';
  const notes = entry.notes ? ` ${entry.notes}` : '';
  const wakings = entry.nightWakings
    ? `acordou ${times(entry.nightWakings)} durante a noite`
    : 'não acordou durante a noite';
  return `Deitou ${entry.bedtime}${asleep}, acordou ${entry.wokeAt}: ${formatMinutes(entry.sleepMinutes)} de sono; ${wakings}.${notes}`;
}

const COLUMNS = [
  { title: 'Data', width: 62 },
  { title: 'Hora', width: 36 },
  { title: 'Diário', width: 80 },
] as const;

function tableHeader(doc: Doc) {
  const y = doc.y;
  let x = MARGIN;
  doc.font('Sans-Bold').fontSize(9).fillColor(INK);
  for (const column of COLUMNS) {
    doc.text(column.title, x, y, { width: column.width, lineBreak: false });
    x += column.width;
  }
  doc.text('Registro', x, y, { lineBreak: false });
  doc.y = y + 13;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.8)
    .stroke(MUTED);
  doc.y += 3;
}

/** Under the appendix's heading: her words as written, nothing read into them. */
export const ENTRIES_NOTICE =
  'As anotações como foram feitas, em ordem de data; não são interpretadas nem são um diagnóstico.';

async function entriesTable(doc: Doc, entries: DiaryEntryView[]) {
  doc.addPage();
  heading(doc, `Anexo: registros do período (${entries.length})`);
  notice(doc, ENTRIES_NOTICE);
  doc.moveDown(0.3);
  if (!entries.length) return paragraph(doc, WORDS.none, MUTED);
  const textX = MARGIN + COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const textWidth = MARGIN + contentWidth(doc) - textX;
  tableHeader(doc);
  for (const entry of entries) {
    const text = pdfSafe(entryText(entry));
    doc.font('Sans').fontSize(9);
    const height = doc.heightOfString(text, { width: textWidth }) + 6;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      tableHeader(doc);
      doc.font('Sans').fontSize(9);
    }
    const y = doc.y;
    const time = entry.type === 'sleep' ? entry.bedtime : entry.time.slice(0, 5);
    doc.fillColor(INK).text(formatDay(entry.date), MARGIN, y, { width: COLUMNS[0].width, lineBreak: false });
    doc.text(time, MARGIN + COLUMNS[0].width, y, { width: COLUMNS[1].width, lineBreak: false });
    doc.text(WORDS.diaries[entry.type], MARGIN + COLUMNS[0].width + COLUMNS[1].width, y, { lineBreak: false });
    doc.text(text, textX, y, { width: textWidth });
    doc.y = y + height;
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + contentWidth(doc), doc.y - 3)
      .lineWidth(0.4)
      .stroke(RULE);
  }
}

/** "página n de N" on every page, written once the number of pages is known. */
function footers(doc: Doc, { child, period }: ClinicalSummary) {
  const { start, count } = doc.bufferedPageRange();
  const who = `${SITE_NAME} · ${pdfSafe(child.firstName)} · ${formatDay(period.from)} a ${formatDay(period.to)}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 32;
    doc.font('Sans').fontSize(8).fillColor(MUTED);
    doc.text(who, MARGIN, y, { width: contentWidth(doc), align: 'left', lineBreak: false });
    doc.text(`página ${i - start + 1} de ${count}`, MARGIN, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
