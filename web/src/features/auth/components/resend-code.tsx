import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { RESEND_CODE_COOLDOWN_SECONDS, messages } from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { useCountdown } from '../../../lib/use-countdown';

/** What the server answers when it sends a code again. */
export interface CodeSent {
  email: string;
  resendAfter: number;
}

/**
 * 'Reenviar código' on the pages that wait for an e-mailed code (account verification, password
 * reset): sends again, then waits out the cooldown the server gave, or the usual one after a
 * 429 (a code went out a moment ago from elsewhere). `initialWait` carries a cooldown that began
 * on the page before.
 */
export function useResendCode(options: {
  onSent: (sent: CodeSent) => void;
  onFailed: (message: string) => void;
  initialWait?: number;
}) {
  const { onSent, onFailed, initialWait = 0 } = options;
  const [sending, setSending] = useState(false);
  const cooldown = useCountdown();
  const { start } = cooldown;
  useEffect(() => {
    if (initialWait > 0) start(initialWait);
  }, [initialWait, start]);

  const resend = async (send: () => Promise<CodeSent>) => {
    setSending(true);
    try {
      const sent = await send();
      onSent(sent);
      start(sent.resendAfter);
    } catch (error) {
      if (isApiError(error) && error.status === 429) start(RESEND_CODE_COOLDOWN_SECONDS);
      onFailed(errorMessage(error, messages.common.requestFailed));
    } finally {
      setSending(false);
    }
  };

  return { resend, sending, secondsLeft: cooldown.seconds, startCooldown: start };
}

/** The button of useResendCode, with the seconds left while it waits. */
export function ResendCodeButton({
  resender,
  onClick,
  size,
}: {
  resender: Pick<ReturnType<typeof useResendCode>, 'sending' | 'secondsLeft'>;
  onClick: () => void;
  size?: ButtonProps['size'];
}) {
  const { sending, secondsLeft } = resender;
  return (
    <Button
      variant="subtle"
      size={size}
      leftSection={<IconMailForward size={size === 'compact-sm' ? 16 : 18} aria-hidden />}
      onClick={onClick}
      disabled={secondsLeft > 0 || sending}
    >
      {secondsLeft > 0 ? `Reenviar código (${secondsLeft} s)` : 'Reenviar código'}
    </Button>
  );
}
