import type { transferEn } from './en'

export const transferPt: Record<keyof typeof transferEn, string> = {
  // Erros (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'Este arquivo tem mais de {max} MB. Divida-o e importe as partes.',
  'transfer.error.tooMany': 'Este arquivo cita mais de {max} canais. Divida-o e importe as partes.',
  'transfer.error.tooManyGroups':
    'Este arquivo tem mais de {max} grupos. Divida-o e importe as partes.',
  'transfer.error.unrecognised':
    'O Tubefold não reconhece o formato deste arquivo. Formatos aceitos: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, LibreTube, OPML, um backup do Tubefold ou uma lista de links de canais.',
  'transfer.error.malformed': 'Este arquivo {format} está danificado e não pode ser lido.',
  'transfer.error.empty': 'Nenhum canal ou anime foi encontrado nele.',
  'transfer.error.archiveTooLarge':
    'Este arquivo compactado se expande para mais de {max} MB, ou para muito mais que o próprio tamanho, por isso não foi aberto.',
  'transfer.error.timeout':
    'Não foi possível ler este arquivo a tempo. Se for uma exportação real, importe-a em partes menores.',
  'transfer.error.busy': 'O Tubefold está lendo muitos arquivos agora. Tente de novo em um minuto.',
  'transfer.error.importNotFound': 'Esta importação não está mais disponível. Comece de novo.',
  'transfer.error.importStarted': 'Esta importação já foi iniciada.',
  'transfer.error.selectionInvalid':
    'O que foi desmarcado não corresponde mais a esta importação. Abra o arquivo de novo.',
  'transfer.error.nothingSelected': 'Nada está marcado. Marque o que você quer importar.',

  // Títulos de página
  'transfer.meta.import': 'Importar',
  'transfer.meta.privacy': 'Configurações de privacidade',

  // Pontos de entrada
  'transfer.import.link': 'Importar',
  'transfer.import.here': 'Importar para este grupo',
  'transfer.import.overview': 'Importar canais e grupos',

  // Tela de importação
  'transfer.import.title': 'Importar canais e grupos',
  'transfer.import.subtitle':
    'Traga suas inscrições e grupos do YouTube, NewPipe, FreeTube, Piped, PocketTube, Grayjay, LibreTube, de um leitor de RSS ou de uma lista de links. Você vê tudo antes que qualquer coisa seja salva.',
  'transfer.format.plain': 'uma lista de links',
  'transfer.source.title': 'O que importar',
  'transfer.source.file.title': 'Enviar um arquivo',
  'transfer.source.file.drop': 'Solte um arquivo aqui ou escolha um.',
  'transfer.source.file.choose': 'Escolher um arquivo',
  'transfer.source.file.accepted': 'Aceitos: {formats}. Até {max} MB.',
  'transfer.source.file.reading': 'Lendo {name}…',
  'transfer.source.paste.title': 'Ou cole',
  'transfer.source.paste.label':
    'Links de canais, ids, @handles, links de séries da Crunchyroll ou o texto de um arquivo inteiro',
  'transfer.source.paste.hint': 'Um por linha. O formato é reconhecido pelo conteúdo.',
  'transfer.source.paste.submit': 'Pré-visualizar importação',
  'transfer.source.paste.busy': 'Lendo…',

  // Pré-visualização
  'transfer.preview.title': 'Confira antes de importar',
  'transfer.preview.updating': 'Atualizando a pré-visualização…',
  'transfer.preview.startOver': 'Começar de novo',
  'transfer.preview.format': 'Formato detectado: {format}',
  'transfer.preview.count.groupsNew': 'Grupos a criar',
  'transfer.preview.count.groupsMerged': 'Grupos a mesclar',
  'transfer.preview.count.channelsNew': 'Canais novos',
  'transfer.preview.count.channelsInLibrary': 'Já na sua biblioteca',
  'transfer.preview.count.channelsToResolve': 'A buscar no YouTube',
  'transfer.preview.count.animes': 'Animes',
  'transfer.preview.count.animesSplit': '(novos: {new}, já na sua biblioteca: {inLibrary})',
  'transfer.preview.resolveNote':
    'Os canais que o YouTube ainda não confirmou — indicados por identificador, endereço ou vídeo, ou ids — ({count}) são buscados no YouTube depois de confirmar; importações grandes continuam em segundo plano.',
  'transfer.preview.pendingNote':
    'Se o YouTube não responder, ficam pendentes e são preenchidos quando ele responder.',
  'transfer.preview.groups.title': 'Grupos',
  'transfer.preview.groups.none':
    'Este arquivo não tem grupos: seus canais e animes são adicionados à sua biblioteca.',
  'transfer.preview.groups.noneInto':
    'Este arquivo não tem grupos: seus canais e animes vão para o grupo escolhido.',
  'transfer.preview.groups.more': 'e mais {count}',
  'transfer.preview.group.path': 'em {path}',
  'transfer.preview.group.items.one': '{count} item',
  'transfer.preview.group.items.other': '{count} itens',
  'transfer.preview.group.merge': 'já existe → será mesclado',
  'transfer.preview.group.copy': 'já existe → será criado como novo',
  'transfer.preview.group.new': 'novo',
  'transfer.preview.problems.title': 'Problemas ({count})',
  'transfer.preview.problems.hint':
    'Estas linhas são ignoradas ou ajustadas como descrito; todo o resto é importado.',
  'transfer.preview.problems.more': 'e mais {count}',
  'transfer.problem.line': 'Linha {line}',
  'transfer.problem.entry': 'Item {line}',
  'transfer.problem.file': 'O arquivo',
  'transfer.problem.notChannel': 'não é um URL de canal',
  'transfer.problem.invalid': 'não é um link, id ou @handle de canal',
  'transfer.problem.videoNotFound': 'vídeo não encontrado no YouTube',
  'transfer.problem.duplicate': 'aparece mais de uma vez, importado uma vez',
  'transfer.problem.otherService': 'não é do YouTube, ignorado',
  'transfer.problem.nameTruncated': 'nome de grupo longo demais, encurtado',
  'transfer.problem.nameMissing': 'grupo sem nome, recebeu um',
  'transfer.problem.tooDeep': 'aninhado além de 10 níveis: seus subgrupos entram nele',
  'transfer.problem.animeInvalid': 'não é um link de série da Crunchyroll',
  'transfer.options.title': 'Opções',
  'transfer.options.destination': 'Onde colocar os grupos importados',
  'transfer.options.topLevel': 'Nível principal',
  'transfer.options.destinationHint': 'Canais e animes sem grupo vão para o grupo escolhido.',
  'transfer.options.sameNames': 'Grupos com o mesmo nome',
  'transfer.options.merge': 'Mesclar com eles',
  'transfer.options.new': 'Criar novos',
  'transfer.contents.title': 'O que será adicionado',
  'transfer.contents.hint':
    'Desmarque o que você não quer. Desmarcar um grupo deixa de fora também os subgrupos; um canal dele ainda vem com qualquer outro grupo marcado que o tenha.',
  'transfer.contents.search': 'Buscar canais, animes e grupos',
  'transfer.contents.loading': 'Carregando a lista…',
  'transfer.contents.noMatch': 'Nada corresponde a “{query}”.',
  'transfer.contents.ungrouped': 'Em nenhum grupo',
  'transfer.contents.anime': 'anime',
  'transfer.contents.pathIn': 'em {path}',
  'transfer.preview.confirmItems': 'Importar {items}',
  'transfer.preview.confirmItemsInto': 'Importar {items} em {groups}',
  'transfer.preview.confirmGroups': 'Importar {groups}',
  'transfer.preview.confirmNothing': 'Nada marcado para importar',
  'transfer.preview.selected.and': '{first} e {second}',
  'transfer.preview.selected.channels.one': '{count} canal',
  'transfer.preview.selected.channels.other': '{count} canais',
  'transfer.preview.selected.animes.one': '{count} anime',
  'transfer.preview.selected.animes.other': '{count} animes',
  'transfer.preview.selected.groups.one': '{count} grupo',
  'transfer.preview.selected.groups.other': '{count} grupos',
  'transfer.preview.confirm': 'Confirmar importação',
  'transfer.preview.confirmBusy': 'Iniciando…',
  'transfer.preview.cancel': 'Cancelar',

  // Progresso e resultado
  'transfer.progress.loading': 'Carregando a importação…',
  'transfer.progress.title': 'Importando {name}',
  'transfer.progress.queued': 'Aguardando para começar…',
  'transfer.progress.resolving': 'Buscando canais: {done} de {total}',
  'transfer.progress.resolvingPhase': 'Buscando canais no YouTube…',
  'transfer.progress.applying': 'Salvando…',
  'transfer.progress.leave':
    'Você pode continuar usando o Tubefold enquanto isso: a importação continua, e esta página a mostra de novo quando você voltar.',
  'transfer.progress.stop': 'Parar importação',
  'transfer.done.title': 'Importação concluída',
  'transfer.done.groupsCreated': 'Grupos criados',
  'transfer.done.groupsMerged': 'Grupos mesclados',
  'transfer.done.channelsAdded': 'Canais adicionados',
  'transfer.done.animesAdded': 'Animes adicionados',
  'transfer.done.itemsPlaced': 'Colocados em grupos',
  'transfer.done.lookedUp': 'Buscados no YouTube',
  'transfer.done.pending.count': '{count} pendentes',
  'transfer.done.pending.unreachable':
    'não foi possível contactar o YouTube; vamos preenchê-los quando ele responder.',
  'transfer.done.pending.quota':
    'a quota diária do YouTube esgotou; vamos preenchê-los quando ela for reposta.',
  'transfer.done.pending.share':
    'a sua parte diária de buscas no YouTube esgotou; vamos preenchê-los quando ela for reposta.',
  'transfer.done.pending.filled':
    'O YouTube respondeu: os {count} canais pendentes foram preenchidos.',
  'transfer.done.pending.retry': 'Buscar de novo agora',
  'transfer.done.notFound': 'Não encontrados no YouTube ({count})',
  'transfer.done.openGroups': 'Abrir seus grupos',
  'transfer.done.dismiss': 'Fechar',
  'transfer.failed.title': 'A importação falhou',
  'transfer.cancelled.title': 'Importação interrompida',
  'transfer.cancelled.body': 'Nada foi salvo.',
  'transfer.recent.title': 'Importações recentes',
  'transfer.recent.done': 'grupos: {groups}, canais adicionados: {channels}',
  'transfer.recent.failed': 'falhou',
  'transfer.recent.cancelled': 'interrompida',

  // Exportação
  'transfer.export.menu': 'Exportar',
  'transfer.export.accountLabel': 'Baixar todos os seus grupos como',
  'transfer.export.groupLabel': 'Baixar este grupo e seus subgrupos como',
  'transfer.export.tubefold.name': 'Backup do Tubefold',
  'transfer.export.tubefold.description':
    'Tudo, sem perdas: importe-o para ter a mesma árvore de volta.',
  'transfer.export.opml.description': 'Para leitores de RSS, com pastas aninhadas.',
  'transfer.export.csv.description':
    'Para planilhas: as colunas do Takeout mais o caminho do grupo.',
  'transfer.export.newpipe.description':
    'Arquivo de inscrições para o NewPipe: adiciona os canais, sem os grupos.',
  'transfer.export.newpipeZip.description':
    'Banco de dados para importar no NewPipe, com seus grupos como grupos de canais. Importá-lo substitui as inscrições, o histórico e as playlists do NewPipe.',
  'transfer.export.freetube.description':
    'Arquivo de perfis para o FreeTube, um perfil por grupo que tem canais.',
  'transfer.export.piped.description': 'Arquivo de grupos de canais para o Piped.',

  // Configurações de privacidade
  'transfer.privacy.nav': 'Privacidade',
  'transfer.privacy.title': 'Privacidade',
  'transfer.privacy.subtitle': 'Seus dados são seus: leve-os com você ou apague-os, quando quiser.',
  'transfer.privacy.export.title': 'Exportar todos os meus dados',
  'transfer.privacy.export.hint':
    'O backup do Tubefold guarda tudo: grupos com sua ordem, ícones, cores e descrições, canais e animes com seus apelidos, notas e tags. Importá-lo devolve a mesma árvore.',
  'transfer.privacy.export.backup': 'Baixar meu backup',
  'transfer.privacy.export.notifications': 'Baixar meus dados de notificações',
  'transfer.privacy.import': 'Importar',
  'transfer.privacy.export.others': 'Outros formatos',
  'transfer.privacy.analytics.title': 'Estatísticas de uso',
  'transfer.privacy.analytics.label': 'Compartilhar estatísticas de uso anônimas',
  'transfer.privacy.analytics.hint':
    'Esta instância mede como suas páginas são usadas, para melhorá-las. Desative para parar a medição neste navegador. Um navegador que envia Do Not Track nunca é medido.',
  'transfer.privacy.delete.title': 'Excluir minha conta',
  'transfer.privacy.delete.hint':
    'Excluir sua conta remove seus grupos, biblioteca e configurações para sempre. Baixe um backup antes se talvez quiser recuperá-los.',
  'transfer.privacy.delete.link': 'Ir para a exclusão da conta',

  // Atividade
  'transfer.activity.imported':
    '{actor} importou de {format} (grupos: {groups}, canais: {channels})',
  'transfer.activity.importedList':
    '{actor} importou uma lista de links (grupos: {groups}, canais: {channels})',
}
