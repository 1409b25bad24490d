import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PRIVACY_EMAIL } from '../../lib/site';

const privacyMail = <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>;
const privacyPolicy = (
  <Anchor component={Link} to={paths.privacy()} target="_blank">
    Política de Privacidade
  </Anchor>
);

export const REQUEST_TERMS_TITLE = 'Termos de Uso da solicitação de selo';

/** What a producer agrees to when asking for a seal (LGPD, Lei nº 13.709/2018). */
export function SealRequestTerms({ sealName }: { sealName: string }) {
  return (
    <>
      <p>
        Ao solicitar o selo <strong>{sealName}</strong> para a propriedade escolhida, você, como
        responsável por ela, declara que as informações cadastradas são verdadeiras e concorda com
        as condições abaixo.
      </p>
      <h3>1. O que você compartilha</h3>
      <ul>
        <li>
          os dados da propriedade: razão social, denominação, CNPJ, município, localidade,
          coordenadas, inscrição no IRGA, número do CAR e as licenças de operação com as suas
          validades;
        </li>
        <li>o seu nome e contato, o nome do responsável e, se informado, o responsável técnico;</li>
        <li>
          depois que o processo começar, as respostas aos formulários, os comprovantes anexados e as
          assinaturas eletrônicas de cada etapa.
        </li>
      </ul>
      <h3>2. Com quem e para quê</h3>
      <p>
        Os dados são vistos pelos técnicos e administradores do AgroSelo, da Universidade Federal de
        Pelotas (UFPel), somente para avaliar esta solicitação, acompanhar o processo e decidir
        sobre a concessão do selo. Eles não são vendidos nem usados para publicidade, e só são
        repassados a órgãos públicos quando a lei ou uma ordem judicial exigir. Se o selo for
        concedido, a página pública de verificação do certificado mostra o número do certificado, o
        selo, o nome da propriedade e a validade. Estudos da universidade usam os dados apenas de
        forma agregada ou anonimizada.
      </p>
      <h3>3. Por quanto tempo</h3>
      <p>
        Os dados do processo ficam guardados enquanto ele estiver em andamento e, depois, por até 5
        (cinco) anos após o fim da validade do selo, para permitir verificações e auditorias. Uma
        solicitação rejeitada fica no histórico do selo nesta propriedade pelo mesmo prazo. Depois
        disso, os dados são eliminados ou anonimizados.
      </p>
      <h3>4. Seus compromissos</h3>
      <ul>
        <li>manter os dados da propriedade e as licenças atualizados durante o processo;</li>
        <li>preencher os formulários dentro dos prazos indicados em cada um;</li>
        <li>
          permitir, com agendamento prévio, a vistoria da lavoura e das instalações pelo técnico
          responsável.
        </li>
      </ul>
      <h3>5. Seus direitos</h3>
      <p>
        Pela LGPD (art. 18), você pode pedir a confirmação do tratamento e o acesso aos dados, a
        correção do que estiver errado, a anonimização, o bloqueio ou a eliminação do que for
        desnecessário, a portabilidade, a informação sobre com quem os dados foram compartilhados e
        a revogação desta concordância. Revogá-la encerra a solicitação e o processo em andamento,
        sem afetar o que já foi feito até ali. Escreva para {privacyMail} a partir do e-mail da sua
        conta; a resposta vem em até 15 (quinze) dias. Os detalhes estão na {privacyPolicy}.
      </p>
    </>
  );
}

export const START_TERMS_TITLE = 'Termos de Uso do início do processo';

/** What the owner agrees to when starting an accepted process. */
export function ProcessStartTerms({ sealName }: { sealName: string }) {
  return (
    <>
      <p>
        Ao iniciar o processo do selo <strong>{sealName}</strong>, os formulários da certificação
        ficam disponíveis para você preencher, e os prazos de cada um passam a valer.
      </p>
      <h3>1. O que você se compromete a fazer</h3>
      <ul>
        <li>
          responder aos formulários com informações verdadeiras e anexar comprovantes autênticos,
          dos quais você tenha o direito de dispor;
        </li>
        <li>concluir cada formulário obrigatório dentro do seu prazo;</li>
        <li>
          assinar, com a sua senha, os formulários que exigem assinatura: a assinatura registra o
          seu nome, a data e uma impressão digital do conteúdo, que não poderá mais ser alterado;
        </li>
        <li>receber o técnico responsável para vistoria, com agendamento prévio.</li>
      </ul>
      <h3>2. O que acontece com os dados</h3>
      <p>
        As respostas e os documentos são vistos pelo técnico responsável e pelos administradores do
        AgroSelo para avaliar o cumprimento dos critérios do edital, e ficam guardados por até 5
        (cinco) anos após o fim da validade do selo. Informações falsas levam à reprovação ou ao
        cancelamento do selo.
      </p>
      <h3>3. Seus direitos</h3>
      <p>
        Você mantém todos os direitos da LGPD (art. 18) — acesso, correção, eliminação,
        portabilidade e revogação — pelo e-mail {privacyMail}, como descrito na {privacyPolicy}.
      </p>
    </>
  );
}

export const EVALUATION_TERMS_TITLE = 'Termos de Uso da avaliação';

/** What a technician or an admin commits to when evaluating a request. */
export function EvaluationTerms({ businessName }: { businessName: string }) {
  return (
    <>
      <p>
        Ao avaliar a solicitação da propriedade <strong>{businessName}</strong>, você passa a ser o
        técnico responsável por este processo até a sua conclusão.
      </p>
      <h3>1. Seus compromissos</h3>
      <ul>
        <li>
          decidir com base nos critérios do edital e nos dados apresentados, e declarar-se impedido
          se tiver vínculo pessoal, familiar ou comercial com o produtor ou com a propriedade;
        </li>
        <li>
          usar os dados da propriedade e do produtor somente para esta avaliação e para o
          acompanhamento do processo, sem copiá-los nem repassá-los a terceiros;
        </li>
        <li>
          guardar sigilo sobre as informações comerciais, produtivas e pessoais a que tiver acesso,
          também depois do fim do processo.
        </li>
      </ul>
      <h3>2. Registro da decisão</h3>
      <p>
        A decisão de aceitar ou rejeitar fica registrada com o seu nome, a data e a hora na linha do
        tempo do processo, visível ao produtor, e não pode ser desfeita. Se rejeitar, o produtor
        poderá fazer uma nova solicitação, que ficará ligada a esta no histórico do selo.
      </p>
      <h3>3. Proteção de dados</h3>
      <p>
        Você trata esses dados em nome da UFPel, controladora dos dados, e deve seguir a LGPD e a{' '}
        {privacyPolicy}. Incidentes, como acesso indevido ou perda de dados, devem ser comunicados
        imediatamente a {privacyMail}.
      </p>
    </>
  );
}
