import { IconMapSearch } from '@tabler/icons-react';
import { messages } from '@agroselo/contracts';
import { MessagePage } from '../../components/message-page';

export function NotFoundPage() {
  return (
    <MessagePage icon={<IconMapSearch size={40} />} title={messages.common.pageNotFound}>
      O endereço que você acessou não existe ou foi removido. Confira o link ou volte para a página
      inicial.
    </MessagePage>
  );
}
