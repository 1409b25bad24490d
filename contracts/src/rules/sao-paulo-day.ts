// Building a formatter loads the time zone's rules, which costs more than a whole cached answer
// of the API: it is built once, on first use, and shared.
let saoPauloDays: Intl.DateTimeFormat | undefined;

export function toSaoPauloDay(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  saoPauloDays ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
  return saoPauloDays.format(date);
}
