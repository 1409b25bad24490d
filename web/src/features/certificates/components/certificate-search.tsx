import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages, normalizeCertificateNumber } from '@agroselo/contracts';
import { paths } from '../../../lib/paths';

/**
 * The number as printed or read over the phone, in any case, with or without dashes: it opens
 * that certificate's verification page.
 */
export function CertificateSearch({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = normalizeCertificateNumber(value);
    if (!number) {
      setError(messages.certificates.numberInvalid);
      return;
    }
    setError(null);
    void navigate(paths.verify(number));
  };

  return (
    <form onSubmit={submit} noValidate role="search" aria-label="Verificar certificado">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Número do certificado"
          placeholder="AGS-0000-0000"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          w={{ base: '100%', xs: 280 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button
          type="submit"
          leftSection={<IconSearch size={18} aria-hidden />}
          mt={{ base: 0, xs: 25 }}
          w={{ base: '100%', xs: 'auto' }}
        >
          Verificar
        </Button>
      </Group>
    </form>
  );
}
