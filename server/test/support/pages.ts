import { expect } from 'vitest';

/**
 * Every page of a list's view, `size` rows at a time (`url` holds the view's query string), with
 * the totals the pages announced: a view whose pages agree has one.
 */
export async function walkPages<T extends { id: string }>(
  get: (url: string) => Promise<{
    statusCode: number;
    body: string;
    headers: Record<string, unknown>;
    json(): unknown;
  }>,
  url: string,
  size: number,
  parse: (body: unknown) => T[],
) {
  const rows: T[] = [];
  const totals = new Set<string>();
  for (let offset = 0; ; offset += size) {
    const response = await get(`${url}&limit=${size}&offset=${offset}`);
    expect(response.statusCode, response.body).toBe(200);
    totals.add(String(response.headers['x-total-count']));
    const items = parse(response.json());
    rows.push(...items);
    if (items.length < size) break;
  }
  return { ids: rows.map((row) => row.id), rows, totals: [...totals] };
}
