import {
  FormInstanceSchema,
  InstanceDetailSchema,
  messages,
  PENDING_MESSAGES,
  PendencySchema,
  PendingItemSchema,
  type Pendency,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createField,
  createForm,
  createPendency,
  createSeal,
  startedInstance,
  type UserRow,
} from '../../src/db/seed/factories';
import { events, formInstances } from '../../src/db/schema';
import { brazilian, day } from '../support/days';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

const m = messages.review;

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

/** A started instance of the farm with one form (a text field and a proof field), finished. */
async function reviewedInstance(assigned: UserRow = w.technician) {
  const text = await createField(t.db, { type: 'text', name: 'Outorga' });
  const proof = await createField(t.db, { type: 'bool', name: 'Licença', proof: true });
  const { process } = await createSeal(t.db);
  const form = await createForm(t.db, process.id, {
    name: 'Gestão da água',
    fieldIds: [text.id, proof.id],
  });
  const started = await startedInstance(t.db, { process, property: w.farm, technician: assigned });
  const filled = started.forms.find((item) => item.formId === form.id)!;
  await t.db
    .update(formInstances)
    .set({ commited: true, commitedAt: new Date() })
    .where(eq(formInstances.id, filled.id));
  return {
    instance: started.instance,
    formInstanceId: filled.id,
    textId: filled.fieldInstanceOf(text.id),
    proofId: filled.fieldInstanceOf(proof.id),
  };
}

const send = async (
  caller: UserRow | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: caller ? await t.auth(caller) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailOf = async (caller: UserRow, id: string) =>
  InstanceDetailSchema.parse((await send(caller, 'GET', `/api/process-instance/${id}`)).json());

describe('POST /api/process-instance/{id}/pendencies', () => {
  const body = (place: { formInstanceId: string; textId?: string }) => ({
    form_instance_id: place.formInstanceId,
    field_instance_id: place.textId,
    description: 'A outorga venceu: envie a renovada',
    due_date: day(10),
  });

  it('answers 401, 403 to producers and to a technician who is not assigned', async () => {
    const target = await reviewedInstance();
    const url = `/api/process-instance/${target.instance.id}/pendencies`;
    expect((await send(null, 'POST', url, body(target))).statusCode).toBe(401);
    expect((await send(w.owner, 'POST', url, body(target))).statusCode).toBe(403);
    const other = await send(w.otherTechnician, 'POST', url, body(target));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: m.reviewerOnly });
  });

  it('refuses the property’s responsible technician (conflict of interest)', async () => {
    const target = await reviewedInstance(w.conflicted);
    const response = await send(
      w.conflicted,
      'POST',
      `/api/process-instance/${target.instance.id}/pendencies`,
      body(target),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: m.conflictOfInterest });
    const detail = await detailOf(w.conflicted, target.instance.id);
    expect(detail.review.conflict_of_interest).toBe(true);
    expect(detail.actions).toMatchObject({ review: false, inspect: false, conclude: false });
  });

  it('refuses a due date in the past, a field of another form and a blank description', async () => {
    const target = await reviewedInstance();
    const other = await reviewedInstance();
    const url = `/api/process-instance/${target.instance.id}/pendencies`;
    const past = await send(w.technician, 'POST', url, { ...body(target), due_date: day(-1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail[0]).toMatchObject({
      loc: ['body', 'due_date'],
      msg: m.dueDateInPast,
    });
    const foreign = await send(w.technician, 'POST', url, {
      ...body(target),
      field_instance_id: other.textId,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail[0].msg).toBe(m.fieldNotInForm);
    const otherForm = await send(w.technician, 'POST', url, body(other));
    expect(otherForm.json().detail[0].msg).toBe(m.formNotInInstance);
    const blank = await send(w.technician, 'POST', url, { ...body(target), description: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0].msg).toBe(m.descriptionRequired);
  });

  it('opens one on a field: 201, timeline, e-mail to the producer, counts and the form field', async () => {
    const target = await reviewedInstance();
    const response = await send(
      w.technician,
      'POST',
      `/api/process-instance/${target.instance.id}/pendencies`,
      body(target),
    );
    expect(response.statusCode).toBe(201);
    const pendency = PendencySchema.strict().parse(response.json());
    expect(pendency).toMatchObject({
      process_instance_id: target.instance.id,
      form_instance_id: target.formInstanceId,
      form_name: 'Gestão da água',
      field_instance_id: target.textId,
      field_name: 'Outorga',
      status: 'open',
      late: false,
      answer: null,
      created_by: { id: w.technician.id, name: 'Ana Becker' },
    });
    expect(pendency.events.map((event) => event.type)).toEqual(['opened']);

    const detail = await detailOf(w.owner, target.instance.id);
    expect(detail.review.pendencies).toEqual({ open: 1, answered: 0, resolved: 0 });
    expect(detail.events.at(-1)).toMatchObject({
      type: 'pendency_opened',
      message: `Pendência aberta por Ana Becker em "Gestão da água — Outorga": A outorga venceu: envie a renovada (prazo ${brazilian(day(10))})`,
    });
    const [mail] = await t.mailTo(w.owner.email);
    expect(mail!.subject).toContain('Pendência aberta');
    expect(mail!.text).toContain('A outorga venceu: envie a renovada');

    const form = exactly(
      FormInstanceSchema,
      (
        await send(
          w.owner,
          'GET',
          `/api/process-instance/${target.instance.id}/form/${target.formInstanceId}`,
        )
      ).json(),
    );
    const [text, proof] = form.field_instances;
    expect(text!.pendency).toMatchObject({ id: pendency.id, status: 'open', late: false });
    expect(text!.editable).toBe(true);
    expect(text!.read_only).toBe(false);
    expect(proof!.pendency).toBeNull();
    expect(proof!.editable).toBe(false);
    expect(proof!.read_only).toBe(true);
  });

  it('answers 409 on an instance not started or already concluded', async () => {
    const target = await reviewedInstance();
    await send(w.admin, 'PUT', `/api/process-instance/${target.instance.id}/finish`, {
      approved: false,
      note: 'Reprovado',
    });
    const response = await send(
      w.admin,
      'POST',
      `/api/process-instance/${target.instance.id}/pendencies`,
      body(target),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: m.pendencyNotAllowed,
      kind: 'process_instance',
      current: { id: target.instance.id, finished: true },
    });
  });
});

