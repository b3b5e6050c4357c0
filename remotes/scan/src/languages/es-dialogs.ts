// Español para quien encuentra el animal, de usted: se dirige a un desconocido, de cualquier país.
// The words of the dialogs, toasts and refusals, downloaded when first needed.
import { LIMITS } from '@medaille/domain';
import type { DialogDictionary } from '../dialog-copy.ts';

const es: DialogDictionary = {
  close: 'Cerrar',
  errors: {
    invalid_request: 'Solicitud no válida.',
    client_unknown: 'Solicitud no válida.',
    invalid_characters: 'El texto contiene caracteres no válidos.',
    code_not_found: 'Código no encontrado',
    profile_rate_limited: 'Demasiadas consultas desde su conexión. Vuelva a intentarlo dentro de un minuto.',
    message_empty: 'Escriba un mensaje o indique cómo contactar con usted.',
    message_too_long: `El mensaje no puede superar los ${LIMITS.messageMaxLength} caracteres.`,
    contact_too_long: `El medio de contacto no puede superar los ${LIMITS.finderContactMaxLength} caracteres.`,
    message_rate_limited: 'Ya ha enviado varios mensajes sobre este animal. Vuelva a intentarlo dentro de una hora.',
    consent_required: 'Necesitamos su consentimiento para compartir su ubicación.',
    invalid_location: 'Ubicación no válida.',
    animal_mismatch: 'Esta placa no corresponde a este animal.',
    scan_cooldown: 'Puede compartir su ubicación una vez cada 2 minutos.',
    photo_type: 'La foto debe estar en formato JPEG, PNG o WebP.',
    photo_too_large: 'La foto pesa demasiado. Elija otra.',
    photo_rate_limited: 'Ya ha enviado varias fotos hoy. Envíe su mensaje sin foto.',
    photo_animal_rate_limited: 'Este animal ya ha recibido muchas fotos hoy. Envíe su mensaje sin foto.',
    internal: 'Se ha producido un error. Vuelva a intentarlo.',
  },
  lightbox: {
    label: (name) => `Fotos de ${name} a pantalla completa`,
    close: 'Cerrar',
    previous: 'Foto anterior',
    next: 'Foto siguiente',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
    reset: 'Tamaño real 1:1',
    zoom: (percent) => `Zoom: ${percent} %`,
    position: (index, count) => `Foto ${index} de ${count}`,
  },
  message: {
    title: (name) => `Escribir al dueño de ${name}`,
    intro: 'Le enviaremos su mensaje por correo electrónico. Usted no verá su dirección.',
    message: 'Su mensaje',
    counter: (count, max) => `${count}/${max}`,
    contact: 'Cómo contactar con usted (teléfono o correo, opcional)',
    honeypot: 'No rellene este campo',
    cancel: 'Cancelar',
    send: 'Enviar',
    required: 'Escriba un mensaje o indique cómo contactar con usted.',
    sent: { title: 'Mensaje enviado al dueño', description: 'Su mensaje se ha enviado correctamente' },
    failed: { title: 'Error', description: 'No se ha podido enviar el mensaje' },
  },
  location: {
    title: 'Compartir mi ubicación',
    consent: (name, sex) =>
      `Su ubicación se enviará al dueño de ${name} para ayudarle a ${sex === 'M' ? 'encontrarlo' : sex === 'F' ? 'encontrarla' : 'encontrar a su animal'} y se mostrará en esta página. Se conserva durante 90 días.`,
    cancel: 'Cancelar',
    accept: 'Compartir mi ubicación',
    locating: 'Buscando su ubicación…',
    wait: { title: 'Espere un momento', description: 'Puede compartir su ubicación una vez cada 2 minutos.' },
    unsupported: 'Este navegador no puede compartir la ubicación',
    denied: 'Ha denegado el acceso a su ubicación. Puede contactar directamente con el dueño.',
    unavailable: 'Ubicación no disponible. Compruebe sus ajustes.',
    timeout: 'La solicitud ha tardado demasiado. Vuelva a intentarlo.',
    failed: 'No se ha podido obtener su ubicación.',
    sendFailed: 'No se ha podido compartir la ubicación. Vuelva a intentarlo.',
    shared: { title: '¡Gracias!', description: 'Su ubicación se ha compartido con el dueño.' },
  },
};

export default es;
