import type { Inspection, InspectionPhoto, Pendency } from '@agroselo/contracts';
import { personOrNull } from '../forms/present';
import { fullName } from '../../lib/people';
import type { InspectionRow, PendencyRow } from './queries';

export const inspectionPhotoUrl = (inspectionId: string, index: number) =>
  `/api/inspection/${inspectionId}/photo/${index}`;

/** Late: not resolved and its due date already past in São Paulo. */
export const isLate = (pendency: { status: string; dueDate: string }, today: string) =>
  pendency.status !== 'resolved' && pendency.dueDate < today;

export function presentPendency(row: PendencyRow, today: string): Pendency {
  const { pendency } = row;
  return {
    id: pendency.id,
    process_instance_id: pendency.processInstanceId,
    form_instance_id: pendency.formInstanceId,
    form_name: row.formName,
    field_instance_id: pendency.fieldInstanceId,
    field_name: row.fieldName,
    description: pendency.description,
    due_date: pendency.dueDate,
    status: pendency.status,
    late: isLate(pendency, today),
    answer: pendency.answer,
    created_by: personOrNull(row.creator),
    created_at: pendency.createdAt.toISOString(),
    events: row.events.map((event) => ({
      id: event.id,
      type: event.type,
      text: event.text,
      actor: event.actor_id
        ? {
            id: event.actor_id,
            name: fullName({
              firstName: event.actor_first_name ?? '',
              lastName: event.actor_last_name ?? '',
            }),
          }
        : null,
      created_at: event.created_at,
    })),
  };
}

export function presentInspection(row: InspectionRow): Inspection {
  const { inspection } = row;
  return {
    id: inspection.id,
    process_instance_id: inspection.processInstanceId,
    visited_on: inspection.visitedOn,
    latitude: inspection.latitude,
    longitude: inspection.longitude,
    summary: inspection.summary,
    photos: row.photos.map((photo) => ({
      index: photo.index,
      content_type: photo.mime as InspectionPhoto['content_type'],
      url: inspectionPhotoUrl(inspection.id, photo.index),
    })),
    created_by: personOrNull(row.author),
    created_at: inspection.createdAt.toISOString(),
  };
}