describe('the field reopened by a pendência', () => {
  it('lets the owner save that field and its proof, and keeps every other field locked', async () => {
    const target = await reviewedInstance();
    await createPendency(t.db, {
      instance: target.instance,
      formInstanceId: target.formInstanceId,
      fieldInstanceId: target.textId,
      by: w.technician,
    });
    const base = `/api/process-instance/${target.instance.id}/form/${target.formInstanceId}`;
    const saved = await send(w.owner, 'PUT', `${base}/save`, {
      fields: [{ id: target.textId, content: 'Outorga 2026 nº 123' }],
    });
    expect(saved.statusCode).toBe(200);
    const locked = await send(w.owner, 'PUT', `${base}/save`, {
      fields: [{ id: target.proofId, content: true }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      detail: messages.forms.commited,
      kind: 'form_instance',
      current: { id: target.formInstanceId },
    });
    const staff = await send(w.technician, 'PUT', `${base}/save`, {
      fields: [{ id: target.textId, content: 'x' }],
    });
    expect(staff.statusCode).toBe(409);
  });

  it('locks the field again once the pendência is answered', async () => {
    const target = await reviewedInstance();
    await createPendency(t.db, {
      instance: target.instance,
      formInstanceId: target.formInstanceId,
      fieldInstanceId: target.textId,
      by: w.technician,
      owner: w.owner,
      status: 'answered',
    });
    const response = await send(
      w.owner,
      'PUT',
      `/api/process-instance/${target.instance.id}/form/${target.formInstanceId}/save`,
      { fields: [{ id: target.textId, content: 'Outra' }] },
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('GET /api/process-instance/{id}/pendencies', () => {
  it('lists oldest first with their history to owner and staff, 404 to another producer', async () => {
    const target = await reviewedInstance();
    for (const [index, status] of (['resolved', 'answered', 'open'] as const).entries())
      await createPendency(t.db, {
        instance: target.instance,
        formInstanceId: target.formInstanceId,
        fieldInstanceId: index === 0 ? null : target.textId,
        by: w.technician,
        owner: w.owner,
        status,
        description: `Pendência ${index}`,
        dueDate: day(index - 1),
        createdAt: new Date(Date.now() - (10 - index) * 3_600_000),
      });
    const url = `/api/process-instance/${target.instance.id}/pendencies`;
    expect((await send(w.otherOwner, 'GET', url)).statusCode).toBe(404);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    for (const caller of [w.owner, w.technician, w.otherTechnician, w.admin]) {
      const response = await send(caller, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('3');
      const list = z.array(PendencySchema.strict()).parse(response.json());
      expect(list.map((item) => [item.description, item.status, item.late])).toEqual([
        ['Pendência 0', 'resolved', false],
        ['Pendência 1', 'answered', false],
        ['Pendência 2', 'open', false],
      ]);
      expect(list[0]!.field_name).toBeNull();
      expect(list[0]!.events.map((event) => event.type)).toEqual([
        'opened',
        'answered',
        'resolved',
      ]);
    }
    const page = await send(w.owner, 'GET', `${url}?limit=1&offset=1`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((item: Pendency) => item.description)).toEqual(['Pendência 1']);
    const past = await send(w.owner, 'GET', `${url}?offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('marks a late one: not resolved and past its due date', async () => {
    const target = await reviewedInstance();
    await createPendency(t.db, {
      instance: target.instance,
      formInstanceId: target.formInstanceId,
      by: w.technician,
      dueDate: day(-2),
    });
    const [item] = (
      await send(w.owner, 'GET', `/api/process-instance/${target.instance.id}/pendencies`)
    ).json();
    expect(item.late).toBe(true);
  });

  it('costs the same number of queries for 1 pendência as for 12', async () => {
    const count = async (how: number) => {
      const target = await reviewedInstance();
      for (let index = 0; index < how; index += 1)
        await createPendency(t.db, {
          instance: target.instance,
          formInstanceId: target.formInstanceId,
          by: w.technician,
          owner: w.owner,
          status: 'resolved',
        });
      const headers = await t.auth(w.owner);
      return (
        await t.queriesDuring(() =>
          t.app.inject({
            url: `/api/process-instance/${target.instance.id}/pendencies`,
            headers,
          }),
        )
      ).length;
    };
    expect(await count(12)).toBe(await count(1));
  });
});

describe('answer, resolve and reopen', () => {
  async function openOne() {
    const target = await reviewedInstance();
    const pendency = await createPendency(t.db, {
      instance: target.instance,
      formInstanceId: target.formInstanceId,
      fieldInstanceId: target.textId,
      by: w.technician,
      description: 'Envie a outorga',
    });
    return { ...target, pendency };
  }

  it('the owner answers an open one: answered, timeline, e-mail to the technician, bell', async () => {
    const { pendency, instance } = await openOne();
    const url = `/api/pendency/${pendency.id}/answer`;
    const bell = async (caller: UserRow) =>
      z
        .array(PendingItemSchema)
        .parse((await send(caller, 'GET', '/api/process-instance/pending?limit=500')).json());
    expect(await bell(w.owner)).toContainEqual({
      id: pendency.id,
      url: `/producer-details/${instance.id}`,
      message: PENDING_MESSAGES.pendencyOpen,
    });
    expect((await send(w.otherOwner, 'PUT', url, { answer: 'x' })).statusCode).toBe(404);
    expect((await send(w.technician, 'PUT', url, { answer: 'x' })).statusCode).toBe(403);
    const blank = await send(w.owner, 'PUT', url, { answer: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0].msg).toBe(m.answerRequired);

    const response = await send(w.owner, 'PUT', url, { answer: 'Outorga renovada anexada' });
    expect(response.statusCode).toBe(200);
    expect(PendencySchema.parse(response.json())).toMatchObject({
      status: 'answered',
      answer: 'Outorga renovada anexada',
    });
    const again = await send(w.owner, 'PUT', url, { answer: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: m.pendencyNotOpen,
      kind: 'pendency',
      current: { id: pendency.id, status: 'answered' },
    });

    const detail = await detailOf(w.technician, instance.id);
    expect(detail.events.at(-1)).toMatchObject({ type: 'pendency_answered' });
    expect(detail.review.pendencies).toEqual({ open: 0, answered: 1, resolved: 0 });
    const [mail] = await t.mailTo(w.technician.email);
    expect(mail!.subject).toContain('Pendência respondida');
    expect(mail!.text).toContain('Outorga renovada anexada');
    const item = {
      id: pendency.id,
      url: `/producer-details/${instance.id}`,
      message: PENDING_MESSAGES.pendencyAnswered,
    };
    expect(await bell(w.technician)).toContainEqual(item);
    // Only whoever took the instance is asked to review: not other technicians, nor admins.
    expect(await bell(w.otherTechnician)).not.toContainEqual(item);
    expect(await bell(w.admin)).not.toContainEqual(item);
    expect(await bell(w.owner)).not.toContainEqual(expect.objectContaining({ id: pendency.id }));
  });

  it('the technician resolves, then reopens with a note; 409 from the wrong state', async () => {
    const { pendency, instance } = await openOne();
    const resolve = `/api/pendency/${pendency.id}/resolve`;
    const reopen = `/api/pendency/${pendency.id}/reopen`;
    expect((await send(w.owner, 'PUT', resolve, {})).statusCode).toBe(403);
    expect((await send(w.otherTechnician, 'PUT', resolve, {})).statusCode).toBe(403);
    const stillOpen = await send(w.technician, 'PUT', reopen, { note: 'x' });
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json()).toMatchObject({
      detail: m.pendencyAlreadyOpen,
      kind: 'pendency',
      current: { id: pendency.id, status: 'open' },
    });

    const resolved = await send(w.technician, 'PUT', resolve, {});
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().status).toBe('resolved');
    const twice = await send(w.admin, 'PUT', resolve, { note: 'ok' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      detail: m.pendencyAlreadyResolved,
      kind: 'pendency',
      current: { id: pendency.id, status: 'resolved' },
    });

    const noNote = await send(w.technician, 'PUT', reopen, {});
    expect(noNote.statusCode).toBe(422);
    const reopened = await send(w.admin, 'PUT', reopen, { note: 'Falta a assinatura' });
    expect(reopened.statusCode).toBe(200);
    const body = PendencySchema.parse(reopened.json());
    expect(body.status).toBe('open');
    expect(body.events.map((event) => [event.type, event.text])).toEqual([
      ['opened', 'Envie a outorga'],
      ['resolved', ''],
      ['reopened', 'Falta a assinatura'],
    ]);
    const types = (
      await t.db
        .select({ type: events.type })
        .from(events)
        .where(eq(events.processInstanceId, instance.id))
    ).map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(['pendency_resolved', 'pendency_reopened']));
  });

  it('refuses the responsible technician of the property', async () => {
    const target = await reviewedInstance(w.conflicted);
    const pendency = await createPendency(t.db, {
      instance: target.instance,
      formInstanceId: target.formInstanceId,
      by: w.admin,
      owner: w.owner,
      status: 'answered',
    });
    const response = await send(w.conflicted, 'PUT', `/api/pendency/${pendency.id}/resolve`, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: m.conflictOfInterest });
  });

  it('answers 404 to an unknown pendência', async () => {
    const response = await send(
      w.owner,
      'PUT',
      '/api/pendency/01930000-0000-7000-8000-000000000000/answer',
      { answer: 'x' },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.pendencyNotFound });
  });
});
