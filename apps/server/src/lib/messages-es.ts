import type { Catalog } from './catalog.ts';

/** The server's messages in Mexican Spanish (lib/messages.ts). */
export const ES_MX: Catalog = {
  errors: {
    bad_request: 'No se pudo interpretar la solicitud.',
    validation_failed: 'Algunos campos no son válidos.',
    unauthenticated: 'Inicia sesión para continuar.',
    invalid_credentials: 'Estas credenciales no coinciden con nuestros registros.',
    session_expired: 'Tu sesión ha expirado. Vuelve a iniciar sesión.',
    account_disabled: 'Esta cuenta está deshabilitada. Contacta a tu administrador.',
    forbidden: 'No tienes permiso para hacer esto.',
    not_found: 'No se encontró el recurso solicitado.',
    conflict: 'Esto entra en conflicto con datos existentes.',
    rate_limited: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
    payload_too_large: 'La solicitud es demasiado grande.',
    internal: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    wrong_password: 'La contraseña actual es incorrecta.',
    cannot_impersonate: 'No puedes iniciar sesión como este usuario.',
    not_impersonating: 'No has iniciado sesión como otro usuario.',
    invitation_invalid: 'Este enlace de invitación ya venció o ya se usó.',
    service_unavailable: 'Este servidor se está apagando. Inténtalo de nuevo en un momento.',
    link_used: 'Este enlace para reconocer ya se usó.',
    setup_done: 'Esta consola ya está configurada. Inicia sesión.',
    reset_token_invalid: 'Este enlace no es válido, ya venció o ya se usó. Solicita uno nuevo.',
    cannot_change_self: 'No puedes desactivar, eliminar ni cambiar el rol de tu propia cuenta.',
    tls_required:
      'Este controlador está en modo seguro: debe enviar por HTTPS. Pon TLS delante de la consola, o desactiva el modo seguro en un controlador que no puede usar TLS.',
    disk_low:
      'El servidor tiene poco espacio en disco y rechaza datos nuevos hasta que se libere espacio. Los dispositivos conservan sus lecturas y las vuelven a enviar.',
    backups_external:
      'Este servidor guarda sus datos en PostgreSQL: respáldalo con las herramientas de PostgreSQL (pg_dump o respaldos base), como describe la sección “Backing up PostgreSQL” del README.',
    in_use: 'Esto todavía está en uso y no se puede eliminar.',
    ingest_failing: 'No se pudieron guardar los datos, así que no se aceptaron. Vuelve a enviarlos en un momento.',
    no_mail_server: 'No hay un servidor de correo configurado (SMTP_URL), así que no se puede enviar ningún correo.',
    already_acknowledged: 'Esta alarma ya estaba reconocida, por otra persona o antes: no cambió nada.',
    already_cleared: 'Esta alarma ya está resuelta: no cambió nada.',
    entry_signed:
      'Este registro de la bitácora HACCP está firmado y no se puede cambiar ni eliminar. Registra en su lugar una corrección que lo nombre.',
    account_throttled:
      'Demasiados intentos fallidos de inicio de sesión en esta cuenta. Espera unos minutos (cinco como máximo) y vuelve a intentarlo, o restablece tu contraseña.',
    not_pageable:
      'Solo se avisa a quienes pueden ver alarmas, así que solo ellos agregan números de teléfono. Pregunta a un administrador si deberían avisarte.',
    verification_limit: 'Te enviamos 5 códigos de verificación en las últimas 24 horas. Inténtalo de nuevo mañana.',
    verification_limit_organization:
      'Tu organización ya recibió sus 50 códigos de verificación de las últimas 24 horas. Inténtalo mañana o pregunta a un administrador.',
    push_endpoint_taken:
      'Esta suscripción push pertenece a otra persona. Vuelve a suscribir este navegador para obtener una propia.',
    reauth_required:
      'Confirma de nuevo que eres tú (tu contraseña o un código de tu app de autenticación) para hacer esto.',
    token_cannot_sign:
      'Un token de integración no puede firmar registros: firma una persona, con su propia contraseña.',
    impersonation_cannot_sign:
      'Nadie firma por otra persona: deja de iniciar sesión como esta persona y firma con tu propia cuenta.',
    token_not_allowed: 'Un token de integración no puede hacer esto: inicia sesión como persona.',
    mfa_token_invalid: 'Este paso del inicio de sesión venció o se intentó demasiadas veces. Inicia sesión de nuevo.',
    mfa_method_unavailable: 'Esta forma de comprobar que eres tú no está configurada en esta cuenta.',
    mfa_required_by_policy:
      'Tu organización exige un segundo factor: agrega otro antes de quitar este, o pide a un administrador que restablezca tus factores.',
    mfa_method_not_allowed: 'Tu organización no permite este tipo de segundo factor.',
    sso_required:
      'Tu organización inicia sesión con inicio de sesión único. Usa “Iniciar sesión con inicio de sesión único”.',
    sso_no_role:
      'Tu proveedor de identidad te autenticó, pero ninguno de tus grupos da acceso a esta consola. Pide a tu administrador que te agregue a un grupo asignado.',
    sso_not_provisioned:
      'Tu proveedor de identidad te autenticó, pero no tienes una cuenta en esta consola. Pide a tu administrador que la cree.',
    sso_account_conflict:
      'Ya existe una cuenta con tu correo electrónico y no está vinculada a tu proveedor de identidad. Consulta a tu administrador.',
    sso_provider_error: 'Tu proveedor de identidad no te autenticó. Inténtalo de nuevo o consulta a tu administrador.',
    sso_not_completed:
      'El inicio de sesión único no se completó o expiró. Empieza de nuevo desde la página de inicio de sesión.',
    sso_unavailable:
      'No se pudo contactar al proveedor de identidad. Inténtalo en un momento o consulta a tu administrador.',
    support_grant_required:
      'Esta organización solo permite el acceso de personas de otras organizaciones con su autorización de soporte. Pide una a sus administradores e indica el motivo.',
  },
  fields: {
    wrong_password: 'La contraseña actual es incorrecta.',
    mfa_code_wrong:
      'Este código no es válido. Escribe el código actual de tu app o un código de recuperación sin usar.',
    passkey_failed: 'No se pudo verificar esta llave de acceso. Inténtalo de nuevo o elige otra forma.',
    reauth_proof_missing: 'Escribe tu contraseña o un código de tu app de autenticación.',
    expiry_past: 'Elige una fecha futura.',
    expiry_too_far: 'Un token puede durar como máximo un año.',
    grant_too_far: 'El acceso de soporte puede otorgarse por 30 días como máximo.',
    permission_not_for_tokens: 'Un token de integración no puede llevar este permiso.',
    organization_not_allowed:
      'Elige tu propia organización (solo el personal que ve todas las organizaciones puede elegir otra, o todas).',
    email_taken: 'Otra cuenta ya usa este correo electrónico.',
    location_not_in_organization: 'Esta ubicación no pertenece a la organización elegida.',
    range_too_long: 'El rango puede ser de 400 días como máximo.',
    part_number_taken: 'Otro artículo de esta organización ya usa este número de parte.',
    item_not_in_organization: 'Este artículo no pertenece a la organización de la ubicación.',
    controller_not_at_location: 'Este controlador no está instalado en la ubicación elegida.',
    role_not_assignable: 'No puedes otorgar este rol.',
    unknown_option: 'Elige una de las opciones de la lista.',
    team_not_in_organization: 'Este equipo pertenece a otra organización.',
    permission_not_grantable: 'No puedes otorgar permisos que tú no tienes.',
    job_location_unknown: 'Elige una ubicación que puedas ver.',
    job_alarm_mismatch: 'Esta alarma no corresponde al controlador y la ubicación elegidos.',
    job_category_unknown: 'Elige una de las categorías de la lista.',
    job_assignee_unknown: 'Elige personas que puedan asignarse a este trabajo.',
    time_format: 'Ingresa una hora como HH:MM (reloj de 24 horas).',
    quiet_hours_pair: 'Ingresa un inicio y un fin distintos, o deja ambos vacíos.',
    time_zone_unknown: 'Elige una zona horaria de la lista.',
    supplier_code_taken: 'Otro proveedor ya usa este código.',
    supplier_no_email: 'Este proveedor no tiene correo para pedidos. Agrégalo en Inventario → Proveedores.',
    supplier_unknown: 'Elige uno de los proveedores de la lista.',
    item_archived: 'Este artículo se retiró del inventario.',
    job_category_taken: 'Otra categoría ya tiene este nombre (incluidas las archivadas).',
    job_category_zuper: 'Las categorías de trabajo vienen de Zuper mientras Zuper está conectado: cámbialas en Zuper.',
    window_place_unknown: 'Esta ubicación o controlador no existe o no te corresponde darle mantenimiento.',
    window_rack_unknown: 'Este controlador no tiene un rack con esta referencia.',
    window_range_order: 'El final debe ser posterior al inicio.',
    channel_unavailable: 'Esta consola no puede enviar SMS ni hacer llamadas: no hay una cuenta de Twilio configurada.',
    contact_method_taken: 'Ya tienes este número para este método.',
    contact_method_unknown: 'Elige uno de tus propios números de teléfono.',
    rule_duplicate: 'Este método ya tiene una regla con este retraso.',
    code_wrong: 'Este código no es el que enviamos.',
    code_expired: 'Este código venció. Envía uno nuevo.',
    code_spent: 'Demasiados códigos incorrectos. Envía uno nuevo.',
    code_not_sent: 'No se pudo enviar el código a este número. Revísalo e inténtalo de nuevo.',
    push_endpoint_private:
      'La dirección de este servicio de notificaciones apunta a una red privada o local, a la que esta consola no envía.',
    webhook_url_private:
      'Esta dirección apunta a una red privada o local (o no se resuelve), a la que esta consola no envía.',
    push_endpoint_invalid:
      'Esta no es una suscripción de notificaciones como la que da un navegador (un endpoint https y sus claves p256dh y auth).',
    refrigerant_system_missing:
      'Primero configura el sistema de refrigerante de este rack (refrigerante y carga completa).',
    correction_target_invalid: 'Elige un registro de este sistema que aún no se haya corregido.',
    haccp_correction_invalid: 'Elige un registro del mismo tipo, lugar y desviación que aún no se haya corregido.',
    not_an_excursion: 'Ninguna desviación de esta vitrina empieza a esa hora.',
    date_in_future: 'La fecha no puede estar en el futuro.',
    phone_country_not_allowed:
      'No se pueden agregar números de este país para tu organización. Un administrador puede permitir más países en la configuración de la organización.',
    phone_country_unknown: 'Este no es un código de país (ISO 3166, p. ej. US o MX).',
    issuer_insecure: 'El emisor debe ser una dirección https.',
    domain_taken: 'Otra conexión de inicio de sesión único ya usa este dominio.',
    break_glass_not_member: 'Elige personas de esta organización.',
    invalid_unicode: 'Este texto contiene un carácter que no es Unicode válido. Quítalo o escríbelo de nuevo.',
  },
  inUse: {
    item_open_orders: (n) =>
      `Este artículo está en ${n === 1 ? 'una orden de compra abierta' : `${n} órdenes de compra abiertas`}.`,
    org_members: (n) =>
      n === 1 ? '1 usuario pertenece a esta organización.' : `${n} usuarios pertenecen a esta organización.`,
    org_controllers: (n) =>
      n === 1
        ? '1 controlador está en servicio aquí; dalo de baja o muévelo primero.'
        : `${n} controladores están en servicio aquí; dalos de baja o muévelos primero.`,
    org_locations: (n) =>
      n === 1 ? 'Todavía tiene 1 ubicación; elimínala primero.' : `Todavía tiene ${n} ubicaciones; elimínalas primero.`,
    org_own: () => 'Esta es tu propia organización.',
    location_controllers: (n) =>
      n === 1
        ? '1 controlador está instalado en esta ubicación; dalo de baja o muévelo primero.'
        : `${n} controladores están instalados en esta ubicación; dalos de baja o muévelos primero.`,
    location_assets: (n) =>
      n === 1 ? '1 activo está registrado en esta ubicación.' : `${n} activos están registrados en esta ubicación.`,
    team_members: (n) => (n === 1 ? '1 usuario está en este equipo.' : `${n} usuarios están en este equipo.`),
    team_escalations: (n) =>
      n === 1 ? '1 paso de escalamiento avisa a este equipo.' : `${n} pasos de escalamiento avisan a este equipo.`,
    policy_default: () => 'Es la política predeterminada: las alarmas sin política propia avisan con ella.',
    policy_alarm_types: (n) =>
      n === 1 ? '1 tipo de alarma avisa con esta política.' : `${n} tipos de alarma avisan con esta política.`,
    policy_locations: (n) =>
      n === 1 ? '1 ubicación avisa con esta política.' : `${n} ubicaciones avisan con esta política.`,
    schedule_policies: (n) =>
      n === 1
        ? '1 política de escalamiento avisa a esta guardia.'
        : `${n} políticas de escalamiento avisan a esta guardia.`,
    role_users: (n) => (n === 1 ? '1 usuario tiene este rol.' : `${n} usuarios tienen este rol.`),
    role_invitations: (n) =>
      n === 1 ? '1 invitación pendiente ofrece este rol.' : `${n} invitaciones pendientes ofrecen este rol.`,
    role_sso_connections: (n) =>
      n === 1
        ? '1 conexión de inicio de sesión único da este rol: cámbiala primero.'
        : `${n} conexiones de inicio de sesión único dan este rol: cámbialas primero.`,
    contact_method_rules: (n) =>
      n === 1
        ? '1 regla de notificación usa este número: cámbiala primero.'
        : `${n} reglas de notificación usan este número: cámbialas primero.`,
  },
  validation: {
    required: 'Este campo es obligatorio.',
    invalid_type: 'Este valor tiene un tipo incorrecto.',
    too_small_string: (n) => (n <= 1 ? 'Este campo es obligatorio.' : `Debe tener al menos ${n} caracteres.`),
    too_big_string: (n) => `Debe tener como máximo ${n} caracteres.`,
    too_small_number: (n) => `Debe ser al menos ${n}.`,
    too_small_number_exclusive: (n) => `Debe ser mayor que ${n}.`,
    too_big_number: (n) => `Debe ser como máximo ${n}.`,
    invalid_email: 'Ingresa un correo electrónico válido.',
    invalid_value: 'Este valor no está permitido.',
    unrecognized_keys: 'Se enviaron campos desconocidos.',
    current_password_required: 'Ingresa tu contraseña actual para definir una nueva.',
    password_weak: 'Esta contraseña es demasiado fácil de adivinar. Elige una más larga o menos común.',
    phone_format: 'Ingresa el número con su código de país, p. ej. +52 55 1234 5678.',
    code_format: 'Ingresa los 6 dígitos del código.',
    webhook_url_invalid: 'Ingresa una dirección http o https.',
    push_key_format: 'Esta no es una clave que un navegador dé a una suscripción de notificaciones.',
    locations_required: 'Elige al menos una ubicación, o todas las ubicaciones.',
    range_order: 'El final debe ser posterior al inicio.',
    not_applicable: 'Este campo no corresponde a este tipo de registro.',
    window_place: 'Elige una ubicación o un controlador.',
    domain_format: 'Escribe un dominio como ejemplo.com.',
    window_rack_controller: 'Un rack necesita su controlador.',
    recurrence_span: 'El horario diario debe terminar a una hora distinta de la de inicio.',
    invalid: 'Este valor no es válido.',
  },
};
