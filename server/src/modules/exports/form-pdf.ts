import type { Readable } from 'node:stream';
import {
  evaluateForm,
  formatCnpj,
  formatNumber,
  messages,
  parseNumber,
  withUnit,
  type CellInstance,
  type FormInstance,
  type LogicForm,
} from '@agroselo/contracts';
import { toCamelCaseKeys } from 'es-toolkit';
import PDFDocument from 'pdfkit';
import { brazilianDay } from '../certificates/status';
import { brazilianDateTime } from './table';

const GREEN = '#1f5f32';
const INK = '#1f2d1f';
const MUTED = '#5f6f5f';
const MARGIN = 50;
const NOT_APPLICABLE = messages.logic.notApplicable;

/** Where the form belongs, for its heading. */
export interface FormContext {
  seal: string;
  businessName: string;
  cnpj: string;
}

/** An answer as the form page shows it. */
function answerText(cell: CellInstance): string {
  const content = cell.content;
  if (content === null || content === '') return '—';
  switch (cell.field.type) {
    case 'bool':
      return content === 'true' ? 'Sim' : 'Não';
    case 'date':
      return brazilianDay(content);
    case 'datetime': {
      const at = new Date(content);
      return Number.isNaN(at.getTime()) ? content : brazilianDateTime(at);
    }
    case 'number': {
      const value = parseNumber(content);
      if (value === null) return content;
      const shown = formatNumber(value, cell.field.decimals ?? undefined);
      return cell.field.unit ? `${shown} ${cell.field.unit}` : shown;
    }
    default:
      return content;
  }
}

const proofText = (cell: CellInstance) =>
  cell.proof
    ? `Comprovante: ${cell.proof.filename} (${Math.max(1, Math.round(cell.proof.size / 1024))} KB)` +
      (cell.proof.sha256 ? ` · SHA-256 ${cell.proof.sha256}` : '')
    : cell.field.proof
      ? 'Comprovante: não enviado'
      : null;

/** A Lista's cells, row by row, in the order they were added. */
function tableRows(cells: readonly CellInstance[]): CellInstance[][] {
  const rows = new Map<string, CellInstance[]>();
  for (const cell of cells)
    rows.set(cell.row_id ?? '', [...(rows.get(cell.row_id ?? '') ?? []), cell]);
  return [...rows.values()];
}

/**
 * The filled form as an A4 PDF: its fields and answers, each Lista's rows, the proofs by name and
 * hash, and the record of who finished and signed it. pdfkit writes it as a stream.
 */
export function renderFormPdf(
  form: FormInstance,
  context: FormContext,
  now = new Date(),
): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: form.form.name, Author: 'AgroSelo', Subject: context.seal },
  });
  const width = doc.page.width - 2 * MARGIN;
  const label = (text: string) =>
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(text, { width });
  const value = (text: string, indent = 0) =>
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(INK)
      .text(text, MARGIN + indent, undefined, { width: width - indent });
  const note = (text: string, indent = 0) =>
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(text, MARGIN + indent, undefined, { width: width - indent });

  doc.font('Helvetica-Bold').fontSize(18).fillColor(GREEN).text(form.form.name, { width });
  doc.moveDown(0.3);
  value(`${context.seal} · ${context.businessName} (CNPJ ${formatCnpj(context.cnpj)})`);
  note(`Pedido ${form.process_instance_id} · gerado em ${brazilianDateTime(now)}`);
  doc.moveDown(0.5);
  value(
    form.commited && form.commited_at
      ? `Finalizado em ${brazilianDateTime(new Date(form.commited_at))}` +
          (form.commited_by ? ` por ${form.commited_by.name}` : '')
      : 'Em preenchimento',
  );
  doc.moveDown(0.8);

  // What does not apply to this request (issue 45) is printed as such, not as unanswered.
  const { hidden, totals } = evaluateForm(toCamelCaseKeys(form) as LogicForm);
  const shown = (cell: CellInstance) => (hidden.has(cell.id) ? NOT_APPLICABLE : answerText(cell));
  for (const field of form.field_instances) {
    doc.x = MARGIN;
    label(field.field.name);
    if (hidden.has(field.id)) {
      value(NOT_APPLICABLE, 12);
      doc.moveDown(0.6);
      continue;
    }
    if (field.field.type === 'form') {
      const rows = tableRows(field.child_field_instances);
      if (rows.length === 0) value('Nenhuma linha', 12);
      rows.forEach((cells, index) => {
        value(`Linha ${index + 1}`, 12);
        for (const cell of cells) {
          value(`${cell.field.name}: ${shown(cell)}`, 24);
          const proof = hidden.has(cell.id) ? null : proofText(cell);
          if (proof) note(proof, 24);
        }
      });
      const total = totals.get(field.id);
      const column = field.field.child_fields.find(
        (item) => item.id === field.logic.total?.field_id,
      );
      if (total !== undefined && column)
        value(
          `Total de ${column.name}: ${withUnit(total, column.unit, column.decimals ?? undefined)}`,
          12,
        );
    } else {
      value(answerText(field), 12);
    }
    const proof = proofText(field);
    if (proof) note(proof, 12);
    doc.moveDown(0.6);
  }

  doc.x = MARGIN;
  doc.moveDown(0.4);
  label('Assinatura');
  if (form.signature) {
    value(
      `Assinado${form.signature.signed_by ? ` por ${form.signature.signed_by.name}` : ''} em ` +
        brazilianDateTime(new Date(form.signature.signed_at)),
      12,
    );
    note(`SHA-256 do conteúdo assinado: ${form.signature.hash}`, 12);
  } else {
    value(form.form.sign ? 'Ainda não assinado' : 'Este formulário não pede assinatura', 12);
  }
  doc.end();
  return doc;
}
