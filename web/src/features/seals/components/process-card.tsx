import { lazy, Suspense, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Box,
  Group,
  Image,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarPlus,
  IconChevronDown,
  IconFileText,
  IconListDetails,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LoadError } from '../../../components/error-alert';
import { SafraBadge } from '../../../components/safra-badge';
import {
  deleteForm,
  formsQueryOptions,
  releaseProcess,
  saveReviewSettings,
  sealKeys,
  type FormItem,
  type ProcessItem,
} from '../api';
import { formatDay, formatPeriod } from '../../../lib/dates';
import { notifyFailure, notifySuccess } from '../notify';
import { CreateFormModal } from './form-modals';
import {
  ReviewSettingsSwitches,
  settingsBody,
  switchesOf,
  type ReviewSwitches,
} from './review-settings';

// Used once a season: its code (and the date picker's) comes with the click.
const NextSeasonDialog = lazy(() =>
  import('./next-season-dialog').then((module) => ({ default: module.NextSeasonDialog })),
);

export function ProcessCard({ process }: { process: ProcessItem }) {
  const [expanded, expand] = useDisclosure(false);
  const [creating, create] = useDisclosure(false);
  const [choosingSeason, nextSeason] = useDisclosure(false);
  const [releasing, setReleasing] = useState(false);
  // What the admin just chose, shown while the server saves it.
  const [savingReview, setSavingReview] = useState<ReviewSwitches | null>(null);
  const queryClient = useQueryClient();
  const name = process.stamp.name;
  const formsId = `forms-${process.id}`;

  const toggleRelease = async () => {
    setReleasing(true);
    try {
      await releaseProcess(process.id, { released: !process.released });
      await queryClient.invalidateQueries({ queryKey: sealKeys.all });
      notifySuccess(
        process.released ? `${name} voltou a Rascunho` : `${name} liberado para solicitações`,
      );
    } catch (error) {
      notifyFailure('Erro ao alterar a liberação do processo', error);
    } finally {
      setReleasing(false);
    }
  };

  const changeReview = async (next: ReviewSwitches) => {
    setSavingReview(next);
    try {
      await saveReviewSettings(process.id, settingsBody(next));
      await queryClient.invalidateQueries({ queryKey: sealKeys.all });
      notifySuccess(`Avaliação de ${name} atualizada`);
    } catch (error) {
      notifyFailure('Erro ao alterar a avaliação do processo', error);
    } finally {
      setSavingReview(null);
    }
  };

  const cardActions = (
    <>
      <Button
        variant={process.released ? 'default' : 'filled'}
        size="xs"
        loading={releasing}
        onClick={() => void toggleRelease()}
      >
        {process.released ? 'Voltar a Rascunho' : 'Liberar'}
      </Button>
      {!process.nextProcess && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={nextSeason.open}
        >
          Nova safra
        </Button>
      )}
    </>
  );

  return (
    <Paper
      component="article"
      aria-label={name}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={expand.toggle}
          aria-expanded={expanded}
          aria-controls={formsId}
          aria-label={`${expanded ? 'Ocultar' : 'Mostrar'} formulários de ${name}`}
        >
          <IconChevronDown
            aria-hidden
            style={{
              transform: expanded ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        </ActionIcon>
        {process.stamp.imageUrl && (
          <Image
            src={process.stamp.imageUrl}
            alt=""
            w={56}
            h={56}
            fit="contain"
            visibleFrom="xs"
            radius="sm"
          />
        )}
        <Stack gap={6} flex={1} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <SafraBadge safra={process.safra} />
            <Badge color={process.released ? 'leaf' : 'gray'} variant="light">
              {process.released ? 'Liberado' : 'Rascunho'}
            </Badge>
          </Group>
          <Text size="sm">{process.description}</Text>
          <Text size="sm" c="dimmed">
            Solicitações: {formatPeriod(process.startDate, process.endDate)} · Validade:{' '}
            {formatPeriod(process.validityStart, process.validityEnd)}
          </Text>
          {process.nextProcess && (
            <Text size="sm" c="dimmed">
              Safra seguinte: {process.nextProcess.safra} (
              {process.nextProcess.released ? 'Liberado' : 'Rascunho'})
            </Text>
          )}
          <ReviewSettingsSwitches
            compact
            value={savingReview ?? switchesOf(process)}
            onChange={(next) => void changeReview(next)}
            disabled={savingReview !== null}
          />
        </Stack>
        <Stack gap="xs" visibleFrom="sm">
          {cardActions}
        </Stack>
      </Group>
      <Group gap="xs" grow hiddenFrom="sm" mt="sm">
        {cardActions}
      </Group>

      <Box id={formsId} hidden={!expanded}>
        {expanded && (
          <Stack gap="sm" mt="md" pl={{ base: 0, sm: 48 }}>
            <ProcessForms process={process} />
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={create.open}
              >
                Criar formulário
              </Button>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={paths.registerForm(process.id)}
                leftSection={<IconFileText size={16} aria-hidden />}
              >
                Cadastrar formulário
              </Button>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={paths.processFields(process.id)}
                leftSection={<IconListDetails size={16} aria-hidden />}
              >
                Documentos do processo
              </Button>
            </Group>
          </Stack>
        )}
      </Box>
      <CreateFormModal processId={process.id} opened={creating} onClose={create.close} />
      {choosingSeason && (
        <Suspense fallback={null}>
          <NextSeasonDialog process={process} onClose={nextSeason.close} />
        </Suspense>
      )}
    </Paper>
  );
}

function ProcessForms({ process }: { process: ProcessItem }) {
  const query = useQuery(formsQueryOptions(process.id));
  if (query.isPending) return <Skeleton h={56} />;
  if (query.isError)
    return <LoadError title="Não foi possível carregar os formulários" query={query} />;
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum formulário cadastrado neste processo.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.map((form) => (
        <FormRow key={form.id} form={form} />
      ))}
    </Stack>
  );
}

function FormRow({ form }: { form: FormItem }) {
  const queryClient = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteForm(form.processId, form.id);
      confirm.close();
      await queryClient.invalidateQueries({ queryKey: sealKeys.detail(form.processId) });
      await queryClient.invalidateQueries({ queryKey: sealKeys.list() });
      notifySuccess('Formulário excluído');
    } catch (error) {
      notifyFailure('Erro ao excluir formulário', error);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper component="li" withBorder radius="sm" p="sm" bg="gray.0" aria-label={form.name}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {form.name}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              Deadline {formatDay(form.deadline)} · {form.fieldsCount}{' '}
              {form.fieldsCount === 1 ? 'campo' : 'campos'}
            </Text>
            {form.obligatory && (
              <Badge size="sm" variant="filled" color="red.9">
                Obrigatório
              </Badge>
            )}
            {form.sign && (
              <Badge size="sm" variant="filled" color="blue.8">
                Requer Assinatura
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="outline"
            component={Link}
            to={paths.formFields(form.processId, form.id)}
          >
            Gerenciar Campos
          </Button>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={confirm.open}
            aria-label={`Excluir formulário ${form.name}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Modal opened={confirming} onClose={confirm.close} title="Excluir formulário" centered>
        <Stack gap="md">
          <Text size="sm">
            Excluir o formulário “{form.name}”? Esta ação não pode ser desfeita.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close} disabled={deleting}>
              Cancelar
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove()}>
              Excluir
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
