import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Metadata } from '@tus/utils';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  createField,
  createForm,
  createInspection,
  createPendency,
  createSeal,
  startedInstance,
  type UserRow,
} from '../../src/db/seed/factories';
import {
  events,
  fieldInstances,
  inspectionPhotos,
  inspections,
  pendencies,
  pendencyEvents,
  proofs,
} from '../../src/db/schema';
import { day } from './days';
import { file, multipartWith, PDF, PNG, WEBP } from './files';
import type { ReviewWorld } from './review-world';
import type { TestApp } from './test-app';

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

/** One write the offline outbox sends, on a target of its own, as the tests drive it. */
export interface OutboxTarget {
  caller: UserRow;
  /** The request, built anew each time (a multipart body gets a new boundary). */
  request(variant?: 'other'): Promise<Request>;
  /** What the write changes, read so that one write and two differ (a count, a version). */
  state(): Promise<unknown>;
  /** Another user sending the same request: what they may do is theirs alone. */
  other: UserRow;
  /** The instance the write acts on (the tests conclude it to make a conflict). */
  instanceId: string;
  /** The form instance, for the form writes. */
  formInstanceId?: string;
  /** The pendência, for the pendência writes. */
  pendencyId?: string;
}

export interface OutboxWrite {
  name: string;
  /** The status of a first, successful send. */
  status: number;
  target(t: TestApp, w: ReviewWorld): Promise<OutboxTarget>;
}

