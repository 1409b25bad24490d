import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CONDITION_OP_LABELS,
  checkFieldLogic,
  FIELD_TYPE_LABELS,
  messages,
  type BuilderField,
  type ConditionOp,
  type FieldType,
} from '@agroselo/contracts';
import { isApiError } from '../../../api';
import { OnDemandDateInput } from '../../../components/lazy-date-input';
import { saveFieldLogic, sealKeys, type FormFieldItem } from '../api';
import {
  logicDraft,
  rulesOf,
  type ConditionDraft,
  type LogicDraft,
  type RulesDraft,
} from '../logic-draft';
import { notifyFailure, notifySuccess } from '../notify';

const m = messages.logic;

/** The comparisons a condition may make on a field of each type. */
const OPS: Record<FieldType, readonly ConditionOp[]> = {
  bool: ['eq', 'ne', 'filled', 'empty'],
  number: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'filled', 'empty'],
  text: ['filled', 'empty'],
  date: ['filled', 'empty'],
  datetime: ['filled', 'empty'],
  form: [],
};

type Errors = Record<string, string>;

interface FieldLogicModalProps {
  processId: string;
  formId: string;
  /** The field whose rules are edited, and every field of the form in order. */
  field: FormFieldItem;
  fields: readonly FormFieldItem[];
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Gerenciar Campos' → 'Regras' (issue 45): whether a field is required, 'Mostrar somente se' on
 * the fields before it, the rules of its type with their messages; a Lista's columns and total.
 * Checked here by the server's own checks (contracts), then saved.
 */
export function FieldLogicModal({ opened, onClose, field, ...props }: FieldLogicModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Regras de ${field.name}`} size="lg">
      {opened && <FieldLogicForm field={field} onClose={onClose} {...props} />}
    </Modal>
  );
}

function FieldLogicForm({
  processId,
  formId,
  field,
  fields,
  onClose,
}: Omit<FieldLogicModalProps, 'opened'>) {
  const queryClient = useQueryClient();
  const columns = field.childFields;
  const [draft, setDraft] = useState<LogicDraft>(() =>
    logicDraft(
      field.logic,
      columns.map((column) => column.id),
    ),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const position = fields.findIndex((item) => item.id === field.id);
  const typeOf = (id: string) =>
    fields.find((item) => item.id === id)?.type ?? columns.find((column) => column.id === id)?.type;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { logic, errors: unreadable, draftPath } = rulesOf(draft, typeOf);
    const form: BuilderField[] = fields.map((item) => ({
      ...item,
      logic: item.id === field.id ? logic : item.logic,
    }));
    const problems = checkFieldLogic(form, field.id);
    const found: Errors = {};
    for (const problem of problems) found[draftPath(problem.path.join('.'))] ??= problem.message;
    if (Object.keys(unreadable).length + problems.length > 0) {
      setErrors({ ...found, ...unreadable });
      return;
    }
    setErrors({});
    setRefusal(null);
    setSaving(true);
    try {
      await saveFieldLogic(processId, formId, field.id, logic);
    } catch (error) {
      setSaving(false);
      if (isApiError(error) && error.status === 422 && error.issues.length > 0) {
        const placed: Errors = {};
        for (const issue of error.issues)
          placed[draftPath(issue.loc.slice(1).join('.'))] ??= issue.msg;
        setErrors(placed);
      } else if (isApiError(error) && error.status === 409) setRefusal(error.message);
      else notifyFailure(m.saveFailed, error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sealKeys.formFields(processId, formId) });
    notifySuccess(m.saved);
    onClose();
  };

  const before = fields.slice(0, position).filter((item) => item.type !== 'form');
  const after = fields.slice(position + 1).filter((item) => item.type !== 'form');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {refusal && (
          <Alert color="orange" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <RulesEditor
          type={field.type}
          unit={field.unit}
          rules={draft}
          onChange={(rules) => setDraft({ ...draft, ...rules })}
          candidates={{ before, after }}
          errors={errors}
          prefix=""
        />
        {field.type === 'form' && (
          <>
            {columns.map((column, index) => {
              const rules = draft.columns[index]!;
              return (
                <Paper key={column.id} withBorder radius="sm" p="sm">
                  <Stack gap="sm">
                    <Title order={3} fz="sm">
                      Coluna {column.name} ({FIELD_TYPE_LABELS[column.type]})
                    </Title>
                    <RulesEditor
                      type={column.type}
                      unit={column.unit}
                      rules={rules}
                      onChange={(changed) =>
                        setDraft({
                          ...draft,
                          columns: draft.columns.map((item, at) =>
                            at === index ? { ...item, ...changed } : item,
                          ),
                        })
                      }
                      candidates={{
                        before: columns.slice(0, index),
                        after: columns.slice(index + 1),
                      }}
                      errors={errors}
                      prefix={`columns.${index}.`}
                    />
                  </Stack>
                </Paper>
              );
            })}
            <TotalEditor
              draft={draft}
              onChange={(total) => setDraft({ ...draft, total })}
              columns={columns.filter((column) => column.type === 'number')}
              errors={errors}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar regras
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface Candidate {
  id: string;
  name: string;
  type: FieldType;
}

interface RulesEditorProps {
  type: FieldType;
  unit: string | null;
  rules: RulesDraft;
  onChange: (rules: Partial<RulesDraft>) => void;
  /** The fields (or columns) a condition may read, and those it may not (after this one). */
  candidates: { before: readonly Candidate[]; after: readonly Candidate[] };
  errors: Errors;
  /** The wire's path of these rules in the body ('' or 'columns.2.'). */
  prefix: string;
}

/** The rules of one field or column: requirement, condition, and what its type takes. */
function RulesEditor({
  type,
  unit,
  rules,
  onChange,
  candidates,
  errors,
  prefix,
}: RulesEditorProps) {
  const error = (path: string) => errors[`${prefix}${path}`];
  const input = (key: keyof RulesDraft, label: string, path: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={rules[key] as string}
      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
      error={error(path)}
      {...extra}
    />
  );
  const typed = type !== 'bool' && type !== 'form';
  return (
    <Stack gap="sm">
      <Checkbox
        label={type === 'form' ? 'Obrigatório (ao menos uma linha)' : 'Obrigatório'}
        checked={rules.required}
        onChange={(event) => onChange({ required: event.currentTarget.checked })}
      />
      {rules.required &&
        input('requiredMessage', 'Mensagem quando não preenchido', 'required_message', {
          placeholder: m.required,
        })}
      <ConditionsEditor rules={rules} onChange={onChange} candidates={candidates} error={error} />
      {type === 'number' && (
        <Group grow align="flex-start">
          {input('min', 'Mínimo', 'min', numberProps(unit))}
          {input('max', 'Máximo', 'max', numberProps(unit))}
        </Group>
      )}
      {(type === 'date' || type === 'datetime') && (
        <>
          <Checkbox
            label="Não pode ser futura"
            checked={rules.notFuture}
            onChange={(event) => onChange({ notFuture: event.currentTarget.checked })}
            error={error('not_future')}
          />
          <OnDemandDateInput
            label="Depois de"
            value={rules.after}
            onChange={(after) => onChange({ after })}
            error={error('after')}
            maw={260}
          />
        </>
      )}
      {type === 'text' && (
        <>
          <Group grow align="flex-start">
            {input('minLength', 'Mínimo de caracteres', 'min_length', { inputMode: 'numeric' })}
            {input('maxLength', 'Máximo de caracteres', 'max_length', { inputMode: 'numeric' })}
          </Group>
          {input('pattern', 'Formato', 'pattern', {
            description: '9 para um dígito, A para uma letra, * para letra ou dígito: 9999/9999',
          })}
          {rules.pattern.trim() &&
            input('patternMessage', 'Mensagem do formato', 'pattern_message', {
              placeholder: m.pattern(rules.pattern.trim()),
            })}
        </>
      )}
      {typed &&
        input('message', 'Mensagem quando uma regra não é cumprida', 'message', {
          description: 'Em branco: uma mensagem padrão que diz a regra',
        })}
    </Stack>
  );
}

const numberProps = (unit: string | null) => ({
  inputMode: 'decimal',
  rightSection: unit ? (
    <Text size="xs" c="dimmed" aria-hidden>
      {unit}
    </Text>
  ) : undefined,
});

/** 'Mostrar somente se': conditions on earlier fields, joined by e or ou. */
function ConditionsEditor({
  rules,
  onChange,
  candidates,
  error,
}: {
  rules: RulesDraft;
  onChange: (rules: Partial<RulesDraft>) => void;
  candidates: RulesEditorProps['candidates'];
  error: (path: string) => string | undefined;
}) {
  const all = [...candidates.before, ...candidates.after];
  const { showIf } = rules;
  const setConditions = (conditions: ConditionDraft[]) =>
    onChange({
      showIf: conditions.length > 0 ? { join: showIf?.join ?? 'and', conditions } : null,
    });
  const conditions = showIf?.conditions ?? [];
  const add = () => setConditions([...conditions, { fieldId: null, op: null, value: '' }]);
  const options = (items: readonly Candidate[]) =>
    items.map((item) => ({ value: item.id, label: item.name }));
  const data = [
    { group: 'Antes deste', items: options(candidates.before) },
    ...(candidates.after.length > 0
      ? [{ group: 'Depois deste (não pode)', items: options(candidates.after) }]
      : []),
  ];
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-label="Mostrar somente se">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            Mostrar somente se
          </Text>
          {conditions.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label="Juntar as condições com"
              value={showIf?.join ?? 'and'}
              onChange={(join) => onChange({ showIf: { join: join as 'and' | 'or', conditions } })}
              data={[
                { value: 'and', label: 'e (todas)' },
                { value: 'or', label: 'ou (qualquer uma)' },
              ]}
            />
          )}
        </Group>
        {conditions.length === 0 && (
          <Text size="sm" c="dimmed">
            Sempre mostrado.
          </Text>
        )}
        {(error('show_if') ?? error('show_if.conditions')) && (
          <Text size="sm" c="red.8" role="alert">
            {error('show_if') ?? error('show_if.conditions')}
          </Text>
        )}
        {conditions.map((condition, index) => {
          const target = all.find((item) => item.id === condition.fieldId);
          const ops = target ? OPS[target.type] : [];
          const path = `show_if.conditions.${index}`;
          const set = (changed: Partial<ConditionDraft>) =>
            setConditions(
              conditions.map((item, at) => (at === index ? { ...item, ...changed } : item)),
            );
          const compared =
            condition.op !== null && condition.op !== 'filled' && condition.op !== 'empty';
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="wrap">
              <Select
                label={`Campo da condição ${index + 1}`}
                data={data}
                value={condition.fieldId}
                onChange={(fieldId) => set({ fieldId, op: null, value: '' })}
                error={error(`${path}.field_id`)}
                miw={180}
                flex={2}
              />
              <Select
                label="Comparação"
                data={ops.map((op) => ({ value: op, label: CONDITION_OP_LABELS[op] }))}
                value={condition.op}
                onChange={(op) => set({ op: op as ConditionOp | null })}
                error={error(`${path}.op`)}
                disabled={!target}
                miw={130}
                flex={1}
              />
              {compared && target?.type === 'bool' && (
                <Select
                  label="Resposta"
                  data={[
                    { value: 'true', label: 'Sim' },
                    { value: 'false', label: 'Não' },
                  ]}
                  value={condition.value || null}
                  onChange={(value) => set({ value: value ?? '' })}
                  error={error(`${path}.value`)}
                  miw={100}
                  flex={1}
                />
              )}
              {compared && target?.type !== 'bool' && (
                <TextInput
                  label="Valor"
                  inputMode="decimal"
                  value={condition.value}
                  onChange={(event) => set({ value: event.currentTarget.value })}
                  error={error(`${path}.value`)}
                  miw={100}
                  flex={1}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Retirar a condição ${index + 1}`}
                onClick={() => setConditions(conditions.filter((_, at) => at !== index))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={add}
            disabled={all.length === 0}
          >
            Adicionar condição
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A Lista's total: the sum of a Número column under its rows, and its limit. */
function TotalEditor({
  draft,
  onChange,
  columns,
  errors,
}: {
  draft: LogicDraft;
  onChange: (total: LogicDraft['total']) => void;
  columns: readonly Candidate[];
  errors: Errors;
}): ReactNode {
  const { total } = draft;
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-label="Soma da lista">
      <Stack gap="xs">
        <Select
          label="Somar a coluna"
          description={columns.length === 0 ? 'A lista não tem coluna do tipo Número' : undefined}
          placeholder="Sem soma"
          clearable
          data={columns.map((column) => ({ value: column.id, label: column.name }))}
          value={total?.fieldId ?? null}
          onChange={(fieldId) =>
            onChange(
              fieldId
                ? {
                    fieldId,
                    max: total?.max ?? '',
                    maxRiceArea: total?.maxRiceArea ?? false,
                    message: total?.message ?? '',
                  }
                : null,
            )
          }
          error={errors['total.field_id']}
        />
        {total && (
          <>
            <TextInput
              label="A soma não pode passar de"
              inputMode="decimal"
              value={total.max}
              onChange={(event) => onChange({ ...total, max: event.currentTarget.value })}
              error={errors['total.max']}
            />
            <Checkbox
              label="Nem da área de arroz inscrita no pedido (ha)"
              checked={total.maxRiceArea}
              onChange={(event) => onChange({ ...total, maxRiceArea: event.currentTarget.checked })}
            />
            <TextInput
              label="Mensagem quando a soma passa do limite"
              description="Em branco: uma mensagem padrão com a soma e o limite"
              value={total.message}
              onChange={(event) => onChange({ ...total, message: event.currentTarget.value })}
              error={errors['total.message']}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
