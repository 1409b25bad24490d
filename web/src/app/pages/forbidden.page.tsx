import { IconLock } from '@tabler/icons-react';
import { messages } from '@agroselo/contracts';
import { MessagePage } from '../../components/message-page';

export function ForbiddenPage() {
  return (
    <MessagePage icon={<IconLock size={40} />} title="Acesso negado">
      {messages.auth.forbidden}. Se você acredita que deveria ter acesso, fale com a administração
      do AgroSelo.
    </MessagePage>
  );
}
