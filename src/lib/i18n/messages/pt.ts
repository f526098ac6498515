import { channelDataPt } from './channel-data/pt'
import { connectPt } from './connect/pt'
import type { Messages } from './en'
import { feedPt } from './feed/pt'
import { groupsPt } from './groups/pt'
import { growthPt } from './growth/pt'
import { libraryPt } from './library/pt'
import { organiserPt } from './organiser/pt'
import { overviewPt } from './overview/pt'
import { shareMailPt } from './share-mail/pt'
import { sharedPt } from './shared/pt'
import { sharingPt } from './sharing/pt'
import { transferPt } from './transfer/pt'

export const messages: Messages = {
  // Meta
  'meta.title.home': 'Tubefold — Group youtube subscriptions',
  'meta.title.suffix': '{title} · Tubefold — Group youtube subscriptions',
  'meta.description.home':
    'Organize seus canais do YouTube e animes da Crunchyroll em grupos aninhados com ícones, tenha um feed e gráficos de crescimento por grupo e compartilhe grupos com sua equipe.',
  'meta.title.terms': 'Termos de Serviço',
  'meta.description.terms': 'Os termos sob os quais o Tubefold é oferecido.',
  'meta.title.privacy': 'Política de Privacidade',
  'meta.description.privacy':
    'O que o Tubefold guarda sobre você, por quê, e como exportar ou excluir esses dados.',
  'meta.title.support': 'Suporte',
  'meta.description.support':
    'Respostas para dúvidas comuns e um formulário para falar com a equipe do Tubefold.',

  // Shared chrome
  'common.skipToContent': 'Pular para o conteúdo',
  'common.appName': 'Tubefold',
  'common.home': 'Página inicial do Tubefold',
  'common.signIn': 'Entrar',
  'common.getStarted': 'Comece grátis',
  'nav.primary': 'Navegação principal',
  'nav.features': 'Recursos',
  'nav.integrations': 'Integrações',
  'nav.pricing': 'Preços',
  'nav.support': 'Suporte',
  'nav.openMenu': 'Abrir menu',
  'nav.closeMenu': 'Fechar menu',

  // Language and appearance controls
  'language.label': 'Idioma',
  'appearance.open': 'Configurações de exibição',
  'appearance.title': 'Exibição',
  'appearance.theme': 'Tema',
  'appearance.theme.light': 'Claro',
  'appearance.theme.dark': 'Escuro',
  'appearance.theme.system': 'Sistema',
  'appearance.accentColor': 'Cor de destaque',
  'appearance.accent.blue': 'Azul',
  'appearance.accent.green': 'Verde',
  'appearance.accent.purple': 'Roxo',
  'appearance.accent.red': 'Vermelho',
  'appearance.accent.orange': 'Laranja',
  'appearance.fontSize': 'Tamanho da fonte',
  'appearance.fontSize.small': 'Pequeno',
  'appearance.fontSize.medium': 'Médio',
  'appearance.fontSize.large': 'Grande',
  'appearance.compactMode': 'Modo compacto',
  'appearance.compactMode.hint': 'Espaçamento menor para caber mais na tela.',
  'appearance.animations': 'Animações',
  'appearance.animations.hint': 'Também desativadas quando seu sistema pede movimento reduzido.',

  // Landing: hero
  'hero.badge': 'Grupos aninhados · feeds · crescimento · compartilhamento',
  'hero.title': 'Organize centenas de canais em grupos que fazem sentido',
  'hero.subtitle':
    'O Tubefold transforma uma lista infinita de inscrições em grupos aninhados com ícones — cada um com seu próprio feed e gráficos de crescimento — e permite que sua equipe trabalhe neles com você.',
  'hero.primary': 'Crie sua conta grátis',
  'hero.secondary': 'Veja como funciona',
  'hero.trial': '{days} dias de teste grátis do Pro, sem cartão de crédito',
  'hero.preview.label': 'Exemplo de árvore de grupos',
  'hero.preview.tech': 'Tecnologia',
  'hero.preview.reviews': 'Análises',
  'hero.preview.phones': 'Celulares',
  'hero.preview.cooking': 'Culinária',
  'hero.preview.baking': 'Confeitaria',
  'hero.preview.anime': 'Animes da temporada',
  'hero.preview.channels': '{count} canais',
  'hero.preview.newVideos': '{count} novos',

  // Landing: stats
  'stats.title': 'Tubefold em números',
  'stats.depth': 'níveis de aninhamento',
  'stats.formats': 'formatos de importação',
  'stats.languages': 'idiomas',
  'stats.quota': 'unidades de cota da API gastas nos seus feeds',

  // Landing: features
  'features.title': 'Tudo de que uma grande lista de inscrições precisa',
  'features.subtitle': 'Feito para quem acompanha de centenas a milhares de canais.',
  'features.nesting.title': 'Grupos aninhados',
  'features.nesting.body':
    'Tecnologia › Análises › Celulares: até {depth} níveis, um canal em quantos grupos você quiser, reordenados arrastando e soltando ou pelo teclado.',
  'features.icons.title': 'Ícones e cores',
  'features.icons.body':
    'Dê a cada grupo um ícone ou emoji e uma cor, tudo incluído no app — nada é buscado de terceiros.',
  'features.feeds.title': 'Um feed por grupo',
  'features.feeds.body':
    'Os envios mais recentes de um grupo e seus subgrupos, dos mais novos aos mais antigos, com Shorts e vídeos assistidos ocultos se você preferir.',
  'features.growth.title': 'Gráficos de crescimento',
  'features.growth.body':
    'Inscritos, visualizações e vídeos ao longo do tempo para cada canal e grupo, com variações de 7, 30 e 90 dias.',
  'features.sharing.title': 'Compartilhamento para ver ou editar',
  'features.sharing.body':
    'Compartilhe um grupo e seus subgrupos por link ou convite; seus colegas podem ver ou editar, e você pode revogar o acesso a qualquer momento.',
  'features.importExport.title': 'Importação e exportação sem perdas',
  'features.importExport.body':
    'Traga suas inscrições do YouTube, NewPipe, FreeTube, Piped e outros; exporte sua árvore inteira quando quiser.',

  // Landing: integrations
  'integrations.title': 'Funciona com o que você já usa',
  'integrations.subtitle': 'Seus canais vêm das plataformas; seus grupos viajam entre apps.',
  'integrations.youtube.title': 'YouTube',
  'integrations.youtube.body':
    'Dados e estatísticas dos canais vêm da YouTube Data API, e os feeds vêm do RSS do YouTube, sem gastar cota.',
  'integrations.crunchyroll.title': 'Crunchyroll',
  'integrations.crunchyroll.body':
    'Adicione uma série pelo link; pôsteres, episódios e notas vêm do AniList.',
  'integrations.apps.title': 'Seus outros apps',
  'integrations.apps.body': 'Leia e grave os arquivos de {formats}.',
  'integrations.browser.title': 'Extensão para navegador',
  'integrations.browser.body': 'Veja seus grupos diretamente no YouTube.',
  'integrations.planned': 'Planejado',

  // Landing: use-case stories
  'stories.title': 'Feito para o jeito que as pessoas realmente assistem',
  'stories.subtitle': 'Três formas de usar o Tubefold.',
  'stories.creator.role': 'Um criador',
  'stories.creator.body':
    'Mantém um grupo “Concorrentes” e um grupo “Ideias de collab”, confere os gráficos de crescimento toda segunda-feira e assiste ao feed do grupo em vez da página inicial.',
  'stories.agency.role': 'Uma agência',
  'stories.agency.body':
    'Tem um grupo por cliente, compartilha o “Cliente A” com o gerente de conta para edição e com o cliente só para visualização — e ninguém vê o “Cliente B”.',
  'stories.fan.role': 'Um fã',
  'stories.fan.body':
    'Acompanha 2.000 canais e uma dúzia de animes, organizados em “Culinária › Confeitaria” ou “Animes da temporada”, cada um com seu próprio feed.',

  // Landing: pricing
  'pricing.title': 'Preços simples',
  'pricing.subtitle':
    'Comece grátis. Experimente o Pro ou o Business por {days} dias — sem cartão de crédito.',
  'pricing.plan.free': 'Grátis',
  'pricing.plan.pro': 'Pro',
  'pricing.plan.business': 'Business',
  'pricing.plan.free.tagline': 'Para colocar suas inscrições em ordem.',
  'pricing.plan.pro.tagline': 'Para quem assiste muito e para criadores.',
  'pricing.plan.business.tagline': 'Para agências e equipes.',
  'pricing.perMonth': '/mês',
  'pricing.perMemberMonth': 'por membro / mês',
  'pricing.yearly': 'ou {price} por ano',
  'pricing.popular': 'Mais popular',
  'pricing.trial': '{days} dias de teste grátis, sem cartão de crédito',
  'pricing.choose.free': 'Comece grátis',
  'pricing.choose.trial': 'Iniciar teste grátis',
  'pricing.limit.groups': '{count} grupos',
  'pricing.limit.groupsUnlimited': 'Grupos ilimitados',
  'pricing.limit.depth': 'Aninhamento de até {count} níveis',
  'pricing.limit.channels': '{count} canais',
  'pricing.limit.channelsUnlimited': 'Canais ilimitados',
  'pricing.limit.share': 'Compartilhe com até {count} pessoas',
  'pricing.limit.shareUnlimited': 'Compartilhamento ilimitado',
  'pricing.feature.importExport': 'Importação e exportação',
  'pricing.feature.feeds': 'Um feed por grupo',
  'pricing.feature.growthAnalytics': 'Análise de crescimento',
  'pricing.feature.teams': 'Equipes',
  'pricing.feature.activityLog': 'Registro de atividades',
  'pricing.feature.prioritySupport': 'Suporte prioritário',
  'pricing.selfHosted':
    'Rodando sua própria instância? Todos os recursos ficam liberados quando nenhum provedor de pagamento está configurado.',

  // Landing: call to action
  'cta.title': 'Suas inscrições, finalmente em ordem',
  'cta.body':
    'Crie uma conta, importe suas inscrições e monte seus primeiros grupos em poucos minutos.',
  'cta.button': 'Crie sua conta grátis',

  // Footer
  'footer.tagline': 'Grupos aninhados para canais do YouTube e animes da Crunchyroll.',
  'footer.product': 'Produto',
  'footer.legal': 'Legal',
  'footer.help': 'Ajuda',
  'footer.terms': 'Termos de Serviço',
  'footer.privacy': 'Política de Privacidade',
  'footer.support': 'Suporte',
  'footer.rights': '© {year} Tubefold.',
  'footer.notAffiliated':
    'Sem afiliação com YouTube, Google ou Crunchyroll. YouTube é uma marca registrada da Google LLC.',

  // Not found and errors (seed §2, §8)
  'notFound.title': 'Não encontrado',
  'notFound.message': 'A página que você procura não existe.',
  'notFound.goBack': 'Voltar',
  'notFound.startOver': 'Recomeçar',
  'error.title': 'Algo deu errado!',
  'error.show': 'Mostrar erro',
  'error.hide': 'Ocultar erro',
  'error.retry': 'Tentar novamente',

  // Terms
  'terms.title': 'Termos de Serviço',
  'terms.updated': 'Última atualização: {date}',
  'terms.intro':
    'Estes termos regem seu uso do Tubefold, um serviço para organizar canais de vídeo e animes em grupos. Ao criar uma conta, você concorda com eles.',
  'terms.account.title': 'Sua conta',
  'terms.account.body':
    'Você é responsável pela sua conta e por manter sua senha segura. Forneça informações corretas e nos avise se suspeitar que outra pessoa está usando sua conta.',
  'terms.content.title': 'Seu conteúdo',
  'terms.content.body':
    'Seus grupos, notas e tags pertencem a você. Você nos autoriza a armazená-los e processá-los apenas para operar o serviço para você e para as pessoas com quem os compartilha. Você pode exportá-los ou excluí-los a qualquer momento.',
  'terms.use.title': 'Uso aceitável',
  'terms.use.body':
    'Não abuse do serviço: nada de tentar invadi-lo, sobrecarregá-lo, coletar dados de outros usuários ou usá-lo contra os termos do YouTube ou da Crunchyroll.',
  'terms.plans.title': 'Planos e testes',
  'terms.plans.body':
    'O plano Grátis não custa nada. Os planos pagos começam com um teste de {days} dias que não exige cartão de crédito; quando ele termina sem uma assinatura, sua conta volta ao plano Grátis e nada é excluído.',
  'terms.thirdParty.title': 'Plataformas de terceiros',
  'terms.thirdParty.body':
    'Os dados de canais e animes vêm do YouTube e do AniList. O Tubefold não tem afiliação com eles, e a disponibilidade deles está fora do nosso controle.',
  'terms.liability.title': 'Disponibilidade e responsabilidade',
  'terms.liability.body':
    'Trabalhamos para manter o Tubefold disponível e seus dados seguros, mas o serviço é fornecido no estado em que se encontra. Na medida permitida por lei, não nos responsabilizamos por perdas indiretas.',
  'terms.changes.title': 'Alterações',
  'terms.changes.body':
    'Se estes termos mudarem de forma relevante, avisaremos você por e-mail antes que a mudança entre em vigor.',
  'terms.contact': 'Dúvidas sobre estes termos? Escreva para nós pela página de suporte.',

  // Privacy
  'privacy.title': 'Política de Privacidade',
  'privacy.updated': 'Última atualização: {date}',
  'privacy.intro':
    'O Tubefold guarda o mínimo possível sobre você e nunca vende esses dados. Esta página diz exatamente o que é armazenado e por quê.',
  'privacy.stored.title': 'O que armazenamos',
  'privacy.stored.account':
    'Sua conta: nome, endereço de e-mail, um hash da sua senha e seu idioma.',
  'privacy.stored.library':
    'Sua biblioteca: os canais e animes que você adiciona, seus grupos, os ícones e cores deles, suas notas, tags e apelidos.',
  'privacy.stored.sharing':
    'Compartilhamento: com quem você compartilha grupos, em qual nível, e a atividade nos grupos compartilhados.',
  'privacy.stored.sessions':
    'Sessões: um cookie de sessão que mantém você conectado, com o navegador e o endereço IP que o criaram, para que você possa revisar e revogar sessões.',
  'privacy.stored.preferences':
    'Preferências: seu tema, cor de destaque, tamanho da fonte e idioma, guardados em cookies no seu navegador.',
  'privacy.notStored.title': 'O que não fazemos',
  'privacy.notStored.ads': 'Sem anúncios, sem redes de anúncios, sem gerenciadores de tags.',
  'privacy.notStored.trackers':
    'Sem rastreadores de terceiros. A análise de uso do produto só funciona se o operador desta instância ativá-la e, mesmo assim, respeita a configuração Do Not Track do seu navegador.',
  'privacy.notStored.selling': 'Nunca vendemos nem alugamos seus dados.',
  'privacy.youtube.title': 'YouTube e Google',
  'privacy.youtube.body':
    'O Tubefold usa os Serviços de API do YouTube. Se você conectar sua conta do YouTube, lemos suas inscrições apenas para importá-las, armazenamos o token de acesso criptografado e o excluímos quando você desconecta. A política de privacidade do Google se aplica à parte do Google.',
  'privacy.rights.title': 'Seus direitos',
  'privacy.rights.body':
    'Você pode exportar todos os seus dados e excluir sua conta a qualquer momento nas configurações. Excluir a conta remove todos os registros que pertencem a você.',
  'privacy.contact': 'Dúvidas sobre privacidade? Escreva para nós pela página de suporte.',

  // Errors shared by every form and server call
  'errors.rateLimited': 'Muitas tentativas. Tente novamente em {seconds} s.',
  'errors.mailFailed': 'Não foi possível enviar o e-mail. Tente novamente.',
  'errors.validation': 'Verifique este campo.',
  'errors.internal': 'Algo deu errado do nosso lado. Tente novamente.',
  'errors.network':
    'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',

  // Validation shared by every form (seed §5)
  'validation.emailRequired': 'O e-mail é obrigatório',
  'validation.emailInvalid': 'Informe um endereço de e-mail válido',

  // Support
  'support.title': 'Suporte',
  'support.subtitle': 'Respostas para dúvidas comuns e uma forma de falar com a gente.',
  'support.faq.title': 'Perguntas frequentes',
  'support.faq.q1': 'Quantos níveis de grupos aninhados posso ter?',
  'support.faq.a1': 'Até {depth} níveis. Um canal pode estar em vários grupos ao mesmo tempo.',
  'support.faq.q2': 'Quais arquivos posso importar?',
  'support.faq.a2': 'Inscrições de {formats}.',
  'support.faq.q3': 'O Tubefold usa minha cota do YouTube ou minha senha?',
  'support.faq.a3':
    'Não. Os feeds dos grupos vêm do RSS público do YouTube, que não gasta cota da API, e a conexão com o YouTube usa o próprio login do Google; nunca vemos sua senha do Google.',
  'support.faq.q4': 'Posso compartilhar um grupo sem compartilhar tudo?',
  'support.faq.a4':
    'Sim. O compartilhamento abrange um grupo e seus subgrupos, para ver ou editar; seus outros grupos continuam privados.',
  'support.faq.q5': 'Existe um teste grátis?',
  'support.faq.a5':
    'Pro e Business começam com um teste grátis de {days} dias, sem precisar de cartão de crédito.',
  'support.faq.q6': 'Como faço para exportar meus dados?',
  'support.faq.a6':
    'Nas configurações, exporte tudo como backup do Tubefold, OPML, CSV ou nos formatos do NewPipe, FreeTube e Piped, ou exclua sua conta.',
  'support.contact.title': 'Fale conosco',
  'support.contact.subtitle': 'Costumamos responder em até dois dias úteis.',
  'support.contact.name': 'Seu nome',
  'support.contact.email': 'E-mail',
  'support.contact.topic': 'Assunto',
  'support.contact.topic.question': 'Uma dúvida',
  'support.contact.topic.bug': 'Algo não está funcionando',
  'support.contact.topic.billing': 'Cobrança',
  'support.contact.topic.feedback': 'Sugestões',
  'support.contact.message': 'Mensagem',
  'support.contact.submit': 'Enviar mensagem',
  'support.contact.sending': 'Enviando...',
  'support.contact.sent': 'Obrigado! Sua mensagem foi enviada; responderemos para {email}.',
  'support.contact.website': 'Deixe este campo vazio',
  'support.contact.error.nameRequired': 'Informe seu nome',
  'support.contact.error.nameLong': 'Use no máximo {max} caracteres no nome',
  'support.contact.error.messageShort': 'Escreva pelo menos {min} caracteres',
  'support.contact.error.messageLong': 'Use menos de {max} caracteres',
  'support.mail.subject': '[Suporte Tubefold] {topic} de {name}',
  'support.mail.intro': '{name} <{email}> escreveu sobre “{topic}”:',
  'support.mail.receiptSubject': 'Recebemos sua mensagem',
  'support.mail.receiptBody':
    'Olá, {name}! Obrigado por escrever para o suporte do Tubefold. Recebemos sua mensagem e responderemos para este endereço.',

  // Accounts (seed §4, §5)
  'meta.title.login': 'Entrar',
  'meta.title.register': 'Crie sua conta',
  'meta.title.forgot': 'Esqueci a senha',
  'meta.title.reset': 'Escolha uma nova senha',
  'meta.title.confirm': 'Confirme seu e-mail',
  'meta.title.dashboard': 'Visão geral',
  'meta.title.settings': 'Configurações',
  'auth.error.nameRequired': 'O nome completo é obrigatório',
  'auth.error.nameShort': 'O nome deve ter pelo menos {min} caracteres',
  'auth.error.nameLong': 'O nome deve ter no máximo {max} caracteres',
  'auth.error.passwordRequired': 'A senha é obrigatória',
  'auth.error.passwordShort': 'A senha deve ter pelo menos {min} caracteres',
  'auth.error.passwordLong': 'A senha deve ter no máximo {max} caracteres',
  'auth.error.confirmRequired': 'Confirme sua senha',
  'auth.error.passwordMismatch': 'As senhas não coincidem',
  'auth.error.termsRequired': 'Aceite os Termos de Serviço e a Política de Privacidade',
  'auth.error.invalidCredentials': 'E-mail ou senha inválidos',
  'auth.error.wrongPassword': 'A senha atual não está correta',
  'auth.error.tokenInvalid': 'Este link é inválido ou expirou. Peça um novo.',
  'auth.error.resetMailFailed': 'Não foi possível enviar o e-mail de redefinição. Tente novamente.',
  'auth.error.signInRequired': 'Entre para continuar',
  'auth.field.fullName': 'Nome completo',
  'auth.field.email': 'E-mail',
  'auth.field.password': 'Senha',
  'auth.field.confirmPassword': 'Confirme a senha',
  'auth.field.newPassword': 'Nova senha',
  'auth.field.currentPassword': 'Senha atual',
  'auth.field.showPassword': 'Mostrar senha',
  'auth.field.hidePassword': 'Ocultar senha',
  'auth.terms.before': 'Eu concordo com os',
  'auth.terms.terms': 'Termos de Serviço',
  'auth.terms.and': 'e a',
  'auth.terms.privacy': 'Política de Privacidade',
  'auth.or': 'ou',
  'auth.google': 'Continuar com o Google',
  'auth.login.title': 'Que bom ver você de novo',
  'auth.login.subtitle': 'Entre para acessar seus grupos.',
  'auth.login.submit': 'Entrar',
  'auth.login.busy': 'Entrando...',
  'auth.login.forgot': 'Esqueceu a senha?',
  'auth.login.noAccount': 'Novo no Tubefold?',
  'auth.login.createAccount': 'Crie uma conta',
  'auth.login.demo': 'Conta de demonstração: {email} / {password}',
  'auth.login.useDemo': 'Preencher com a conta de demonstração',
  'auth.register.title': 'Crie sua conta',
  'auth.register.subtitle': 'Grátis para sempre para seus primeiros grupos.',
  'auth.register.submit': 'Criar conta',
  'auth.register.busy': 'Criando conta...',
  'auth.register.haveAccount': 'Já tem uma conta?',
  'auth.register.checkTitle': 'Verifique seu e-mail',
  'auth.register.checkBody':
    'Se {email} puder ser usado para uma nova conta, enviamos um link para confirmá-lo. Ele é válido por 24 horas.',
  'auth.register.checkSpam':
    'Nada depois de alguns minutos? Verifique sua pasta de spam ou envie o link novamente.',
  'auth.forgot.title': 'Esqueceu sua senha?',
  'auth.forgot.subtitle': 'Informe seu e-mail e enviaremos um link para você escolher uma nova.',
  'auth.forgot.submit': 'Enviar link de redefinição',
  'auth.forgot.busy': 'Enviando...',
  'auth.forgot.back': 'Voltar para o login',
  'auth.forgotSuccess.title': 'Verifique seu e-mail',
  'auth.forgotSuccess.body':
    'Se existir uma conta para {email}, um link para redefinir a senha está a caminho. Ele é válido por 1 hora.',
  'auth.forgotSuccess.resend': 'Enviar o link novamente',
  'auth.forgotSuccess.resendIn': 'Enviar novamente em {seconds} s',
  'auth.forgotSuccess.resent': 'Enviamos outro link.',
  'auth.reset.title': 'Escolha uma nova senha',
  'auth.reset.subtitle': 'Entrar com a nova senha desconecta você de todos os outros lugares.',
  'auth.reset.submit': 'Salvar nova senha',
  'auth.reset.busy': 'Salvando...',
  'auth.reset.done': 'Sua senha foi alterada. Entre com a nova senha.',
  'auth.confirm.checking': 'Confirmando seu e-mail…',
  'auth.confirm.confirmed': 'Seu e-mail foi confirmado. Boas-vindas ao Tubefold!',
  'auth.confirm.used.title': 'Este link já foi usado',
  'auth.confirm.used.body':
    'Cada link de confirmação funciona uma única vez. Se seu e-mail ainda não foi confirmado, peça um novo link.',
  'auth.confirm.expired.title': 'Este link expirou',
  'auth.confirm.expired.body':
    'Os links de confirmação são válidos por 24 horas. Peça um novo abaixo.',
  'auth.confirm.invalid.title': 'Este link não é válido',
  'auth.confirm.invalid.body': 'O link pode estar incompleto. Peça um novo abaixo.',
  'auth.confirm.sendNew': 'Enviar um novo link',
  'auth.confirm.sending': 'Enviando...',
  'auth.confirm.sent': 'Se {email} tiver uma conta não confirmada, um novo link está a caminho.',
  'auth.banner.unverified':
    'Confirme seu endereço de e-mail ({email}). O compartilhamento exige um endereço confirmado.',
  'auth.banner.resend': 'Reenviar o link',
  'auth.banner.sent': 'Enviado! Confira sua caixa de entrada.',

  // Dashboard shell
  'dashboard.nav.label': 'Painel',
  'dashboard.nav.overview': 'Visão geral',
  'dashboard.nav.groups': 'Grupos',
  'dashboard.nav.channels': 'Canais',
  'dashboard.nav.animes': 'Animes',
  'dashboard.nav.settings': 'Configurações',
  'dashboard.userMenu': 'Menu da conta de {name}',
  'dashboard.signOut': 'Sair',
  'dashboard.openNav': 'Abrir navegação',
  'dashboard.closeNav': 'Fechar navegação',
  'dashboard.overview.greeting': 'Olá, {name}',
  'dashboard.overview.subtitle': 'Esta é a sua visão geral do Tubefold.',
  'dashboard.overview.origin.import': 'Sua importação terminou — seus grupos estão prontos.',
  'dashboard.overview.origin.extension': 'Boas-vindas! Você chegou pela extensão para navegador.',
  'dashboard.overview.origin.confirmed': 'Seu e-mail foi confirmado. Boas-vindas ao Tubefold!',
  'dashboard.overview.account': 'Sua conta',
  'dashboard.overview.emailConfirmed': 'E-mail confirmado',
  'dashboard.overview.emailPending': 'E-mail ainda não confirmado',
  'dashboard.overview.settingsLink': 'Configurações da conta',
  'dashboard.overview.appearanceLink': 'Aparência',

  // Settings
  'settings.title': 'Configurações',
  'settings.nav.label': 'Seções das configurações',
  'settings.nav.account': 'Conta',
  'settings.nav.appearance': 'Aparência',
  'settings.appearance.title': 'Aparência',
  'settings.appearance.subtitle': 'Vale na hora neste dispositivo e fica guardada por um ano.',
  'settings.account.title': 'Conta',
  'settings.account.profile': 'Perfil',
  'settings.account.saveName': 'Salvar nome',
  'settings.account.nameSaved': 'Nome salvo.',
  'settings.account.email': 'Endereço de e-mail',
  'settings.account.emailHint':
    'Enviamos um link para o novo endereço; a alteração vale quando você o abrir.',
  'settings.account.changeEmail': 'Alterar e-mail',
  'settings.account.emailSent': 'Confira {email} para confirmar o novo endereço.',
  'settings.account.emailChanged': 'Seu endereço de e-mail foi alterado.',
  'settings.account.password': 'Senha',
  'settings.account.changePassword': 'Alterar senha',
  'settings.account.passwordChanged': 'Senha alterada. Suas outras sessões foram encerradas.',
  'settings.account.sessions': 'Sessões ativas',
  'settings.account.sessionsHint':
    'Dispositivos em que você está conectado. Revogue os que você não reconhecer.',
  'settings.account.thisDevice': 'Este dispositivo',
  'settings.account.unknownDevice': 'Dispositivo desconhecido',
  'settings.account.lastActive': 'Conectado em {date}',
  'settings.account.revoke': 'Revogar',
  'settings.account.revoked': 'Sessão revogada.',
  'settings.account.delete': 'Excluir conta',
  'settings.account.deleteHint':
    'Exclui sua conta e tudo o que há nela: grupos, biblioteca, compartilhamentos. Isso não pode ser desfeito.',
  'settings.account.deleteConfirm': 'Digite sua senha para excluir sua conta',
  'settings.account.deleteButton': 'Excluir minha conta',
  'settings.account.deleting': 'Excluindo...',
  'settings.account.saving': 'Salvando...',

  // Mail
  'mail.footer': 'Tubefold — grupos aninhados para canais do YouTube e animes da Crunchyroll.',
  'mail.confirm.subject': 'Confirme seu e-mail no Tubefold',
  'mail.confirm.heading': 'Boas-vindas ao Tubefold, {name}',
  'mail.confirm.body': 'Confirme seu endereço de e-mail para terminar de criar sua conta.',
  'mail.confirm.expiry': 'O link funciona uma única vez e expira em 24 horas.',
  'mail.confirm.action': 'Confirmar meu e-mail',
  'mail.existing.subject': 'Alguém tentou se cadastrar com seu e-mail',
  'mail.existing.heading': 'Olá, {name}',
  'mail.existing.body':
    'Alguém tentou criar uma conta no Tubefold com este endereço, que já tem uma. Se foi você, entre ou redefina sua senha.',
  'mail.existing.ignore': 'Se não foi você, pode ignorar este e-mail; nada foi alterado.',
  'mail.existing.action': 'Redefinir minha senha',
  'mail.reset.subject': 'Redefina sua senha do Tubefold',
  'mail.reset.heading': 'Olá, {name}',
  'mail.reset.body':
    'Alguém pediu para redefinir a senha da sua conta do Tubefold. Escolha uma nova com este link.',
  'mail.reset.expiry':
    'O link funciona uma única vez e expira em 1 hora. Se você não fez esse pedido, ignore este e-mail.',
  'mail.reset.action': 'Escolher uma nova senha',
  'mail.changeEmail.subject': 'Confirme seu novo endereço de e-mail',
  'mail.changeEmail.heading': 'Olá, {name}',
  'mail.changeEmail.body': 'Abra este link para usar {email} na sua conta do Tubefold.',
  'mail.changeEmail.action': 'Confirmar o novo endereço',
  ...organiserPt,
  ...groupsPt,
  ...libraryPt,
  ...transferPt,
  ...sharingPt,
  ...connectPt,
  ...growthPt,
  ...feedPt,
  ...channelDataPt,
  ...sharedPt,
  ...shareMailPt,
  ...overviewPt,
}
