import { useId } from 'react';
import { Group, Stack, Switch } from '@mantine/core';
import { SEAL_LEVELS, type ReviewSettingsBody } from '@agroselo/contracts';

/** The review settings as switches show them. */
export interface ReviewSwitches {
  levels: boolean;
  committee: boolean;
}

export const switchesOf = (process: { levels: readonly string[]; committee: boolean }) => ({
  levels: process.levels.length > 0,
  committee: process.committee,
});

export const settingsBody = (switches: ReviewSwitches): ReviewSettingsBody => ({
  levels: switches.levels ? [...SEAL_LEVELS] : [],
  committee: switches.committee,
});

const SWITCHES = [
  {
    key: 'levels',
    label: 'Níveis Prata e Ouro',
    explanation: 'O selo é concedido no nível Prata ou Ouro, escolhido na decisão.',
  },
  {
    key: 'committee',
    label: 'Decisão por comitê',
    explanation: 'O técnico dá o parecer técnico e um administrador (o comitê) decide.',
  },
] as const;

interface ReviewSettingsSwitchesProps {
  value: ReviewSwitches;
  onChange: (value: ReviewSwitches) => void;
  disabled?: boolean;
  /** Side by side and without the explanations, on the process card. */
  compact?: boolean;
}

/** 'Níveis Prata e Ouro' and 'Decisão por comitê' (DESIGN §4b). */
export function ReviewSettingsSwitches({
  value,
  onChange,
  disabled = false,
  compact = false,
}: ReviewSettingsSwitchesProps) {
  const id = useId();
  const Layout = compact ? Group : Stack;
  return (
    <Layout gap={compact ? 'md' : 'sm'}>
      {SWITCHES.map(({ key, label, explanation }) => (
        <Switch
          key={key}
          size={compact ? 'sm' : 'md'}
          label={label}
          // The switch's label wraps the explanation too: the name stays the label alone.
          aria-label={label}
          aria-describedby={compact ? undefined : `${id}-${key}`}
          description={compact ? undefined : <span id={`${id}-${key}`}>{explanation}</span>}
          checked={value[key]}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
        />
      ))}
    </Layout>
  );
}
