import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Typography } from '@mantine/core';
import classes from './terms-agreement.module.css';

interface TermsAgreementProps {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  /** The modal's title, e.g. 'Termos de Uso da solicitação de selo'. */
  title: string;
  /** The terms themselves: headings, paragraphs and lists. */
  children: ReactNode;
  disabled?: boolean;
}

/**
 * Spec §2, §5: 'Li e concordo' opens the terms; only 'Aceito os termos' ticks the box, Cancelar
 * leaves it empty, and unticking needs no second reading. The actions it guards stay disabled
 * until it is ticked.
 */
export function TermsAgreement({
  accepted,
  onChange,
  title,
  children,
  disabled,
}: TermsAgreementProps) {
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Checkbox
        label="Li e concordo"
        description="Abre os termos para leitura; a caixa fica marcada quando você os aceita."
        checked={accepted}
        disabled={disabled}
        onChange={(event) => {
          if (event.currentTarget.checked) setOpened(true);
          else onChange(false);
        }}
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        size="lg"
        centered
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Stack gap="md">
          <Typography className={classes.terms}>{children}</Typography>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button
              onClick={() => {
                onChange(true);
                setOpened(false);
              }}
            >
              Aceito os termos
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
