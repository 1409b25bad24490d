import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { CONTACT_EMAIL } from '../../lib/site';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  return (
    <LegalDocument title="Termos de Uso" updatedAt="1º de março de 2024">
      <p>
        Estes termos regem o uso do AgroSelo, plataforma mantida pela Universidade Federal de
        Pelotas (UFPel) para a certificação da qualidade da produção de arroz. Ao criar uma conta
        você concorda com eles e com a{' '}
        <Anchor component={Link} to={paths.privacy()}>
          Política de Privacidade
        </Anchor>
        .
      </p>

      <h2>1. O serviço</h2>
      <p>
        O AgroSelo permite que produtores rurais cadastrem as suas propriedades, solicitem selos de
        qualidade e acompanhem o processo de certificação, e que técnicos avaliem essas
        solicitações. O uso é gratuito. A plataforma é um projeto de ensino, pesquisa e extensão e
        pode passar por interrupções para manutenção.
      </p>

      <h2>2. Contas</h2>
      <ul>
        <li>A conta é pessoal e intransferível; cada pessoa deve ter uma única conta.</li>
        <li>
          Você deve informar dados verdadeiros e confirmar o seu e-mail com o código que enviamos.
        </li>
        <li>
          Você é responsável por manter a sua senha em sigilo e por tudo o que for feito com a sua
          conta. Avise-nos imediatamente em caso de uso não autorizado.
        </li>
        <li>Perfis de técnico e de administrador são concedidos pela administração do AgroSelo.</li>
      </ul>

      <h2>3. Obrigações do usuário</h2>
      <ul>
        <li>
          enviar apenas informações e documentos verdadeiros, atualizados e de que tenha o direito
          de dispor;
        </li>
        <li>cadastrar somente propriedades pelas quais responda legalmente;</li>
        <li>
          não tentar acessar dados de outras pessoas, burlar controles de acesso ou prejudicar o
          funcionamento da plataforma;
        </li>
        <li>respeitar a legislação ambiental, sanitária e trabalhista aplicável à produção.</li>
      </ul>

      <h2>4. Selos e certificação</h2>
      <p>
        Cada selo pertence a um processo de certificação com período de inscrição, formulários e
        critérios próprios, descritos no edital do processo. A solicitação é analisada por um
        técnico, que pode aceitá-la ou recusá-la. A concessão depende do cumprimento de todas as
        etapas e da aprovação final. O selo vale pelo prazo indicado no certificado e pode ser
        cancelado se for constatado que as informações prestadas eram falsas ou que os critérios
        deixaram de ser cumpridos. O uso do nome e da marca de um selo só é permitido enquanto o
        certificado estiver válido.
      </p>

      <h2>5. Responsabilidades</h2>
      <p>
        O selo atesta a conformidade com os critérios do processo na data da avaliação, com base nas
        informações e documentos apresentados. A UFPel não responde por informações falsas prestadas
        pelos usuários, por decisões comerciais tomadas com base no selo nem por indisponibilidades
        temporárias da plataforma. O usuário responde pelos danos que causar por uso indevido do
        serviço.
      </p>

      <h2>6. Suspensão de contas</h2>
      <p>
        Contas podem ser desativadas pela administração em caso de violação destes termos, de fraude
        ou a pedido do titular. Processos em andamento de uma conta desativada ficam suspensos.
      </p>

      <h2>7. Alterações</h2>
      <p>
        Estes termos podem mudar. A data da última atualização aparece no início da página, e
        mudanças relevantes serão avisadas por e-mail. Continuar usando a plataforma depois do aviso
        significa aceitar a nova versão.
      </p>

      <h2>8. Contato e foro</h2>
      <p>
        Dúvidas sobre estes termos podem ser enviadas para{' '}
        <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>. Fica eleito o foro da
        Justiça Federal, Seção Judiciária do Rio Grande do Sul, Subseção de Pelotas, para resolver
        questões decorrentes destes termos, ressalvado o direito do consumidor de propor ação no seu
        domicílio.
      </p>
    </LegalDocument>
  );
}
