import { Checkbox, Stack, TextInput } from '@mantine/core';
import { parseRiceArea } from '@agroselo/contracts';
import { typedRiceArea } from '../../lib/rice-area';

/** What a request records besides the property: the rice area enrolled and the consent. */
export interface RequestFactsValue {
  /** As typed, with the pt-BR decimal comma: '125,50'. */
  area: string;
  consent: boolean;
}

export const EMPTY_FACTS: RequestFactsValue = { area: '', consent: false };

/** The multipart fields of PUT …/request for these facts, or the area's message. */
export function requestFactsFields(
  facts: RequestFactsValue,
): { fields: Record<string, string>; error?: undefined } | { error: string } {
  const area = parseRiceArea(facts.area);
  if (!area.ok) return { error: area.message };
  return {
    fields: { rice_area_ha: String(area.value), publish_consent: String(facts.consent) },
  };
}

/**
 * 'Área de arroz inscrita (ha)' (required, decimal comma) and the consent to the public registry
 * (off unless ticked). `error` is the area's message once the user tried to send.
 */
export function RequestFacts({
  value,
  onChange,
  error,
  disabled,
}: {
  value: RequestFactsValue;
  onChange: (value: RequestFactsValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Área de arroz inscrita (ha)"
        description="Em hectares, com até duas casas decimais (ex.: 125,50)"
        placeholder="125,50"
        inputMode="decimal"
        autoComplete="off"
        required
        value={value.area}
        onChange={(event) => onChange({ ...value, area: typedRiceArea(event.currentTarget.value) })}
        error={error}
        disabled={disabled}
        maw={280}
      />
      <Checkbox
        label="Aceito que esta propriedade apareça no registro público de certificados"
        description="Você pode mudar isso depois, na página do processo."
        checked={value.consent}
        onChange={(event) => onChange({ ...value, consent: event.currentTarget.checked })}
        disabled={disabled}
      />
    </Stack>
  );
}
