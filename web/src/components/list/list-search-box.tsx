import type { FormEvent } from 'react';
import { CloseButton, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface ListSearchBoxProps {
  /** The accessible name, e.g. 'Buscar usuários'. */
  label: string;
  placeholder: string;
  value: string;
  onType: (value: string) => void;
  onClear: () => void;
  onSubmit: (event: FormEvent) => void;
  /** A new answer is on its way while the old one stays on screen. */
  busy: boolean;
}

/** The search box above a list, with a way to clear it. */
export function ListSearchBox({
  label,
  placeholder,
  value,
  onType,
  onClear,
  onSubmit,
  busy,
}: ListSearchBoxProps) {
  return (
    <form role="search" onSubmit={onSubmit}>
      <TextInput
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onType(event.currentTarget.value)}
        leftSection={busy ? <Loader size={16} aria-hidden /> : <IconSearch size={18} aria-hidden />}
        rightSection={
          value ? <CloseButton aria-label="Limpar busca" onClick={onClear} /> : undefined
        }
        size="md"
        maw={560}
      />
    </form>
  );
}
