import type { Widen } from '../../types.ts';
import type { en } from '../en/onboarding.ts';

/** Conectar el primer controlador, los siguientes pasos de una instalación vacía y si el correo sale de la instalación. */
export const es: Widen<typeof en> = {
  connect: 'Conectar un controlador',
  connectSubtitle:
    'Apunta un controlador a esta consola: se anuncia con la clave de aprovisionamiento y espera a que lo autorices.',
  steps: 'Cómo funciona',
  step1:
    'Configura el controlador con la dirección del bróker MQTT (o de la ingesta HTTP) y la clave de aprovisionamiento de abajo. Su nombre de usuario y su id de cliente son su dirección MAC.',
  step2: 'El controlador se anuncia y aparece pendiente de autorización.',
  step3:
    'Autorízalo: elige su organización y su ubicación. Entonces recibe una clave de dispositivo propia, que se muestra una sola vez, para ingresarla en el controlador.',
  endpoints: 'Direcciones',
  mqttUrl: 'Bróker MQTT',
  httpUrl: 'Ingesta HTTP',
  httpHint: 'POST a {{url}}/{mac}/status, /telemetry o /alarms con el encabezado Authorization: Device <clave>.',
  noMqtt: 'Esta instalación no tiene bróker MQTT: los controladores envían por HTTP.',
  httpFirstContact:
    'A través del bróker MQTT externo un controlador nuevo todavía no tiene cuenta: primero se anuncia por HTTP y recibe su cuenta del bróker al ser autorizado.',
  topics: 'Estructura de temas',
  topicsHint: '{mac} es la dirección MAC sin dos puntos. El estado se retiene y también es la última voluntad.',
  topicStatus: 'en línea, modelo, firmware',
  topicTelemetry: 'lecturas de los racks',
  topicAlarms: 'alarmas que genera el propio controlador',
  key: 'Clave de aprovisionamiento',
  keyHint:
    'Solo para el primer contacto de un controlador: permite que un controlador nuevo se anuncie, nada más. Quien la tenga puede agregar controladores pendientes, así que dásela solo a los instaladores.',
  rotate: 'Cambiar clave',
  rotateTitle: '¿Cambiar la clave de aprovisionamiento?',
  rotateBody:
    'Una clave nueva reemplaza a esta de inmediato. Los controladores que aún no se han anunciado necesitan la clave nueva; los controladores autorizados siguen funcionando con sus propias claves de dispositivo.',
  rotated: 'Se reemplazó la clave de aprovisionamiento. A partir de ahora se rechaza la clave anterior.',
  keyAdminOnly:
    'Solo un administrador puede ver la clave de aprovisionamiento y las direcciones. Pídele que te las muestre o que conecte el controlador.',
  simulator: 'Pruébalo con un controlador simulado',
  simulatorHint: 'Desde una copia de este proyecto, este comando inicia un controlador simulado que se anuncia aquí:',
  command: 'Comando',
  copy: 'Copiar',
  copied: 'Copiado',
  copyLabel: 'Copiar: {{what}}',
  waiting: 'Esperando a que un controlador se anuncie…',
  announced: 'El controlador {{mac}} espera autorización.',
  authorizeIt: 'Autorizar {{mac}}',
  loadError: 'No se pudieron cargar los datos de conexión.',
  connectWays: 'Qué conectar',
  viaProtocol: 'Un controlador',
  viaGateway: 'Una pasarela de tienda',
  gateway: {
    title: 'Conectar una pasarela de tienda',
    subtitle:
      'Para los controladores Modbus que una tienda ya tiene (Danfoss, Carel, Dixell, Emerson): un pequeño equipo Linux en su bus RS-485 o su convertidor Modbus TCP los consulta y habla por cada uno de ellos.',
    step1:
      'Guarda el gateway.yaml de abajo en el equipo y enumera sus buses y controladores: el bus de cada controlador, su id de unidad Modbus (la dirección configurada en el controlador) y su perfil de dispositivo.',
    step2: 'Verifica el archivo y luego inicia la pasarela. Se anuncia aquí con sus controladores y espera.',
    step3:
      'Autoriza la pasarela: elige su organización y su ubicación. Autorizar una pasarela autoriza todos sus controladores en la misma ubicación; un controlador que se agregue después a su archivo aparece ahí también.',
    step4:
      'Guarda la clave de dispositivo que se muestra una sola vez al autorizar en el archivo indicado por key_file en el equipo: la pasarela la lee en segundos y empiezan las lecturas de sus controladores.',
    waiting: 'Esperando a que una pasarela se anuncie…',
    announced_one: 'La pasarela {{mac}} con {{count}} controlador espera autorización.',
    announced_other: 'La pasarela {{mac}} con {{count}} controladores espera autorización.',
    configTitle: 'La configuración de partida',
    configHint:
      'Ya incluye el bróker MQTT y la clave de aprovisionamiento de esta instalación. Cambia los buses y los dispositivos según la tienda.',
    profilesHint:
      'Perfiles incluidos: danfoss-ak-cc55, carel-ir33 y generic-case (una plantilla). Para otro modelo, copia generic-case en profiles_dir con las direcciones de la tabla Modbus del fabricante.',
    noMqtt:
      'Esta instalación no tiene bróker MQTT y una pasarela solo habla MQTT. Activa el bróker integrado (o configura MQTT_URL) antes de conectar una pasarela.',
    externalBroker:
      'A través del bróker MQTT externo, un dispositivo nuevo no tiene cuenta hasta que se autoriza, y una pasarela solo se anuncia por MQTT: todavía no puede hacer su primer contacto con esta instalación.',
    runTitle: 'Ejecútala',
    check: 'Verificar el archivo y los perfiles',
    run: 'Iniciar la pasarela (desde una copia de este proyecto)',
    serviceTitle: 'En el equipo de la tienda, como servicio',
    serviceHint:
      'La compilación independiente y la unidad de systemd de deploy/: arranca con el equipo, verifica el archivo antes de cada inicio y se reinicia tras un fallo. En el equipo, pon key_file y outbox.dir en /var/lib/rcm-gateway.',
    serviceSteps: 'Instalar e iniciar el servicio',
  },
  noControllersTitle: 'Todavía no hay controladores',
  noControllersBody: 'Conecta tu primer controlador: se anuncia, lo autorizas y sus lecturas y alarmas aparecen aquí.',
  noControllersAsk:
    'Todavía no se ha conectado ningún controlador. Un administrador o un técnico los conecta y los autoriza.',
  dashboardEmptyTitle: 'Todavía no hay nada que monitorear',
  dashboardEmptyBody:
    'Las alarmas aparecen aquí cuando los controladores reportan. Agrega una ubicación por cada tienda y luego conecta sus controladores.',
  addLocation: 'Agregar ubicación',
  addLocationTitle: 'Agregar una ubicación',
  addLocationBody: '¿De qué organización forma parte la ubicación?',
  continue: 'Continuar',
  locationsEmptyTitle: 'Todavía no hay ubicaciones',
  locationsEmptyBody:
    'Una ubicación es una tienda u otro sitio; un controlador se coloca en una al ser autorizado. Agrega la primera.',
  invitationNotSent:
    'No hay un servidor de correo configurado, así que no se envió ningún correo. Dale a {{email}} este enlace para elegir una contraseña (válido 7 días, una sola vez):',
  invitationLink: 'Enlace de invitación',
  email: {
    intro:
      'Los correos de alarmas, las invitaciones, los enlaces de contraseña y las órdenes de compra salen por este servidor de correo. La contraseña nunca se muestra.',
    transport: 'Servidor de correo',
    none: 'Ninguno configurado',
    noneHint:
      'Sin SMTP_URL nada sale de la instalación: los mensajes se guardan en la consola marcados como “no enviado”. Define SMTP_URL (por ejemplo smtp://usuario:contraseña@correo.ejemplo.com:587) y reinicia.',
    host: 'Servidor',
    port: 'Puerto',
    secure: 'TLS desde el inicio',
    user: 'Usuario',
    noUser: 'ninguno',
    from: 'Remitente',
    publicUrl: 'Los enlaces de los correos apuntan a',
    lastSent: 'Último mensaje aceptado por el servidor',
    lastFailure: 'Último mensaje no entregado',
    lastFailureValue: 'en cola {{at}}: {{error}}',
    never: 'nunca',
    test: 'Enviar un mensaje de prueba',
    testTo: 'Enviar a',
    testSend: 'Enviar mensaje de prueba',
    testSending: 'Enviando…',
    testSent: 'El servidor de correo aceptó el mensaje de prueba para {{to}}.',
    testFailed: 'El servidor de correo no aceptó el mensaje de prueba: {{error}}',
    on: 'Activado',
    off: 'Desactivado',
    adminOnly: 'Solo un administrador de la instalación puede ver la configuración de correo.',
    loadError: 'No se pudo cargar la configuración de correo. Inténtalo de nuevo en un momento.',
  },
};
