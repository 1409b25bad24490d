/**
 * The account a token is for (its `sub` claim), which keys everything this device stores: one
 * account's answers and writes are never read with another's token. The signature is the
 * server's to check; a token that does not parse has no account.
 */
export function accountOf(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { sub } = JSON.parse(atob(payload)) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}
