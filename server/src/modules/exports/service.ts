import type { Readable } from 'node:stream';
import {
  EXPORT_MIME,
  messages,
  type ExportFormat,
  type InstanceExportQuery,
  type PropertyExportQuery,
  type UserExportQuery,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { processInstances, properties, stamps } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday, brazilianDay } from '../certificates/status';
import { getFormInstance } from '../forms/service';
import { answerSheets } from './answers';
import { instancesSheet, propertiesSheet, usersSheet } from './lists';
import type { Sheet } from './table';
import { csvStream, xlsxStream } from './writers';

export interface ExportFile {
  body: Readable;
  mime: string;
  filename: string;
}

/** 'propriedades-25-11-2026.csv': what it is and the São Paulo day it was taken. */
const datedName = (name: string, extension: string) =>
  `${name}-${brazilianDay(saoPauloToday()).replace(/\//g, '-')}.${extension}`;

function fileOf(sheet: Sheet, format: ExportFormat, name: string, log: FastifyBaseLogger) {
  return {
    body: format === 'csv' ? csvStream(sheet) : xlsxStream([sheet], log),
    mime: EXPORT_MIME[format],
    filename: datedName(name, format),
  };
}

/** GET /api/export/properties.{csv|xlsx}: the caller's own properties, or every one for staff. */
export const exportProperties = (
  deps: AppDeps,
  caller: Caller,
  query: PropertyExportQuery,
  format: ExportFormat,
  log: FastifyBaseLogger,
): ExportFile => fileOf(propertiesSheet(deps.db, caller, query), format, 'propriedades', log);

/** GET /api/export/process-instances.{csv|xlsx} (technicians, admins). */
export const exportInstances = (
  deps: AppDeps,
  query: InstanceExportQuery,
  format: ExportFormat,
  log: FastifyBaseLogger,
): ExportFile =>
  fileOf(
    instancesSheet(deps.db, query),
    format,
    query.status === 'pending'
      ? 'processos-pendentes'
      : query.status === 'in_progress'
        ? 'processos-em-andamento'
        : 'processos',
    log,
  );

/** GET /api/export/users.{csv|xlsx} (admins). */
export const exportUsers = (
  deps: AppDeps,
  query: UserExportQuery,
  format: ExportFormat,
  log: FastifyBaseLogger,
): ExportFile => fileOf(usersSheet(deps.db, query), format, 'usuarios', log);

/** GET /api/export/process/{processId}/answers.xlsx (technicians, admins); 404 before any byte. */
export async function exportAnswers(
  deps: AppDeps,
  processId: string,
  log: FastifyBaseLogger,
): Promise<ExportFile> {
  const { sheets, filename } = await answerSheets(deps.db, processId);
  return { body: xlsxStream(sheets, log), mime: EXPORT_MIME.xlsx, filename };
}

/** GET /api/process-instance/{id}/form/{formId}/pdf: whoever reads the form gets it as a PDF. */
export async function formPdf(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
): Promise<ExportFile> {
  const form = await getFormInstance(deps, caller, instanceId, formId);
  const [context] = await deps.db
    .select({ seal: stamps.name, businessName: properties.businessName, cnpj: properties.cnpj })
    .from(processInstances)
    .innerJoin(properties, eq(properties.id, processInstances.propertyId))
    .innerJoin(stamps, eq(stamps.processId, processInstances.processId))
    .where(eq(processInstances.id, instanceId));
  if (!context) throw notFound(messages.forms.notFound);
  // pdfkit loads on the first PDF (docs/decisions/013).
  const { renderFormPdf } = await import('./form-pdf');
  return {
    body: renderFormPdf(form, context),
    mime: 'application/pdf',
    filename: `${form.form.name} - ${context.businessName}.pdf`,
  };
}