const json = (method: Request['method'], url: string, body: unknown): Request => ({
  method,
  url,
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

const multipartRequest = async (
  url: string,
  fields: Parameters<typeof multipartWith>[0],
): Promise<Request> => ({ method: 'POST', url, ...(await multipartWith(fields)) });

/** A started instance of the farm, assigned to the technician, with one form: text and proof fields. */
async function reviewed(t: TestApp, w: ReviewWorld, options: { committee?: boolean } = {}) {
  const text = await createField(t.db, { type: 'text', name: 'Outorga' });
  const proof = await createField(t.db, { type: 'bool', name: 'Licença', proof: true });
  const { process } = await createSeal(t.db, {
    process: options.committee ? { committee: true, levels: ['prata', 'ouro'] } : {},
  });
  const form = await createForm(t.db, process.id, {
    name: 'Gestão da água',
    fieldIds: [text.id, proof.id],
  });
  const started = await startedInstance(t.db, {
    process,
    property: w.farm,
    technician: w.technician,
  });
  const filled = started.forms.find((item) => item.formId === form.id)!;
  return {
    instanceId: started.instance.id,
    formInstanceId: filled.id,
    textId: filled.fieldInstanceOf(text.id),
    proofId: filled.fieldInstanceOf(proof.id),
    instance: started.instance,
  };
}

const pendencyEventCount = (t: TestApp, pendencyId: string) =>
  t.db.$count(pendencyEvents, eq(pendencyEvents.pendencyId, pendencyId));

/** A pendência write on a pendência of its own in `status`. */
function pendencyWrite(
  name: string,
  status: 'open' | 'answered' | 'resolved',
  verb: 'answer' | 'resolve' | 'reopen',
  body: (variant?: 'other') => Record<string, unknown>,
): OutboxWrite {
  return {
    name,
    status: 200,
    async target(t, w) {
      const place = await reviewed(t, w);
      const pendency = await createPendency(t.db, {
        instance: place.instance,
        formInstanceId: place.formInstanceId,
        fieldInstanceId: place.textId,
        by: w.technician,
        status,
      });
      const producer = verb === 'answer';
      return {
        caller: producer ? w.owner : w.technician,
        other: producer ? w.otherOwner : w.admin,
        instanceId: place.instanceId,
        pendencyId: pendency.id,
        request: async (variant) =>
          json('PUT', `/api/pendency/${pendency.id}/${verb}`, body(variant)),
        state: () => pendencyEventCount(t, pendency.id),
      };
    },
  };
}

type Place = Awaited<ReturnType<typeof reviewed>>;

/** A producer's write on the form of a target of its own; another producer reaches none (404). */
function formWrite(
  name: string,
  request: (form: string, place: Place, variant?: 'other') => Promise<Request>,
  state: (t: TestApp, place: Place) => Promise<unknown>,
): OutboxWrite {
  return {
    name,
    status: 200,
    async target(t, w) {
      const place = await reviewed(t, w);
      const form = `/api/process-instance/${place.instanceId}/form/${place.formInstanceId}`;
      return {
        caller: w.owner,
        other: w.otherOwner,
        instanceId: place.instanceId,
        formInstanceId: place.formInstanceId,
        request: (variant) => request(form, place, variant),
        state: () => state(t, place),
      };
    },
  };
}

/** Unfinished uploads the tus store keeps: a data file each (beside its `.json` info). */
export const partialUploads = async (t: TestApp) =>
  (await readdir(path.join(t.dataDir, 'partial-uploads')).catch(() => [])).filter(
    (name) => !name.endsWith('.json'),
  ).length;

/** Every write the offline outbox sends (issue 42), the route's own success status beside it. */
export const OUTBOX_WRITES: OutboxWrite[] = [
  {
    name: 'POST /api/process-instance/{id}/inspections',
    status: 201,
    async target(t, w) {
      const place = await reviewed(t, w);
      const url = `/api/process-instance/${place.instanceId}/inspections`;
      return {
        caller: w.technician,
        other: w.admin,
        instanceId: place.instanceId,
        request: (variant) =>
          multipartRequest(url, {
            visited_on: day(0),
            latitude: '-30.8512',
            longitude: '-51.7986',
            summary: variant === 'other' ? 'Outra visita.' : 'Taipas conservadas.',
            photos: [file(PNG, 'lavoura.png', 'image/png'), file(WEBP, 'canal.webp', 'image/webp')],
          }),
        state: () => t.db.$count(inspections, eq(inspections.processInstanceId, place.instanceId)),
      };
    },
  },
  {
    name: 'POST /api/process-instance/{id}/inspections/{inspectionId}/photos',
    status: 200,
    async target(t, w) {
      const place = await reviewed(t, w);
      const inspection = await createInspection(t.db, {
        instance: place.instance,
        by: w.technician,
      });
      return {
        caller: w.technician,
        other: w.admin,
        instanceId: place.instanceId,
        request: (variant) =>
          multipartRequest(
            `/api/process-instance/${place.instanceId}/inspections/${inspection.id}/photos`,
            { photos: file(PNG, variant === 'other' ? 'outra.png' : 'foto.png', 'image/png') },
          ),
        state: () =>
          t.db.$count(inspectionPhotos, eq(inspectionPhotos.inspectionId, inspection.id)),
      };
    },
  },
  {
    name: 'POST /api/process-instance/{id}/pendencies',
    status: 201,
    async target(t, w) {
      const place = await reviewed(t, w);
      return {
        caller: w.technician,
        other: w.admin,
        instanceId: place.instanceId,
        request: async (variant) =>
          json('POST', `/api/process-instance/${place.instanceId}/pendencies`, {
            form_instance_id: place.formInstanceId,
            field_instance_id: place.textId,
            description: variant === 'other' ? 'Outra pendência' : 'Envie a outorga renovada',
            due_date: day(10),
          }),
        state: () => t.db.$count(pendencies, eq(pendencies.processInstanceId, place.instanceId)),
      };
    },
  },
  pendencyWrite('PUT /api/pendency/{id}/answer', 'open', 'answer', (variant) => ({
    answer: variant === 'other' ? 'Outra resposta' : 'Outorga renovada anexada',
    expected_status: 'open',
  })),
  pendencyWrite('PUT /api/pendency/{id}/resolve', 'answered', 'resolve', (variant) => ({
    note: variant === 'other' ? 'Outra nota' : 'Conferido',
    expected_status: 'answered',
  })),
  pendencyWrite('PUT /api/pendency/{id}/reopen', 'resolved', 'reopen', (variant) => ({
    note: variant === 'other' ? 'Outra nota' : 'Falta a assinatura',
    expected_status: 'resolved',
  })),
  {
    name: 'PUT /api/process-instance/{id}/recommendation',
    status: 200,
    async target(t, w) {
      const place = await reviewed(t, w, { committee: true });
      return {
        caller: w.technician,
        other: w.admin,
        instanceId: place.instanceId,
        request: async (variant) =>
          json('PUT', `/api/process-instance/${place.instanceId}/recommendation`, {
            outcome: variant === 'other' ? 'prata' : 'ouro',
            justification: 'Rastreabilidade completa da lavoura.',
          }),
        state: () =>
          t.db.$count(
            events,
            and(eq(events.processInstanceId, place.instanceId), eq(events.type, 'recommendation')),
          ),
      };
    },
  },
  formWrite(
    'PUT /api/process-instance/{id}/form/{formId}/save',
    async (form, place, variant) =>
      json('PUT', `${form}/save`, {
        fields: [
          { id: place.textId, content: variant === 'other' ? 'Outra' : 'Outorga 123', version: 0 },
        ],
      }),
    (t, place) => fieldVersion(t, place.textId),
  ),
  formWrite(
    'PUT /api/process-instance/{id}/form/{formId}/field/{fieldId}/edit',
    async (form, place, variant) => ({
      method: 'PUT',
      url: `${form}/field/${place.textId}/edit`,
      ...(await multipartWith({ content: variant === 'other' ? 'Outra' : 'Outorga 123' })),
    }),
    (t, place) => fieldVersion(t, place.textId),
  ),
  formWrite(
    'POST /api/process-instance/{id}/form/{formId}/field/{fieldId}/proof',
    (form, place, variant) =>
      multipartRequest(`${form}/field/${place.proofId}/proof`, {
        file: file(
          variant === 'other' ? Buffer.concat([PDF, Buffer.from('\n')]) : PDF,
          'licenca.pdf',
          'application/pdf',
        ),
      }),
    // A proof sent again replaces the file: the stored key tells one upload from two.
    async (t, place) =>
      (
        await t.db
          .select({ key: proofs.storageKey })
          .from(proofs)
          .where(eq(proofs.fieldInstanceId, place.proofId))
      )[0]?.key ?? null,
  ),
  {
    name: 'POST /api/uploads',
    status: 201,
    async target(t, w) {
      const place = await reviewed(t, w);
      const inspection = await createInspection(t.db, {
        instance: place.instance,
        by: w.technician,
      });
      const target = `/api/process-instance/${place.instanceId}/inspections/${inspection.id}/photos`;
      return {
        caller: w.technician,
        other: w.admin,
        instanceId: place.instanceId,
        request: async (variant) => ({
          method: 'POST',
          url: '/api/uploads',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': String(variant === 'other' ? PNG.length + 1 : PNG.length),
            'upload-metadata': Metadata.stringify({
              filename: 'foto.png',
              filetype: 'image/png',
              target,
            }),
          },
        }),
        state: () => partialUploads(t),
      };
    },
  },
];

const fieldVersion = async (t: TestApp, fieldInstanceId: string) =>
  (
    await t.db
      .select({ version: fieldInstances.version })
      .from(fieldInstances)
      .where(eq(fieldInstances.id, fieldInstanceId))
  )[0]!.version;
