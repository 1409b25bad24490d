import {
  IRGA_REGIONS,
  municipalityKeysOf,
  normalizeCertificateNumber,
  type RegistryFilter,
} from '@agroselo/contracts';
import { and, eq, gte, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { certificates as c, processes, processInstances as i, properties } from '../../db/schema';
import { searchPattern } from '../../lib/search';
import { saoPauloToday } from '../certificates/status';

/**
 * A text as `municipalityKey` and `normalizeSearch` write it (lower case, no accents, single
 * spaces), in SQL: the registry searches the name and the municipality only, not the property's
 * `search_text`, which holds its CNPJ. Capital accented letters are translated too: a database of
 * locale C lowers ASCII only, and 'Árvore' would stay 'Árvore'.
 */
const normalized = (column: AnyPgColumn): SQL<string> =>
  sql`regexp_replace(translate(lower(${column}), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'), '\\s+', ' ', 'g')`;

/** A certificate number typed whole or in part, compared without its dashes. */
function numberMatches(query: string): SQL | undefined {
  const whole = normalizeCertificateNumber(query);
  if (whole) return eq(c.number, whole);
  const compact = query.toUpperCase().replace(/[\s\-.]/g, '');
  if (!/^[0-9A-Z]+$/.test(compact)) return undefined;
  return sql`replace(${c.number}, '-', '') like ${`%${compact}%`}`;
}

/**
 * What the registry lists: certificates in good standing, not expired in São Paulo, whose
 * producer consented to publication; then the caller's filters.
 */
export function registryWhere(filter: RegistryFilter, today = saoPauloToday()): SQL {
  const query = filter.query?.trim();
  const municipality = filter.municipality?.trim();
  const keyOfMunicipality = normalized(properties.municipality);
  const region = filter.region;
  return and(
    eq(c.standing, 'valid'),
    gte(c.validUntil, today),
    eq(i.publishConsent, true),
    filter.process_id ? eq(i.processId, filter.process_id) : undefined,
    filter.safra ? eq(processes.safra, filter.safra) : undefined,
    filter.level === 'sem_nivel'
      ? isNull(c.level)
      : filter.level
        ? eq(c.level, filter.level)
        : undefined,
    region === 'outras'
      ? notInArray(keyOfMunicipality, IRGA_REGIONS.flatMap(municipalityKeysOf))
      : region
        ? inArray(keyOfMunicipality, municipalityKeysOf(region))
        : undefined,
    municipality ? sql`${keyOfMunicipality} like ${searchPattern(municipality)}` : undefined,
    query
      ? or(
          sql`${normalized(properties.businessName)} like ${searchPattern(query)}`,
          sql`${keyOfMunicipality} like ${searchPattern(query)}`,
          numberMatches(query),
        )
      : undefined,
  )!;
}
