import { useEffect, useState, useSyncExternalStore } from 'react';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudDownload, IconCloudOff, IconListCheck, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage, tokenStore } from '../../../api';
import { accountOf } from '../../../device/account';
import { formatShortMoment } from '../../../lib/dates';
import { stopKeeping, useKeptGroups, type KeptGroup } from '../../../offline/kept';
import { formatBytes } from '../../../components/upload-progress';
import { storageEstimate } from '../../../offline/storage';
import { useOnline } from '../../../offline/use-online';
import { instanceTableQueryOptions } from '../api';
import { type InstanceDetailItem } from '../../../queries/instances';
import { instanceGroup, keepInstanceOffline } from '../keep-offline';

/** A producer's instance opened again is kept anew only after this long. */
const PRODUCER_REFRESH_MS = 10 * 60_000;
/** After the page's own work: the keeping asks for every form, proof and photo. */
const PRODUCER_KEEP_DELAY_MS = 3_000;

const keptLine = (kept: KeptGroup) =>
  `Disponível sem conexão · ${formatBytes(kept.size)} · guardado ${formatShortMoment(kept.keptAt)}`;

/** Keeps instances on the device, one after the other, telling how far it went. */
function useKeeping() {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const keep = async (ids: string[]) => {
    setProblem(null);
    try {
      for (const [index, id] of ids.entries()) {
        setBusy(ids.length > 1 ? `Guardando ${index + 1} de ${ids.length}…` : 'Guardando…');
        await keepInstanceOffline(id);
      }
    } catch (error) {
      setProblem(errorMessage(error, 'Não foi possível guardar o processo neste aparelho.'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, keep };
}

/**
 * 'Disponível sem conexão' on an instance page: keeps the instance, its property, forms with
 * answers, proofs, pendências and vistorias on this device, with the space they take; updated or
 * removed on demand. A producer's own instance is kept by itself once opened.
 */
export function KeepOfflineCard({
  instance,
  isOwner,
}: {
  instance: InstanceDetailItem;
  isOwner: boolean;
}) {
  const online = useOnline();
  const kept = useKeptGroups().find((group) => group.group === instanceGroup(instance.id));
  const { busy, problem, keep } = useKeeping();
  const keptAt = kept?.keptAt;

  useEffect(() => {
    if (!isOwner || !online) return;
    if (keptAt !== undefined && Date.now() - keptAt < PRODUCER_REFRESH_MS) return;
    const timer = window.setTimeout(
      () => void keepInstanceOffline(instance.id).catch(() => undefined),
      PRODUCER_KEEP_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isOwner, online, keptAt, instance.id]);

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconCloudOff size={18} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" role="status">
            {busy ?? (kept ? keptLine(kept) : 'Este processo não está guardado neste aparelho.')}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant={kept ? 'default' : 'light'}
            leftSection={<IconCloudDownload size={16} aria-hidden />}
            onClick={() => void keep([instance.id])}
            loading={busy !== null}
            disabled={!online}
          >
            {kept ? 'Atualizar' : 'Disponível sem conexão'}
          </Button>
          {kept && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void stopKeeping(kept.group)}
              disabled={busy !== null}
            >
              Remover
            </Button>
          )}
        </Group>
      </Group>
      {problem && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {problem}
        </Text>
      )}
    </Paper>
  );
}

/** The technician's instances a field day may visit: in progress, assigned to them. */
const FIELD_DAY_LIMIT = 100;

/**
 * 'Dia de campo' on the technician's Pendentes: pick the instances to visit and keep them on the
 * device ('Disponível sem conexão'), see what is kept and the space it takes, remove it after.
 */
export function FieldDaySection() {
  // The signed-in account (the token's), without reaching into the app's session.
  const technicianId = accountOf(
    useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null),
  );
  const online = useOnline();
  const kept = useKeptGroups();
  const { busy, problem, keep } = useKeeping();
  const [chosen, setChosen] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const [space, setSpace] = useState<string | null>(null);
  const list = useQuery({
    enabled: picking && technicianId !== null,
    ...instanceTableQueryOptions(
      { status: 'in_progress', technicianId: technicianId ?? undefined },
      '',
      1,
      FIELD_DAY_LIMIT,
    ),
  });
  const mine = (list.data?.items ?? []).filter((item) => item.initiated);
  const keptIds = new Set(kept.map((group) => group.group));
  const total = kept.reduce((sum, group) => sum + group.size, 0);

  useEffect(() => {
    void storageEstimate().then((estimate) =>
      setSpace(
        estimate
          ? `O aparelho usa ${formatBytes(estimate.usage)} de ${formatBytes(estimate.quota)} disponíveis para o AgroSelo.`
          : null,
      ),
    );
  }, [kept]);

  const keepChosen = async () => {
    await keep(chosen);
    setChosen([]);
    setPicking(false);
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="field-day-title">
      <Stack gap="sm">
        <Text id="field-day-title" fw={700} size="lg">
          Dia de campo: disponível sem conexão
        </Text>
        <Text size="sm" c="dimmed">
          Antes de ir a uma propriedade sem sinal, escolha os processos que vai vistoriar: eles
          ficam guardados neste aparelho, com formulários, respostas, comprovantes, pendências e
          vistorias. Sem conexão, registre a vistoria e as pendências normalmente: elas são enviadas
          sozinhas quando a conexão voltar.
        </Text>
        {picking ? (
          <>
            {mine.length > 0 ? (
              <Stack
                gap={6}
                role="group"
                aria-label="Processos para guardar neste aparelho"
                mah={360}
                style={{ overflowY: 'auto' }}
              >
                {mine.map((item) => (
                  <Checkbox
                    key={item.id}
                    label={`${item.business.businessName} · ${item.business.municipality} · ${item.process.stamp.name}${
                      keptIds.has(instanceGroup(item.id)) ? ' (guardado)' : ''
                    }`}
                    checked={chosen.includes(item.id)}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setChosen((now) =>
                        checked ? [...now, item.id] : now.filter((id) => id !== item.id),
                      );
                    }}
                  />
                ))}
              </Stack>
            ) : (
              <Text size="sm">
                {list.isPending
                  ? 'Carregando seus processos…'
                  : 'Nenhum processo em andamento atribuído a você.'}
              </Text>
            )}
            <Group gap="xs">
              <Button
                leftSection={<IconCloudDownload size={18} aria-hidden />}
                onClick={() => void keepChosen()}
                disabled={chosen.length === 0 || !online}
                loading={busy !== null}
              >
                Disponível sem conexão
              </Button>
              <Button variant="default" onClick={() => setPicking(false)} disabled={busy !== null}>
                Cancelar
              </Button>
            </Group>
          </>
        ) : (
          <Button
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
            onClick={() => setPicking(true)}
            disabled={!online}
            w={{ base: '100%', xs: 'fit-content' }}
          >
            Escolher processos
          </Button>
        )}
        {busy && (
          <Text size="sm" role="status">
            {busy}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        )}
        {kept.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Guardados neste aparelho ({formatBytes(total)})
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {kept.map((group) => (
                <Group
                  component="li"
                  key={group.group}
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                >
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor
                      component={Link}
                      to={group.href}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {group.label}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatBytes(group.size)} · guardado {formatShortMoment(group.keptAt)}
                    </Text>
                  </Stack>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => void stopKeeping(group.group)}
                    aria-label={`Remover deste aparelho: ${group.label}`}
                    style={{ flex: 'none' }}
                  >
                    Remover
                  </Button>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
        {space && (
          <Text size="xs" c="dimmed">
            {space}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
