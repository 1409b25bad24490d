const sortInvalid = (keys: readonly string[]) =>
  `Ordene por uma destas colunas (com - na frente para a ordem inversa): ${keys.join(', ')}`;

/** Every pt-BR message the user can read, in one place: rules, server and tests refer to these. */
export const messages = {
  auth: {
    wrongCredentials: 'E-mail ou senha incorretos',
    accountDisabled: 'Conta desativada. Procure a administração do AgroSelo.',
    notAuthenticated: 'Você precisa entrar para continuar',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    forbidden: 'Você não tem permissão para esta ação',
    accountNotVerified: 'Conta não verificada',
    tooManyAttempts: 'Muitas tentativas. Tente novamente em alguns minutos.',
    tooManyRequests: 'Muitas requisições. Aguarde um momento e tente novamente.',
    emailTaken: 'E-mail já cadastrado',
    codeWrong: 'Código inválido',
    codeExpired: 'Código expirado. Solicite um novo código.',
    codeRequired: 'Informe o código',
    alreadyVerified: 'Conta já verificada',
    resendTooSoon: 'Aguarde um minuto antes de pedir um novo código.',
    loginRequired: 'Para requisitar o selo você deve estar autenticado',
  },
  register: {
    emailRequired: 'Um e-mail válido é necessário',
    emailInvalid: 'Email inválido',
    firstNameRequired: 'Um nome é necessário',
    firstNameInvalid: 'Nome inválido',
    lastNameRequired: 'Um sobrenome é necessário',
    lastNameInvalid: 'Sobrenome inválido',
    cpfRequired: 'É necessário um cpf válido',
    cpfInvalid: 'CPF inválido',
    phoneRequired: 'É necessário um número de telefone',
    phoneInvalid: 'Telefone inválido',
    passwordRequired: 'É necessário uma senha válida',
    passwordTooShort: 'A senha deve ter no mínimo 8 caracteres',
    passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
    confirmRequired: 'É necessário confirmar a senha',
    passwordsDiffer: 'As senhas não correspondem',
    creaInvalid: 'CREA deve ter 7 ou 14 dígitos',
  },
  profile: {
    exactlyOneField: 'Envie exatamente um campo para alterar',
    creaOnlyTechnicians: 'Apenas técnicos possuem CREA',
  },
  users: {
    notFound: 'Usuário não encontrado',
    cannotDisableAdmin: 'Administradores não podem ser desativados',
    cannotDisableSelf: 'Você não pode desativar a sua própria conta',
    technicianFromProducerOnly: 'Apenas contas de Usuário ou Produtor podem se tornar Técnico',
    alreadyAdmin: 'Este usuário já é Administrador',
    adminMustBeActive: 'Reative a conta antes de torná-la Administrador',
    creaRequired: 'Informe o CREA',
    // The Usuários table's filters (DESIGN §4c).
    roleFilterInvalid: 'Escolha o papel: user, owner, technician, admin ou staff',
    statusFilterInvalid: 'Escolha a situação: active ou inactive',
  },
  /** LGPD self-service (profile, 'Privacidade e dados'). */
  privacy: {
    lastAdmin:
      'Você é o último administrador. Nomeie outro administrador antes de excluir a sua conta.',
    deleteCodeSent: 'Enviamos um código para o seu e-mail. Digite-o para confirmar a exclusão.',
    accountDeleted: 'Sua conta foi excluída.',
    downloadFailed: 'Não foi possível baixar os seus dados. Tente novamente.',
  },
  exports: {
    failed: 'Não foi possível exportar. Tente novamente.',
  },
  /** The public registry of certificates and the producer's consent to appear in it. */
  registry: {
    levelInvalid: 'Escolha o nível: prata, ouro ou sem_nivel',
    regionInvalid: 'Escolha uma região do IRGA ou outras',
    consentRequired: 'Informe se a propriedade pode aparecer no registro público: true ou false',
    eventConsentGranted: (name: string) => `Consentimento de publicação concedido por ${name}`,
    eventConsentWithdrawn: (name: string) => `Consentimento de publicação retirado por ${name}`,
    // What the web shows.
    consentGranted: 'Pronto: esta propriedade aparece no registro público de certificados.',
    consentWithdrawn: 'Pronto: esta propriedade não aparece mais no registro público.',
    consentFailed: 'Não foi possível salvar a sua escolha. Tente novamente.',
  },
  /** The password policy and account recovery: every place a password is set. */
  password: {
    hint: 'No mínimo 8 caracteres; evite senhas comuns, seu e-mail ou seu CPF',
    common: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    sameAsEmail: 'A senha não pode ser igual ao seu e-mail.',
    sameAsCpf: 'A senha não pode ser igual ao seu CPF.',
    currentRequired: 'Informe a senha atual',
    currentWrong: 'Senha atual incorreta',
    sameAsCurrent: 'A nova senha deve ser diferente da atual',
    resetCodeInvalid: 'Código inválido ou expirado. Confira o código ou peça um novo.',
  },

  properties: {
    businessNameRequired: 'Um nome é necessário',
    businessNameInvalid: 'Nome inválido',
    businessTypeRequired: 'Uma denominação é necessária',
    businessTypeInvalid: 'Denominação inválida',
    cnpjRequired: 'É necessário inserir o CNPJ',
    cnpjInvalid: 'CNPJ inválido',
    cnpjTaken: 'CNPJ já cadastrado',
    municipalityRequired: 'É necessário inserir o município',
    municipalityInvalid: 'Município inválido',
    farmingLoNumberRequired: 'Número da LO da lavoura é obrigatório',
    farmingLoValidityRequired: 'Validade da LO da lavoura é obrigatória',
    dryingLoNumberRequired: 'Número da LO da unidade de armazenamento é obrigatório',
    dryingLoValidityRequired: 'Validade da LO da unidade de armazenamento é obrigatória',
    dateInvalid: 'Data inválida',
    irgaRequired: 'Número de inscrição no IRGA é obrigatório',
    carRequired: 'Número do CAR é obrigatório',
    carTooShort: 'CAR deve ter no mínimo 30 dígitos',
    carInvalid: 'CAR deve conter apenas letras, números, pontos, hífens e barras',
    latitudeRequired: 'Latitude é obrigatória',
    latitudeInvalid: 'Latitude deve ser um número entre -90 e 90',
    longitudeRequired: 'Longitude é obrigatória',
    longitudeInvalid: 'Longitude deve ser um número entre -180 e 180',
    placeRequired: 'Localidade é obrigatória',
    responsibleNameRequired: 'Nome do responsável é necessário',
    responsibleNameInvalid: 'Nome inválido',
    technicianNameInvalid: 'Nome inválido',
    technicianPhoneInvalid: 'Telefone deve ter exatamente 11 dígitos',
    technicianCreaInvalid: 'CREA deve ter 7 ou 14 dígitos',
    ownerEmailRequired: 'Informe o e-mail do produtor dono da propriedade',
    ownerNotProducer: 'Nenhuma conta de produtor verificada e ativa com este e-mail',
    ownerOnlyForStaff:
      'Apenas técnicos e administradores cadastram propriedades para outro produtor',
    registerFailed: 'Erro ao cadastrar propriedade. Verifique os dados e tente novamente.',
    editFailed: 'Erro ao salvar a propriedade. Verifique os dados e tente novamente.',
    validationHeading: 'Erro de validação:',
  },

  seals: {
    // Spec §8 alerts of the admin's builder.
    processCreateFailed: 'Erro ao criar processo. Tente novamente.',
    formCreated: 'Formulário criado com sucesso!',
    formCreateFailed: 'Erro ao criar formulário',
    formUpdated: 'Formulário atualizado com sucesso!',
    formUpdateFailed: 'Erro ao atualizar formulário',
    fieldAlreadyInForm: 'Este campo já está associado ao formulário',
    fieldAddFailed: 'Erro ao adicionar campo ao formulário',
    fieldAdded: 'Campo adicionado com sucesso!',
    documentAdded: 'Documento adicionado com sucesso!',
    fieldRemoved: 'Campo removido com sucesso!',
    documentRemoved: 'Documento removido com sucesso!',
    fieldRemoveFailed: 'Erro ao remover campo do formulário',
    fieldCreated: 'Campo criado com sucesso!',
    documentCreated: 'Documento criado com sucesso!',
    fieldCreateFailed: 'Erro ao criar campo',
    documentsSaved: 'Documentos salvos com sucesso!',
    documentsSaveFailed: 'Erro ao salvar documentos',
    // Validation of the builder's inputs.
    noticeRequired: 'Informe o aviso do processo',
    descriptionRequired: 'Informe a descrição do processo',
    startDateRequired: 'Informe a data de início',
    endDateRequired: 'Informe a data de fim',
    endBeforeStart: 'A data de fim deve ser posterior à data de início',
    validityStartRequired: 'Informe o início da validade',
    validityEndRequired: 'Informe o fim da validade',
    validityEndBeforeStart: 'O fim da validade deve ser posterior ao início da validade',
    stampNameRequired: 'Informe o nome do selo',
    stampDescriptionRequired: 'Informe a descrição do selo',
    featureTooLong: 'Cada característica deve ter no máximo 120 caracteres',
    tooManyFeatures: 'Informe no máximo 10 características',
    imageRequired: 'Envie a imagem do selo',
    imageType: 'A imagem do selo deve ser PNG, JPEG ou WebP',
    imageTooLarge: 'A imagem do selo deve ter no máximo 5 MB',
    noticeFileType: 'O edital deve ser um arquivo PDF',
    formNameRequired: 'Informe o nome do formulário',
    formNameTooLong: 'O nome do formulário deve ter no máximo 300 caracteres',
    deadlineRequired: 'Informe o prazo',
    fieldNameRequired: 'Informe o nome do campo',
    fieldNameTooLong: 'O nome do campo deve ter no máximo 70 caracteres',
    fieldTypeInvalid: 'Escolha o tipo do campo',
    listNeedsColumns: 'Escolha ao menos uma coluna para a lista',
    onlyListHasColumns: 'Apenas campos do tipo Lista têm colunas',
    repeatedColumn: 'A mesma coluna foi escolhida mais de uma vez',
    columnNotFound: 'Uma das colunas escolhidas não existe',
    columnIsList: 'Uma coluna não pode ser do tipo Lista',
    repeatedField: 'O mesmo campo aparece mais de uma vez na lista',
    // Answers of the server.
    processNotFound: 'Processo não encontrado',
    formNotFound: 'Formulário não encontrado',
    fieldNotFound: 'Campo não encontrado',
    fieldsNotFound: 'Um dos campos escolhidos não existe',
    noticeNotFound: 'Este processo não tem edital',
    imageNotFound: 'Imagem do selo não encontrada',
    fieldNotInForm: 'Este campo não está associado ao formulário',
    fieldHasAnswers:
      'Este campo já tem respostas de produtores neste processo e não pode ser removido',
    documentHasAnswers:
      'Um dos documentos removidos já tem respostas de produtores neste processo e não pode sair da lista',
    formHasInstances: 'Este formulário já foi iniciado por produtores e não pode ser excluído',
    releasedNeedsForm:
      'Um processo liberado precisa de ao menos um formulário. Passe o processo para Rascunho antes de excluir o último.',
  },

  forms: {
    // Answers of the server.
    notFound: 'Formulário não encontrado',
    fieldNotFound: 'Campo não encontrado neste formulário',
    commited: 'Formulário já finalizado',
    notStarted: 'O processo ainda não foi iniciado',
    instanceFinished: 'Este processo já foi finalizado',
    staffField: 'Este campo é preenchido apenas pelo técnico responsável',
    producerField: 'Este campo é preenchido pelo produtor',
    notAssigned: 'Apenas o técnico responsável por este processo pode alterar este formulário',
    finishOwnerOnly: 'Apenas o produtor dono da propriedade pode finalizar o formulário',
    contentRequired: 'Informe o conteúdo do campo (vazio para limpar)',
    textTooLong: (max: number) => `O texto deve ter no máximo ${max} caracteres`,
    boolInvalid: 'Responda Sim ou Não (true ou false)',
    dateInvalid: 'Data inválida: use o formato AAAA-MM-DD',
    datetimeInvalid: 'Data e hora inválidas: use o formato ISO 8601 com fuso horário',
    numberInvalid: 'Informe um número, como 12,5',
    numberDecimals: (decimals: number) =>
      decimals === 0
        ? 'Informe um número inteiro'
        : `Use no máximo ${decimals} ${decimals === 1 ? 'casa decimal' : 'casas decimais'}`,
    listHasNoContent: 'Uma lista não tem conteúdo próprio: preencha as linhas',
    notAList: 'Apenas campos do tipo Lista têm linhas',
    tooManyRows: (max: number) => `Uma lista pode ter no máximo ${max} linhas`,
    onlyRowsDeleted: 'Apenas linhas de uma lista e suas células podem ser excluídas',
    repeatedField: 'O mesmo campo aparece mais de uma vez',
    tooManyFields: (max: number) => `Envie no máximo ${max} campos por vez`,
    versionInvalid: 'Versão inválida',
    conflict:
      'Este formulário foi alterado em outro aparelho depois que você começou a editar. Compare as versões e escolha qual manter.',
    noProof: 'Este campo não requer comprovante',
    proofMissing: 'Este campo ainda não tem comprovante',
    proofFileRequired: 'Envie o arquivo do comprovante',
    proofType: 'O comprovante deve ser um arquivo PDF, JPEG, PNG ou WebP',
    proofTooLarge: 'O comprovante deve ter no máximo 10 MB',
    proofRequired: (name: string) => `Envie o comprovante de "${name}" antes de finalizar`,
    passwordRequired: 'Informe sua senha para assinar o formulário',
    passwordWrong: 'Senha incorreta',
    // The timeline (events).
    eventFinished: (form: string, name: string) => `Formulário "${form}" finalizado por ${name}`,
    eventSigned: (form: string, name: string) =>
      `Formulário "${form}" finalizado e assinado por ${name}`,
    // What the web shows.
    saved: 'Alterações salvas',
    saveFailed: 'Não foi possível salvar o formulário',
    finished: 'Formulário finalizado!',
    finishFailed: 'Não foi possível finalizar o formulário',
    rowAddFailed: 'Não foi possível adicionar a linha',
    rowDeleteFailed: 'Não foi possível excluir a linha',
    uploadFailed: 'Não foi possível enviar o comprovante',
    downloadFailed: 'Não foi possível abrir o comprovante',
    draftOffer: (when: string) => `Você tem alterações não salvas de ${when}`,
    offline:
      'Você está sem conexão. Suas alterações ficam guardadas neste aparelho e serão salvas quando a conexão voltar.',
    savePending: 'Sem conexão: o salvamento será feito assim que a conexão voltar.',
    needsOnline: 'Sem conexão: tente de novo quando a conexão voltar.',
    invalidFields: 'Corrija os campos destacados antes de salvar',
  },

  /** A form's logic (issue 45): conditions, rules and totals, on the page, the server and the builder. */
  logic: {
    // What the producer reads beside a field.
    required: 'Preencha este campo',
    requiredList: 'Adicione ao menos uma linha',
    min: (limit: string) => `O valor mínimo é ${limit}`,
    max: (limit: string) => `O valor máximo é ${limit}`,
    future: 'A data não pode ser futura',
    after: (day: string) => `A data deve ser depois de ${day}`,
    minLength: (length: number) => `Use no mínimo ${length} caracteres`,
    maxLength: (length: number) => `Use no máximo ${length} caracteres`,
    pattern: (mask: string) => `Use o formato ${mask}`,
    total: (column: string, sum: string, limit: string) =>
      `A soma de "${column}" (${sum}) não pode passar de ${limit}`,
    totalRiceArea: (column: string, sum: string, area: string) =>
      `A soma de "${column}" (${sum}) não pode passar da área de arroz inscrita (${area})`,
    notApplicable: 'Não se aplica',
    // The builder's refusals.
    conditionNotInForm: 'O campo escolhido não pertence a este formulário',
    conditionLater: 'A condição só pode usar um campo anterior a este no formulário',
    conditionCycle: (names: readonly string[]) =>
      `As condições formam um ciclo: ${names.join(' → ')}`,
    conditionOnList: 'Uma Lista não pode ser usada numa condição',
    conditionBool: 'Compare um campo Sim/Não com Sim ou Não',
    conditionNumber: 'Compare um campo Número com um número',
    conditionFilledOnly: (type: string) =>
      `Um campo do tipo ${type} só pode ser comparado com "preenchido" ou "vazio"`,
    columnConditionLater: 'A condição só pode usar uma coluna anterior a esta, na mesma linha',
    columnNotInList: 'A coluna escolhida não pertence a esta Lista',
    repeatedColumn: 'A mesma coluna aparece mais de uma vez',
    ruleType: (rule: string, type: string) => `${rule} não vale para campos do tipo ${type}`,
    minAboveMax: 'O mínimo não pode ser maior que o máximo',
    onlyListColumns: 'Apenas campos do tipo Lista têm regras de colunas',
    onlyListTotal: 'Apenas campos do tipo Lista têm soma',
    totalNeedsNumber: 'A soma precisa de uma coluna do tipo Número',
    patternInvalid: 'Use 9 para um dígito, A para uma letra e * para letra ou dígito',
    unitOnlyNumber: 'Unidade e casas decimais valem só para campos do tipo Número',
    unitTooLong: 'A unidade deve ter no máximo 20 caracteres',
    decimalsInvalid: 'Escolha de 0 a 4 casas decimais',
    fieldAnswered:
      'Este campo já tem respostas neste formulário: suas regras não podem mais mudar. Para uma regra nova, crie outro campo.',
    fieldHasDependents: (names: readonly string[]) =>
      `${names.map((name) => `"${name}"`).join(', ')} ${names.length === 1 ? 'depende' : 'dependem'} deste campo: retire essa condição antes de removê-lo`,
    // What the builder shows.
    saved: 'Regras salvas',
    saveFailed: 'Não foi possível salvar as regras',
  },

  instances: {
    notFound: 'Processo não encontrado',
    propertyNotFound: 'Propriedade não encontrada',
    businessRequired: 'Escolha uma propriedade',
    rejectRequired: 'Informe se a solicitação é rejeitada: true ou false',
    processDraft: 'Este selo ainda não foi liberado para solicitações',
    windowNotOpen: (day: string) => `As solicitações para este selo abrem em ${day}`,
    windowClosed: (day: string) => `O período de solicitação deste selo terminou em ${day}`,
    duplicateRequest: 'Já existe uma solicitação em aberto para este selo nesta propriedade',
    alreadyEvaluated: 'Esta solicitação já foi avaliada por outro técnico',
    notEvaluated: 'Aguarde a avaliação do técnico antes de iniciar o processo',
    rejected: 'Solicitação rejeitada pelo técnico responsável',
    alreadyStarted: 'Este processo já foi iniciado',
    finished: 'Este processo já foi finalizado',
    // What the web shows.
    termsRequired: 'Leia e aceite os termos para continuar',
    requestFailed: 'Não foi possível solicitar o selo',
    evaluateFailed: 'Não foi possível registrar a avaliação',
    startFailed: 'Não foi possível iniciar o processo',
    requested: 'Selo solicitado! Agora é só aguardar a avaliação de um técnico.',
    accepted: 'Solicitação aceita. O produtor já pode iniciar o processo.',
    rejectedNotice: 'Solicitação rejeitada.',
    started: 'Processo iniciado! Preencha os formulários dentro dos prazos.',
    // The timeline (events), with the name of who acted.
    eventRequested: (name: string) => `Selo solicitado por ${name}`,
    eventAccepted: (name: string) => `Solicitação aceita por ${name}`,
    eventRejected: (name: string) => `Solicitação rejeitada por ${name}`,
    eventStarted: (name: string) => `Processo iniciado por ${name}`,
    eventOpened: (name: string) => `Processo aberto e iniciado por ${name}`,
    // The staff tables' filters and sort (DESIGN §4c).
    statusInvalid:
      'Escolha a situação: in_progress, pending, producer_pending, ongoing, finished, rejected ou all',
    technicianFilterInvalid: 'Informe o id de um técnico ou unassigned',
    flagInvalid: 'Informe true ou false',
    daysInvalid: 'Informe um número inteiro de dias, de 0 a 3650',
    sortInvalid,
    // Assignment (DESIGN §4c, docs/decisions/018).
    assignIdsRequired: 'Escolha de 1 a 500 processos',
    assignTechnicianRequired: 'Escolha o técnico',
    assignNotFound: (count: number) =>
      count === 1
        ? 'Um dos processos escolhidos não existe'
        : `${count} dos processos escolhidos não existem`,
    assignClosed: (names: readonly string[]) =>
      `Já concluídos ou rejeitados, não podem ser atribuídos: ${names.join(', ')}`,
    assignNotTechnician: 'Escolha um técnico ativo: esta conta não é de um técnico',
    assignConflict: (names: readonly string[]) =>
      `Você é o responsável técnico desta propriedade e não pode avaliá-la. O técnico escolhido é o responsável técnico de: ${names.join(', ')}`,
    assignedToOther: 'Esta solicitação foi atribuída a outro técnico',
    eventAssigned: (admin: string, technician: string) => `Atribuído a ${technician} por ${admin}`,
    eventReassigned: (admin: string, from: string, to: string) =>
      `Reatribuído de ${from} para ${to} por ${admin}`,
    // What the web shows.
    assigned: (count: number, name: string) =>
      count === 1 ? `Processo atribuído a ${name}.` : `${count} processos atribuídos a ${name}.`,
    assignFailed: 'Não foi possível atribuir os processos',
  },

  workload: {
    thresholdInvalid: 'Informe um número inteiro de dias, de 1 a 365',
    saved: 'Limite salvo.',
    saveFailed: 'Não foi possível salvar o limite',
  },

  certificates: {
    notFound: 'Certificado não encontrado',
    approvedRequired: 'Informe se o processo foi aprovado: true ou false',
    noteInvalid: 'O parecer deve ser um texto',
    noteRequired: 'Explique ao produtor o motivo da reprovação',
    noteTooLong: 'O parecer deve ter no máximo 2000 caracteres',
    notAssigned: 'Apenas o técnico responsável ou um administrador pode concluir este processo',
    notEvaluated: 'Esta solicitação ainda não foi avaliada por um técnico',
    notStarted: 'O produtor ainda não iniciou este processo',
    openForms: (names: readonly string[]) =>
      `Ainda há formulários obrigatórios não finalizados: ${names.join(', ')}`,
    validityEnded: (day: string) =>
      `A validade deste selo terminou em ${day}: não é possível emitir o certificado`,
    // What the web shows.
    concludeFailed: 'Não foi possível concluir o processo',
    approvedNotice: 'Processo aprovado! O certificado foi emitido.',
    failedNotice: 'Processo reprovado. O produtor foi avisado por e-mail.',
    numberInvalid: 'Digite um número como AGS-7K3M-9QXT',
    statusValid: 'Certificado válido',
    statusUpcoming: 'Certificado ainda não vigente',
    statusExpired: 'Certificado expirado',
    // The timeline (events), with the name of who acted.
    eventApproved: (name: string, number: string, level?: string | null) =>
      `Processo aprovado por ${name}${level ? ` com ${level}` : ''}; certificado ${number} emitido`,
    eventFailed: (name: string) => `Processo reprovado por ${name}`,
  },

  uploads: {
    targetInvalid: 'O destino do envio é inválido',
    metadataRequired: 'Informe o nome, o tipo e o destino do arquivo',
    lengthRequired: 'Informe o tamanho do arquivo',
    notFound: 'Envio não encontrado ou já concluído; envie o arquivo de novo',
    offsetConflict: 'O envio está em outro ponto; retome de onde o servidor parou',
    protocol: 'Requisição de envio inválida',
    cancel: 'Cancelar',
    canceled: 'Envio cancelado',
    waitingConnection: 'Sem conexão: o envio continua quando ela voltar',
  },

  /** The seal's review (DESIGN §4b): pendências, vistoria, parecer técnico, committee, levels. */
  /** Seasons, renewal, publication consent and a certificate's standing (DESIGN §4b). */
  safras: {
    safraRequired: 'Informe a safra',
    safraInvalid: 'Informe a safra no formato AAAA/AA, com anos consecutivos (ex.: 2026/27)',
    reasonRequired: 'Escolha o motivo',
    riceAreaRequired: 'Informe a área de arroz em hectares',
    riceAreaPositive: 'A área deve ser maior que zero',
    riceAreaDecimals: 'Use no máximo duas casas decimais',
    riceAreaTooLarge: 'A área deve ser de no máximo 1.000.000 ha',
    flagInvalid: 'Informe true ou false',
    nextSeasonExists: 'Este processo já tem a safra seguinte',
    nextSafraNotLater: (safra: string) => `A nova safra deve ser posterior a ${safra}`,
    renewalNotHolder: 'Esta propriedade não tem certificado da safra anterior deste selo',
    renewalTwice: 'A renovação deste certificado já foi pedida',
    carriedUnconfirmed: (names: readonly string[]) =>
      `Confirme ou altere as respostas da safra anterior antes de finalizar: ${names.join(', ')}`,
    confirmFieldNotInForm: 'Este campo não pertence a este formulário',
    // The timeline and the web.
    eventRenewalRequested: (name: string, safra: string) =>
      `Renovação da safra ${safra} solicitada por ${name}`,
  },
  /** An admin suspends, revokes or reinstates a certificate; expiry alerts (DESIGN §4b). */
  standing: {
    alreadySuspended: 'O certificado já está suspenso',
    revoked: 'O certificado foi cancelado',
    alreadyRevoked: 'O certificado já foi cancelado',
    onlySuspended: 'Apenas um certificado suspenso pode ser reativado',
    noteInvalid: 'A observação deve ser um texto',
    noteTooLong: 'A observação deve ter no máximo 1000 caracteres',
    // The timeline, with the admin's name and the reason's label.
    eventSuspended: (name: string, reason: string) => `Certificado suspenso por ${name}: ${reason}`,
    eventRevoked: (name: string, reason: string) => `Certificado cancelado por ${name}: ${reason}`,
    eventReinstated: (name: string) => `Certificado reativado por ${name}`,
    // What the web shows.
    suspended: 'Suspenso',
    revokedBadge: 'Cancelado',
    statusSuspended: 'Certificado suspenso',
    statusRevoked: 'Certificado cancelado',
    suspend: 'Suspender',
    revoke: 'Cancelar certificado',
    reinstate: 'Reativar',
    suspendTitle: 'Suspender o certificado',
    revokeTitle: 'Cancelar o certificado',
    reinstateTitle: 'Reativar o certificado',
    revokeWarning: 'O cancelamento é definitivo.',
    reason: 'Motivo',
    note: 'Observação (opcional)',
    noteHint: 'Fica visível só para o produtor e a equipe, nunca na verificação pública.',
    confirm: 'Confirmar',
    since: (day: string) => `desde ${day}`,
    suspendedNotice: 'Certificado suspenso. O produtor foi avisado por e-mail.',
    revokedNotice: 'Certificado cancelado. O produtor foi avisado por e-mail.',
    reinstatedNotice: 'Certificado reativado. O produtor foi avisado por e-mail.',
    changeFailed: 'Não foi possível mudar a situação do certificado',
    // The bell (owners): licences and certificates about to end.
    farmingLoExpiring: (farm: string, day: string) =>
      `A LO de irrigação da ${farm} vence em ${day}. Atualize aqui!`,
    farmingLoExpired: (farm: string, day: string) =>
      `A LO de irrigação da ${farm} venceu em ${day}. Atualize aqui!`,
    dryingLoExpiring: (farm: string, day: string) =>
      `A LO da unidade de armazenamento da ${farm} vence em ${day}. Atualize aqui!`,
    dryingLoExpired: (farm: string, day: string) =>
      `A LO da unidade de armazenamento da ${farm} venceu em ${day}. Atualize aqui!`,
    certificateEnding: (farm: string, day: string) =>
      `O certificado da ${farm} vence em ${day}. Veja aqui!`,
  },
  review: {
    conflictOfInterest: 'Você é o responsável técnico desta propriedade e não pode avaliá-la.',
    pendencyNotAllowed: 'Pendências só podem ser abertas em um processo iniciado e não concluído.',
    pendencyNotFound: 'Pendência não encontrada',
    pendencyNotOpen: 'Esta pendência não está aberta.',
    pendencyAlreadyResolved: 'Esta pendência já está resolvida.',
    pendencyAlreadyOpen: 'Esta pendência já está aberta.',
    expectedStatusInvalid: 'O status esperado deve ser open, answered ou resolved',
    /** A queued change made on a pendência seen in another status (`expected_status`). */
    pendencyChanged: (status: string) =>
      `Esta pendência mudou desde que você a viu: agora está ${status.toLowerCase()}.`,
    answerOwnerOnly: 'Apenas o produtor dono da propriedade pode responder à pendência',
    reviewerOnly: 'Apenas o técnico responsável ou um administrador pode revisar este processo',
    formRequired: 'Escolha o formulário da pendência',
    formNotInInstance: 'Este formulário não pertence a este processo',
    fieldNotInForm: 'Este campo não pertence ao formulário escolhido',
    descriptionRequired: 'Descreva a pendência',
    dueDateRequired: 'Informe o prazo',
    dueDateInPast: 'O prazo não pode ser anterior a hoje',
    answerRequired: 'Escreva a resposta',
    noteRequired: 'Explique o que ainda falta corrigir',
    textTooLong: (max: number) => `O texto deve ter no máximo ${max} caracteres`,
    inspectionNotAllowed:
      'Vistorias só podem ser registradas em um processo iniciado e não concluído.',
    inspectionNotFound: 'Vistoria não encontrada',
    photoNotFound: 'Foto não encontrada',
    visitedOnRequired: 'Informe a data da vistoria',
    visitedOnFuture: 'A data da vistoria não pode ser futura',
    latitudeRequired: 'Informe a latitude',
    longitudeRequired: 'Informe a longitude',
    outsideRs: 'A posição deve estar no Rio Grande do Sul.',
    summaryRequired: 'Escreva o resumo da vistoria',
    photoRequired: 'Envie as fotos como arquivos',
    photoType: 'As fotos devem ser JPEG, PNG ou WebP',
    photoTooLarge: 'Cada foto deve ter no máximo 10 MB',
    tooManyPhotos: (max: number) => `Uma vistoria tem no máximo ${max} fotos`,
    levelInvalid: 'Escolha Prata ou Ouro',
    levelsBoth: 'Um processo oferece os dois níveis, Prata e Ouro, ou nenhum',
    committeeRequired: 'Informe se o processo tem comitê: true ou false',
    levelRequired: 'Escolha o nível do selo.',
    levelNotOffered: 'Este processo não oferece níveis de selo.',
    outcomeRequired: 'Escolha Aprovar Prata, Aprovar Ouro ou Reprovar',
    justificationRequired: 'Escreva a justificativa',
    noCommittee: 'Este processo não tem comitê: o técnico conclui diretamente.',
    recommendationTechnicianOnly: 'Apenas o técnico responsável registra o parecer técnico',
    recommendationNotAllowed:
      'O parecer técnico só pode ser registrado em um processo iniciado e não concluído.',
    committeeAdminOnly: 'Com comitê, a decisão é do administrador.',
    recommendationRequired: 'O parecer técnico é necessário antes da decisão do comitê.',
    /** Each item 'Formulário — Campo: descrição'. */
    openPendencies: (items: readonly string[]) =>
      `Há pendências abertas ou respondidas: ${items.join('; ')}`,
    // The timeline (events), with the name of who acted.
    eventPendencyOpened: (name: string, where: string, description: string, due: string) =>
      `Pendência aberta por ${name} em "${where}": ${description} (prazo ${due})`,
    eventPendencyAnswered: (name: string, where: string, answer: string) =>
      `Pendência em "${where}" respondida por ${name}: ${answer}`,
    eventPendencyResolved: (name: string, where: string, note: string) =>
      `Pendência em "${where}" resolvida por ${name}${note ? `: ${note}` : ''}`,
    eventPendencyReopened: (name: string, where: string, note: string) =>
      `Pendência em "${where}" reaberta por ${name}: ${note}`,
    eventInspection: (name: string, day: string, photos: number) =>
      `Vistoria de ${day} registrada por ${name}${photos ? ` (${photos} ${photos === 1 ? 'foto' : 'fotos'})` : ''}`,
    eventRecommendation: (name: string, outcome: string, justification: string) =>
      `Parecer técnico de ${name}: ${outcome}. ${justification}`,
    /** 'Formulário — Campo', or the form alone. */
    where: (form: string, field: string | null) => (field ? `${form} — ${field}` : form),
  },

  /** Writes sent again after a lost answer (DESIGN §4c). */
  offline: {
    keyInvalid: 'A chave de idempotência deve ter de 1 a 255 caracteres ASCII visíveis',
    keyReused:
      'Esta chave de idempotência já foi usada em outra requisição; gere uma chave nova para esta',
    keyInFlight:
      'Uma requisição com esta chave de idempotência ainda está em andamento; tente de novo em instantes',
    answerLost:
      'Esta operação já foi feita, mas a resposta dela se perdeu; atualize a página para ver o resultado',
  },

  security: {
    serviceUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    fileTypeMismatch: 'O conteúdo do arquivo não corresponde ao tipo informado',
    fileTypeNotAllowed: 'Tipo de arquivo não permitido',
    badUrl: 'Endereço inválido',
  },

  login: {
    emailRequired: 'Informe o e-mail',
    emailInvalid: 'Email inválido',
    passwordRequired: 'Informe a senha',
  },
  common: {
    notFound: 'Recurso não encontrado',
    pageNotFound: 'Página não encontrada',
    invalidInput: 'Dados inválidos',
    invalidId: 'Identificador inválido',
    internal: 'Erro interno do servidor. Tente novamente mais tarde.',
    payloadTooLarge: 'Arquivo ou requisição grande demais',
    unsupportedMedia: 'Tipo de conteúdo não suportado',
    malformedBody: 'Corpo da requisição malformado',
    invalidCharacter: 'O texto contém um caractere inválido',
    requestFailed: 'Falha na requisição',
    loginFailed: 'Falha ao entrar',
    unknown: 'Erro desconhecido',
    networkError: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
    sortInvalid,
  },
} as const;
