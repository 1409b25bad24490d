import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconHistory } from '@tabler/icons-react';
import { STAFF_ROLES } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { useSession } from '../../../session';
import { useConfirmCarried, type FieldInstanceItem } from '../api';
import { lastSeasonText } from '../season';

const CONFIRM_FAILED = 'Não foi possível confirmar a resposta';

export function CarriedOverBadge() {
  return (
    <Badge
      color="blue"
      variant="light"
      c="blue.9"
      tt="none"
      leftSection={<IconHistory size={14} aria-hidden />}
    >
      Resposta da safra anterior
    </Badge>
  );
}

/** Whether this season's answer differs from last season's, for the technician. */
export function ChangeBadge({ changed }: { changed: boolean }) {
  return changed ? (
    <Badge color="orange" variant="light" c="orange.9" tt="none">
      Alterada
    </Badge>
  ) : (
    <Badge color="gray" variant="light" c="gray.8" tt="none">
      Sem alteração
    </Badge>
  );
}

/**
 * A renewal's field: the producer sees last season's answer marked until confirmed or changed;
 * staff see what it was last season and whether it changed.
 */
export function SeasonNotes({
  instanceId,
  formId,
  field,
  canConfirm,
}: {
  instanceId: string;
  formId: string;
  field: FieldInstanceItem;
  /** The owner may still change the form. */
  canConfirm: boolean;
}) {
  const { user } = useSession();
  const confirm = useConfirmCarried(instanceId, formId);
  const staff = Boolean(user && STAFF_ROLES.includes(user.role));
  const last = staff ? field.lastSeason : null;
  if (!field.carriedOver && !last) return null;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="wrap" miw={0}>
        {field.carriedOver && <CarriedOverBadge />}
        {last && (
          <>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {lastSeasonText(field.field.type, last)}
            </Text>
            <ChangeBadge changed={last.changed} />
          </>
        )}
      </Group>
      {field.carriedOver && canConfirm && !staff && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={confirm.isPending}
          aria-label={`Confirmar ${field.field.name}`}
          onClick={() =>
            confirm.mutate([field.id], {
              onError: (error) =>
                notifications.show({ color: 'red', message: errorMessage(error, CONFIRM_FAILED) }),
            })
          }
        >
          Confirmar
        </Button>
      )}
    </Group>
  );
}
