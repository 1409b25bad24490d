import { IconAlertTriangle } from '@tabler/icons-react';
import { MessagePage } from '../../components/message-page';

/** Router error element: a page that failed to render or to load (e.g. after a deploy). */
export function ErrorPage() {
  return (
    <MessagePage
      icon={<IconAlertTriangle size={40} />}
      title="Algo deu errado"
      actionLabel="Recarregar a página"
      actionTo="."
      reloadDocument
    >
      Não foi possível exibir esta página. Recarregue e tente novamente; se o problema continuar,
      fale com a administração do AgroSelo.
    </MessagePage>
  );
}
