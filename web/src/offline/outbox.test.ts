import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { closeOfflineDb } from '../device/db';
import {
  applyAgain,
  backoff,
  BACKOFF_MS,
  discard,
  enqueue,
  forgetAccount,
  outboxItems,
  retryNow,
  sendWaiting,
  SessionEnded,
  type NewOutboxItem,
  type OutboxItem,
  type Sender,
} from './outbox';

const ACCOUNT = 'account-a';

const write = (target: string, title = target): NewOutboxItem => ({
  title,
  written: [{ label: 'Nota', value: title }],
  target,
  kind: 'request',
  request: { method: 'PUT', path: `/api/${target}`, json: { note: title } },
});

/** An API error as the client throws it. */
const failure = (status: number, body?: unknown) =>
  Object.assign(new Error(`status ${status}`), { status, body });

/** A sender that records what it was asked to send, with the key of each try. */
function recorder(answer: (item: OutboxItem, tries: number) => void = () => undefined) {
  const sent: { title: string; key: string }[] = [];
  const send: Sender = async (item) => {
    sent.push({ title: item.title, key: item.key });
    answer(item, sent.length);
  };
  return { sent, send };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outbox', () => {
  it('sends in the order written and empties itself', async () => {
    for (const target of ['pendency:1', 'pendency:2', 'form:3'])
      await enqueue(ACCOUNT, write(target));
    const { sent, send } = recorder();
    const delivered: string[] = [];

    expect(await sendWaiting(ACCOUNT, send, (item) => delivered.push(item.title))).toBeNull();

    expect(sent.map((each) => each.title)).toEqual(['pendency:1', 'pendency:2', 'form:3']);
    expect(delivered).toEqual(['pendency:1', 'pendency:2', 'form:3']);
    expect(await outboxItems(ACCOUNT)).toEqual([]);
  });

  it('keeps each account to itself', async () => {
    await enqueue(ACCOUNT, write('pendency:1'));
    await enqueue('account-b', write('pendency:2'));
    const { sent, send } = recorder();

    await sendWaiting('account-b', send);

    expect(sent.map((each) => each.title)).toEqual(['pendency:2']);
    expect((await outboxItems(ACCOUNT)).map((item) => item.title)).toEqual(['pendency:1']);
    await forgetAccount(ACCOUNT);
    expect(await outboxItems(ACCOUNT)).toEqual([]);
  });

  it('waits with growing backoff while there is no connection, and nothing overtakes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T14:00:00Z'));
    await enqueue(ACCOUNT, write('pendency:1'));
    await enqueue(ACCOUNT, write('pendency:2'));
    const { sent, send } = recorder((_item, tries) => {
      if (tries <= 3) throw failure(0);
    });

    const first = await sendWaiting(ACCOUNT, send);
    expect(first).toBe(Date.now() + BACKOFF_MS[0]!);
    // Not due yet: nothing is sent, not even the second item.
    expect(await sendWaiting(ACCOUNT, send)).toBe(first);
    expect(sent).toHaveLength(1);

    vi.setSystemTime(first!);
    const second = await sendWaiting(ACCOUNT, send);
    expect(second).toBe(Date.now() + BACKOFF_MS[1]!);
    const [waiting] = await outboxItems(ACCOUNT);
    expect(waiting).toMatchObject({ title: 'pendency:1', state: 'waiting', attempts: 2 });

    // The link is back: everything may go at once, without waiting out the backoff.
    await retryNow(ACCOUNT);
    vi.setSystemTime(Date.now() + 1);
    expect(await sendWaiting(ACCOUNT, send)).toBe(Date.now() + BACKOFF_MS[2]!);
    await retryNow(ACCOUNT);
    expect(await sendWaiting(ACCOUNT, send)).toBeNull();
    expect(sent.map((each) => each.title)).toEqual([
      'pendency:1',
      'pendency:1',
      'pendency:1',
      'pendency:1',
      'pendency:2',
    ]);
  });

  it('grows the wait up to five minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoff)).toEqual([
      2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('tries again under the same Idempotency-Key until it lands', async () => {
    const item = await enqueue(ACCOUNT, write('pendency:1'));
    const { sent, send } = recorder((_item, tries) => {
      // The first try's answer was lost, the second found the server busy.
      if (tries === 1) throw failure(0);
      if (tries === 2) throw failure(503);
    });

    await sendWaiting(ACCOUNT, send);
    await retryNow(ACCOUNT);
    await sendWaiting(ACCOUNT, send);
    await retryNow(ACCOUNT);
    await sendWaiting(ACCOUNT, send);

    expect(sent.map((each) => each.key)).toEqual([item.key, item.key, item.key]);
    expect(await outboxItems(ACCOUNT)).toEqual([]);
  });

  it('keeps the key a first try online used', async () => {
    const item = await enqueue(ACCOUNT, { ...write('pendency:1'), key: 'key-of-the-first-try' });
    expect(item.key).toBe('key-of-the-first-try');
  });

  it('tries again a 409 that is only the same key still running', async () => {
    await enqueue(ACCOUNT, write('pendency:1'));
    const { send } = recorder((_item, tries) => {
      if (tries === 1)
        throw failure(409, { detail: 'Uma requisição com esta chave ainda está em andamento.' });
    });

    expect(await sendWaiting(ACCOUNT, send)).not.toBeNull();
    expect((await outboxItems(ACCOUNT))[0]).toMatchObject({ state: 'waiting', attempts: 1 });
  });

  it('sets aside a write the server did but whose answer it lost', async () => {
    await enqueue(ACCOUNT, write('pendency:1'));
    await sendWaiting(ACCOUNT, async () => {
      throw Object.assign(failure(409, { detail: messages.offline.answerLost }), {
        message: messages.offline.answerLost,
      });
    });
    expect((await outboxItems(ACCOUNT))[0]).toMatchObject({
      state: 'failed',
      problem: messages.offline.answerLost,
    });
  });

  it('sets a conflict aside with the current state; later writes to it wait, others go on', async () => {
    await enqueue(ACCOUNT, write('pendency:1', 'resolver'));
    await enqueue(ACCOUNT, write('pendency:1', 'reabrir'));
    await enqueue(ACCOUNT, write('pendency:2', 'outra'));
    const current = { id: '1', status: 'open', description: 'Licença vencida' };
    const { sent, send } = recorder((item) => {
      if (item.title === 'resolver')
        throw Object.assign(failure(409, { detail: 'A pendência foi reaberta.', current }), {
          message: 'A pendência foi reaberta.',
        });
    });

    expect(await sendWaiting(ACCOUNT, send)).toBeNull();

    expect(sent.map((each) => each.title)).toEqual(['resolver', 'outra']);
    const items = await outboxItems(ACCOUNT);
    expect(items.map((item) => [item.title, item.state])).toEqual([
      ['resolver', 'conflict'],
      ['reabrir', 'waiting'],
    ]);
    expect(items[0]!.conflict).toEqual({ detail: 'A pendência foi reaberta.', current });
    // Nothing leaves without the user's choice: sending again changes nothing.
    await sendWaiting(ACCOUNT, send);
    expect(await outboxItems(ACCOUNT)).toHaveLength(2);
  });

  it('applies a conflict again under a new key, or discards it, as the user chooses', async () => {
    const first = await enqueue(ACCOUNT, write('pendency:1', 'resolver'));
    await enqueue(ACCOUNT, write('pendency:1', 'reabrir'));
    const { sent, send } = recorder((item, tries) => {
      if (tries === 1) throw failure(409, { detail: 'Reaberta', current: { status: 'open' } });
      expect(item).not.toHaveProperty('conflict');
    });
    await sendWaiting(ACCOUNT, send);

    await applyAgain(first.id);
    await sendWaiting(ACCOUNT, send);

    expect(sent.map((each) => each.title)).toEqual(['resolver', 'resolver', 'reabrir']);
    expect(sent[1]!.key).not.toBe(first.key);
    expect(await outboxItems(ACCOUNT)).toEqual([]);

    const refused = await enqueue(ACCOUNT, write('pendency:3'));
    await sendWaiting(ACCOUNT, async () => {
      throw failure(403, { detail: 'Sem permissão' });
    });
    expect((await outboxItems(ACCOUNT))[0]).toMatchObject({ state: 'failed' });
    await discard(refused.id);
    expect(await outboxItems(ACCOUNT)).toEqual([]);
  });

  it("applies a pendência's step again over the status the conflict showed", async () => {
    const item = await enqueue(ACCOUNT, {
      ...write('pendency:1', 'resolver'),
      request: {
        method: 'PUT',
        path: '/api/pendency/1/resolve',
        json: { note: '', expectedStatus: 'answered' },
      },
    });
    await sendWaiting(ACCOUNT, async () => {
      throw failure(409, { detail: 'Reaberta', kind: 'pendency', current: { status: 'open' } });
    });

    await applyAgain(item.id);

    const [again] = await outboxItems(ACCOUNT);
    expect(again!.request!.json).toEqual({ note: '', expectedStatus: 'open' });
  });

  it("applies a form's save again over the versions the conflict showed", async () => {
    const item = await enqueue(ACCOUNT, {
      ...write('form:1'),
      kind: 'form-save',
      request: {
        method: 'PUT',
        path: '/api/process-instance/i/form/f/save',
        json: {
          fields: [
            { id: 'a', content: 'meu', version: 1 },
            { id: 'b', content: 'outro', version: 4 },
          ],
        },
      },
    });
    await sendWaiting(ACCOUNT, async () => {
      throw failure(409, {
        detail: 'Salvo em outro aparelho',
        conflicts: [{ id: 'a', version: 2, content: 'deles' }],
      });
    });

    await applyAgain(item.id);

    const [again] = await outboxItems(ACCOUNT);
    expect(again!.request!.json).toEqual({
      fields: [
        { id: 'a', content: 'meu', version: 2 },
        { id: 'b', content: 'outro', version: 4 },
      ],
    });
  });

  it('waits for the account to sign in again after a 401', async () => {
    await enqueue(ACCOUNT, write('pendency:1'));
    expect(
      await sendWaiting(ACCOUNT, async () => {
        throw new SessionEnded('Entre de novo');
      }),
    ).toBeNull();
    expect((await outboxItems(ACCOUNT))[0]).toMatchObject({
      state: 'waiting',
      problem: 'Entre de novo',
    });
  });

  it('survives a reload, its progress included, and goes on from there', async () => {
    const photo = new TextEncoder().encode('bytes of the photo').buffer;
    const item = await enqueue(ACCOUNT, {
      ...write('instance:1', 'vistoria'),
      request: {
        method: 'POST',
        path: '/api/process-instance/1/inspections',
        form: { summary: 'ok' },
      },
      files: [{ name: 'foto.jpg', type: 'image/jpeg', lastModified: 1, bytes: photo }],
      filesTarget: '/api/process-instance/1/inspections/{answerId}/photos',
    });
    // The vistoria was recorded, then the page went away while its photo was on its way.
    await sendWaiting(ACCOUNT, async (sending, save) => {
      await save({ ...sending, answerId: 'inspection-1' });
      await save({
        ...sending,
        answerId: 'inspection-1',
        files: [{ ...sending.files[0]!, uploadUrl: '/api/uploads/u1' }],
      });
      throw failure(0);
    });

    await closeOfflineDb();

    const [stored] = await outboxItems(ACCOUNT);
    expect(stored).toMatchObject({
      id: item.id,
      key: item.key,
      answerId: 'inspection-1',
      state: 'waiting',
    });
    expect(stored!.files[0]).toMatchObject({
      key: item.files[0]!.key,
      uploadUrl: '/api/uploads/u1',
      sent: false,
    });
    expect(new TextDecoder().decode(stored!.files[0]!.bytes)).toBe('bytes of the photo');
    const resumed: OutboxItem[] = [];
    await retryNow(ACCOUNT);
    await sendWaiting(ACCOUNT, async (sending) => {
      resumed.push(sending);
    });
    expect(resumed[0]).toMatchObject({ answerId: 'inspection-1' });
    expect(await outboxItems(ACCOUNT)).toEqual([]);
  });
});
