import type { supportEn } from './en'

export const supportEs: Record<keyof typeof supportEn, string> = {
  'support.title': 'Soporte',
  'support.subtitle': 'Respuestas a preguntas frecuentes y una forma de contactarnos.',
  'support.faq.title': 'Preguntas frecuentes',
  'support.faq.q1': '¿Cuántos niveles de anidamiento pueden tener los grupos?',
  'support.faq.a1':
    'Gratis: hasta {freeDepth} niveles; Pro y Business: hasta {depth}. Un canal puede estar en varios grupos a la vez.',
  'support.faq.q2': '¿Qué archivos puedo importar?',
  'support.faq.a2': 'Suscripciones de {formats}.',
  'support.faq.q3': '¿Tubefold usa mi cuota de YouTube o mi contraseña?',
  'support.faq.a3':
    'No. Los feeds de los grupos vienen del RSS público de YouTube, que no gasta cuota de la API, y para conectar YouTube se usa el inicio de sesión de Google; nunca vemos tu contraseña de Google.',
  'support.faq.q4': '¿Puedo compartir un grupo sin compartirlo todo?',
  'support.faq.a4':
    'Sí. Se comparte un grupo y sus subgrupos, para ver o editar; tus otros grupos siguen siendo privados.',
  'support.faq.q5': '¿Hay una prueba gratis?',
  'support.faq.a5':
    'Pro y Business empiezan con una prueba gratis de {days} días, sin necesidad de tarjeta de crédito.',
  'support.faq.a5NoBilling':
    'Esta instancia de Tubefold no tiene planes de pago: todas las funciones ya están desbloqueadas, sin prueba que empezar.',
  'support.faq.q6': '¿Cómo exporto mis datos?',
  'support.faq.a6':
    'Desde los ajustes, exporta todo como copia de seguridad de Tubefold, OPML, CSV o en los formatos de NewPipe, FreeTube y Piped, o elimina tu cuenta.',
  'support.contact.title': 'Contáctanos',
  'support.contact.subtitle': 'Solemos responder en un plazo de dos días hábiles.',
  'support.contact.name': 'Tu nombre',
  'support.contact.email': 'Correo electrónico',
  'support.contact.topic': 'Tema',
  'support.contact.topic.question': 'Una pregunta',
  'support.contact.topic.bug': 'Algo no funciona',
  'support.contact.topic.billing': 'Facturación',
  'support.contact.topic.feedback': 'Comentarios',
  'support.contact.message': 'Mensaje',
  'support.contact.submit': 'Enviar mensaje',
  'support.contact.sending': 'Enviando...',
  'support.contact.sent': '¡Gracias! Tu mensaje se envió; responderemos a {email}.',
  'support.contact.website': 'Deja este campo vacío',
  'support.contact.error.nameRequired': 'Escribe tu nombre',
  'support.contact.error.nameLong': 'Usa como máximo {max} caracteres en el nombre',
  'support.contact.error.messageShort': 'Escribe al menos {min} caracteres',
  'support.contact.error.messageLong': 'Usa menos de {max} caracteres',
  'support.mail.subject': '[Soporte de Tubefold] {topic} de {name}',
  'support.mail.intro': '{name} <{email}> escribió sobre “{topic}”:',
  'support.mail.receiptSubject': 'Hemos recibido tu mensaje',
  'support.mail.receiptBody':
    'Hola, {name}: gracias por escribir al soporte de Tubefold. Hemos recibido tu mensaje y responderemos a esta dirección.',
}
