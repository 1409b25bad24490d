/** Lists and answers as files: CSV (Excel in Brazil), XLSX and the filled form as PDF (DESIGN §4b). */
import type { z } from 'zod';
import { safeText } from './common';
import { InstanceFilterSchema } from './instances';
import { PropertyFilterSchema } from './properties';
import { UserFilterSchema } from './users';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The lists that export, as they name their routes: GET /api/export/{list}.{format}. */
export const EXPORT_LISTS = ['properties', 'process-instances', 'users'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The search of the list's own screen; blank exports the whole list. */
const search = safeText().max(200).default('');

/**
 * GET /api/export/properties.{csv|xlsx}: the filters, sort and query of /api/property/search,
 * every page in the table's order.
 */
export const PropertyExportQuerySchema = PropertyFilterSchema.extend({ query: search });
export type PropertyExportQuery = z.infer<typeof PropertyExportQuerySchema>;

/**
 * GET /api/export/process-instances.{csv|xlsx}: the filters, sort and query of
 * /api/process-instance/search, every page in the table's order.
 */
export const InstanceExportQuerySchema = InstanceFilterSchema.extend({ query: search });
export type InstanceExportQuery = z.infer<typeof InstanceExportQuerySchema>;

/**
 * GET /api/export/users.{csv|xlsx}: the filters, sort and query of /api/user/search, every page
 * in the table's order.
 */
export const UserExportQuerySchema = UserFilterSchema.extend({ query: search });
export type UserExportQuery = z.infer<typeof UserExportQuerySchema>;
