import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { CONTACT_EMAIL, PRIVACY_EMAIL } from '../../lib/site';
import { LegalDocument } from './legal-document';

const mail = (address: string) => <Anchor href={`mailto:${address}`}>{address}</Anchor>;

export function PrivacyPage() {
  return (
    <LegalDocument title="Política de Privacidade" updatedAt="25 de novembro de 2026">
      <p>
        Esta política explica como o AgroSelo trata os dados pessoais de quem usa a plataforma, em
        conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). Ao
        criar uma conta ou solicitar um selo, você declara ter lido este documento.
      </p>

      <h2>1. Quem controla os seus dados</h2>
      <p>
        O controlador dos dados é a Universidade Federal de Pelotas (UFPel), instituição pública
        federal responsável pelo AgroSelo. Dúvidas e pedidos sobre dados pessoais são atendidos pelo
        encarregado de proteção de dados do projeto, pelo e-mail {mail(PRIVACY_EMAIL)}.
      </p>

      <h2>2. Quais dados coletamos</h2>
      <ul>
        <li>
          <strong>Dados de cadastro:</strong> nome, sobrenome, e-mail, CPF, telefone e senha (a
          senha é guardada apenas de forma cifrada, nunca em texto legível).
        </li>
        <li>
          <strong>Dados de técnicos:</strong> número de registro no CREA.
        </li>
        <li>
          <strong>Dados das propriedades:</strong> razão social, CNPJ, município, localidade,
          coordenadas geográficas, inscrição no IRGA, número do CAR, licenças de operação e suas
          validades, nome do responsável e, se informados, nome, telefone e CREA do responsável
          técnico.
        </li>
        <li>
          <strong>Dados da certificação:</strong> respostas aos formulários de cada processo,
          comprovantes e documentos enviados, assinaturas eletrônicas e o histórico de cada etapa
          (quem fez o quê e quando).
        </li>
        <li>
          <strong>Dados técnicos:</strong> registros de acesso exigidos pelo Marco Civil da Internet
          (Lei nº 12.965/2014), como endereço IP, data e hora.
        </li>
      </ul>

      <h2>3. Para que usamos os dados</h2>
      <ul>
        <li>identificar você e proteger o acesso à sua conta;</li>
        <li>
          avaliar as solicitações de selos e conduzir os processos de certificação das propriedades;
        </li>
        <li>emitir certificados e permitir que qualquer pessoa verifique a sua autenticidade;</li>
        <li>enviar avisos sobre a sua conta e o andamento dos seus processos;</li>
        <li>
          produzir estudos e estatísticas sobre a produção de arroz, sempre de forma agregada ou
          anonimizada.
        </li>
      </ul>
      <p>Não vendemos dados pessoais nem os usamos para publicidade.</p>

      <h2>4. Bases legais</h2>
      <ul>
        <li>
          <strong>Execução de contrato e procedimentos preliminares</strong> (art. 7º, V): para
          manter a sua conta e conduzir a certificação que você solicitou;
        </li>
        <li>
          <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): para guardar
          registros de acesso e documentos exigidos por lei;
        </li>
        <li>
          <strong>Execução de políticas públicas e realização de estudos</strong> (art. 7º, III e
          IV): atividades de ensino, pesquisa e extensão da universidade, com anonimização sempre
          que possível;
        </li>
        <li>
          <strong>Exercício regular de direitos</strong> (art. 7º, VI): para guardar o histórico das
          decisões de certificação.
        </li>
      </ul>

      <h2>5. Por quanto tempo guardamos</h2>
      <p>
        Os dados da conta são mantidos enquanto ela estiver ativa. Os dados de processos de
        certificação e os certificados emitidos são guardados por até 5 (cinco) anos após o fim da
        validade do selo, para permitir verificações e auditorias. Registros de acesso são mantidos
        por 6 (seis) meses, como determina o Marco Civil da Internet. Depois desses prazos, os dados
        são eliminados ou anonimizados.
      </p>

      <h2>6. Com quem compartilhamos</h2>
      <p>
        Os dados das propriedades e dos processos são vistos pelos técnicos e administradores do
        AgroSelo responsáveis pela avaliação. Podemos compartilhar dados com órgãos públicos quando
        houver obrigação legal ou ordem judicial. A página pública de verificação de um certificado
        mostra apenas o número do certificado, o selo, a propriedade certificada e a validade. Os
        dados ficam hospedados em infraestrutura da universidade.
      </p>
      <p>
        O{' '}
        <Anchor component={Link} to={paths.registry()}>
          registro público de certificados
        </Anchor>{' '}
        lista as propriedades com selo válido, para que compradores encontrem quem tem o selo. Uma
        propriedade só aparece nele se o produtor autorizar, e o registro mostra apenas o nome da
        propriedade, o município, a região, o selo, a safra, o nível e a validade: nunca CPF, CNPJ,
        e-mail, telefone ou nome de pessoas. A autorização pode ser dada ou retirada a qualquer
        momento, e a data fica guardada.
      </p>

      <h2>7. Seus direitos</h2>
      <p>Pela LGPD (art. 18), você pode pedir a qualquer momento:</p>
      <ul>
        <li>a confirmação de que tratamos os seus dados e o acesso a eles;</li>
        <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>
          a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em
          desacordo com a lei;
        </li>
        <li>a portabilidade dos dados a outro fornecedor de serviço;</li>
        <li>informações sobre as entidades com as quais compartilhamos os seus dados;</li>
        <li>
          a eliminação dos dados tratados com o seu consentimento e a revogação desse consentimento;
        </li>
        <li>a revisão de decisões tomadas com base em tratamento automatizado.</li>
      </ul>

      <h2>8. Como exercer os seus direitos</h2>
      <p>
        Você mesmo resolve a maior parte dos pedidos na página{' '}
        <Anchor component={Link} to={paths.profile()}>
          Perfil
        </Anchor>
        , na seção “Privacidade e dados”:
      </p>
      <ul>
        <li>
          <strong>Corrigir:</strong> altere o seu nome, e-mail, CPF e telefone em “Informações
          pessoais”.
        </li>
        <li>
          <strong>Baixar meus dados:</strong> recebe na hora um arquivo (JSON) com tudo o que
          guardamos sobre você: a conta, as propriedades, os pedidos de selo, as respostas aos
          formulários, os nomes dos arquivos enviados, os consentimentos com as datas e o histórico
          da conta. O arquivo serve também para levar os seus dados a outro serviço.
        </li>
        <li>
          <strong>Aparecer no registro público:</strong> para cada propriedade certificada, ligue ou
          desligue a opção. Vale na hora: desligada, a propriedade sai do registro público (o
          certificado continua verificável pelo número).
        </li>
        <li>
          <strong>Excluir minha conta:</strong> enviamos um código para o seu e-mail e, quando você
          o confirma, apagamos o seu nome, CPF, telefone e e-mail (eles viram marcas de “conta
          excluída”) e encerramos todas as suas sessões: ninguém mais entra com essa conta.
        </li>
      </ul>
      <p>
        Mesmo depois da exclusão, guardamos, como a LGPD permite (art. 16), o que a lei ou a
        verificação dos selos exige: os certificados já emitidos continuam verificáveis na página de
        verificação, e ficam as propriedades, os pedidos de selo com as respostas e os registros de
        auditoria (quem fez o quê e quando), pelos prazos da seção 5. Se você for o último
        administrador da plataforma, nomeie outro antes de excluir a sua conta.
      </p>
      <p>
        Para os demais pedidos, escreva para {mail(PRIVACY_EMAIL)} a partir do e-mail cadastrado,
        dizendo qual direito deseja exercer. Responderemos em até 15 (quinze) dias. Se não ficar
        satisfeito com a resposta, você pode procurar a Autoridade Nacional de Proteção de Dados
        (ANPD).
      </p>

      <h2>9. Cookies e armazenamento local</h2>
      <p>
        O AgroSelo não usa cookies de publicidade nem ferramentas de rastreamento. Quando você entra
        na plataforma, guardamos no seu navegador apenas o token da sua sessão: no armazenamento da
        sessão, que é apagado ao fechar o navegador, ou, se você marcar “Lembrar de mim”, no
        armazenamento local, até você sair da conta. Esse token serve somente para manter você
        conectado.
      </p>

      <h2>10. Segurança</h2>
      <p>
        As senhas são cifradas, o acesso é protegido por conexão segura e cada perfil vê apenas o
        que precisa para a sua função. Tentativas repetidas de acesso com senha errada bloqueiam
        temporariamente a conta para evitar invasões.
      </p>

      <h2>11. Alterações desta política</h2>
      <p>
        Esta política pode ser atualizada. A data da última atualização aparece no início da página,
        e mudanças relevantes serão avisadas por e-mail. Outras dúvidas sobre o AgroSelo podem ser
        enviadas para {mail(CONTACT_EMAIL)}.
      </p>
    </LegalDocument>
  );
}
