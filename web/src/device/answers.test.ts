import { describe, expect, it, vi } from 'vitest';
import { api, isApiError, NETWORK_ERROR_STATUS } from '../api';
import { json } from '../../test/fetch-mock';
import { STORED_TOKEN, storeToken } from '../../test/users';
import { keptGroups } from './answers';
import { accountOf } from './account';
import { keepOffline, stopKeeping } from '../offline/kept';
import { storedAt } from './stored';

const INSTANCE = '/process-instance/i-1';
const instance = { id: 'i-1', business_name: 'Granja Sem Sinal' };

/** fetch answering `answer` while the link is up, failing as a browser offline does after. */
function link(answer: () => Response) {
  const state = { up: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (!state.up) throw new TypeError('Failed to fetch');
      return answer();
    }),
  );
  return state;
}

/** Until what the client keeps on the device after an answer has been written. */
const stored = () =>
  vi.waitFor(async () => {
    const account = accountOf(STORED_TOKEN)!;
    const { storedAnswer } = await import('./answers');
    expect(await storedAnswer(account, `/api${INSTANCE}`)).not.toBeNull();
  });

describe("the account's reads, network first", () => {
  it('answers from the device when the network does not, marked with when it was stored', async () => {
    storeToken();
    const network = link(() => json(instance));
    const online = await api.get(INSTANCE);
    expect(storedAt(online)).toBeUndefined();
    await stored();

    network.up = false;
    const offline = await api.get<{ businessName: string }>(INSTANCE);

    expect(offline).toEqual({ id: 'i-1', businessName: 'Granja Sem Sinal' });
    expect(storedAt(offline)).toBeLessThanOrEqual(Date.now());
  });

  it("never answers one account's read with another's", async () => {
    storeToken();
    const network = link(() => json(instance));
    await api.get(INSTANCE);
    await stored();

    const other = `${STORED_TOKEN.split('.')[0]}.${btoa(JSON.stringify({ sub: 'other' }))}.sig`;
    storeToken(other);
    network.up = false;
    const refused = await api.get(INSTANCE).catch((error: unknown) => error);

    expect(isApiError(refused) && refused.status).toBe(NETWORK_ERROR_STATUS);
  });

  it('keeps a group with the space it takes until the user removes it', async () => {
    storeToken();
    link(() => json(instance));
    const account = accountOf(STORED_TOKEN)!;

    await keepOffline({ group: 'instance:i-1', href: '/producer-details/i-1' }, async (keep) => {
      await api.get(INSTANCE, { keep });
      return 'Selo — Granja Sem Sinal';
    });

    const [kept] = await keptGroups(account);
    expect(kept).toMatchObject({ group: 'instance:i-1', label: 'Selo — Granja Sem Sinal' });
    expect(kept!.size).toBe(JSON.stringify(instance).length);
    await stopKeeping('instance:i-1');
    expect(await keptGroups(account)).toEqual([]);
  });
});
