import type { ErrorCode } from '@rcm/shared/errors';
import type { Locale } from '@rcm/shared/locale';

export type FieldMessageKey =
  | 'wrong_password'
  | 'email_taken'
  | 'location_not_in_organization'
  | 'range_too_long'
  | 'role_not_assignable'
  | 'unknown_option'
  | 'team_not_in_organization'
  | 'permission_not_grantable'
  | 'part_number_taken'
  | 'item_not_in_organization'
  | 'controller_not_at_location'
  | 'job_location_unknown'
  | 'job_alarm_mismatch'
  | 'job_category_unknown'
  | 'job_assignee_unknown'
  | 'time_format'
  | 'quiet_hours_pair'
  | 'time_zone_unknown'
  | 'refrigerant_system_missing'
  | 'correction_target_invalid'
  | 'date_in_future'
  | 'supplier_code_taken'
  | 'supplier_no_email'
  | 'supplier_unknown'
  | 'item_archived'
  | 'job_category_taken'
  | 'job_category_zuper'
  | 'window_place_unknown'
  | 'window_rack_unknown'
  | 'window_range_order';

/** What still uses a record that cannot be removed (409 `in_use`); each phrase takes a count. */
export type InUseKey =
  | 'item_open_orders'
  | 'org_members'
  | 'org_controllers'
  | 'org_locations'
  | 'org_own'
  | 'location_controllers'
  | 'location_assets'
  | 'team_members'
  | 'team_escalations'
  | 'role_users'
  | 'role_invitations';

type Catalog = {
  errors: Record<ErrorCode, string>;
  fields: Record<FieldMessageKey, string>;
  inUse: Record<InUseKey, (n: number) => string>;
  validation: {
    required: string;
    invalid_type: string;
    too_small_string: (n: number) => string;
    too_big_string: (n: number) => string;
    too_small_number: (n: number) => string;
    too_big_number: (n: number) => string;
    invalid_email: string;
    invalid_value: string;
    unrecognized_keys: string;
    current_password_required: string;
    password_weak: string;
    phone_format: string;
    locations_required: string;
    range_order: string;
    not_applicable: string;
    window_place: string;
    window_rack_controller: string;
    recurrence_span: string;
    invalid: string;
  };
};

/** Server-side message catalogs; the client shows `message` as given (X-Locale decides). */
export const MESSAGES: Record<Locale, Catalog> = {
  'en-US': {
    errors: {
      bad_request: 'The request could not be understood.',
      validation_failed: 'Some fields are not valid.',
      unauthenticated: 'Please sign in to continue.',
      invalid_credentials: 'These credentials do not match our records.',
      session_expired: 'Your session has expired. Please sign in again.',
      account_disabled: 'This account has been disabled. Contact your administrator.',
      forbidden: 'You do not have permission to do this.',
      not_found: 'The requested resource was not found.',
      conflict: 'This conflicts with existing data.',
      rate_limited: 'Too many attempts. Please wait a minute and try again.',
      payload_too_large: 'The request is too large.',
      internal: 'Something went wrong on our side. Please try again.',
      wrong_password: 'The current password is incorrect.',
      cannot_impersonate: 'You cannot sign in as this user.',
      not_impersonating: 'You are not signed in as another user.',
      invitation_invalid: 'This invitation link has expired or has already been used.',
      service_unavailable: 'This server is shutting down. Please try again in a moment.',
      setup_done: 'This console is already set up. Sign in instead.',
      reset_token_invalid: 'This link is invalid, has expired or has already been used. Ask for a new one.',
      cannot_change_self: 'You cannot disable, delete or change the role of your own account.',
      tls_required:
        'This controller is in secure mode: it must send over HTTPS. Put TLS in front of the console, or turn secure mode off for a controller that cannot use TLS.',
      disk_low:
        'The server is low on disk space and refuses new data until space is freed. Devices keep their readings and send them again.',
      backups_external:
        'This server stores its data in PostgreSQL: back it up with PostgreSQL’s own tools (pg_dump or base backups), as the README’s section “Backing up PostgreSQL” describes.',
      in_use: 'This is still in use and cannot be removed.',
    },
    fields: {
      wrong_password: 'The current password is incorrect.',
      email_taken: 'Another account already uses this email address.',
      location_not_in_organization: 'This location does not belong to the chosen organization.',
      range_too_long: 'The range can be at most 400 days.',
      part_number_taken: 'Another item of this organization already uses this part number.',
      item_not_in_organization: 'This item does not belong to the location’s organization.',
      controller_not_at_location: 'This controller is not installed at the chosen location.',
      role_not_assignable: 'You cannot grant this role.',
      unknown_option: 'Choose one of the listed options.',
      team_not_in_organization: 'This team belongs to another organization.',
      permission_not_grantable: 'You cannot grant permissions you do not hold yourself.',
      job_location_unknown: 'Choose a location you can see.',
      job_alarm_mismatch: 'This alarm is not on the chosen controller and location.',
      job_category_unknown: 'Choose one of the listed categories.',
      job_assignee_unknown: 'Choose people who can be assigned to this job.',
      time_format: 'Enter a time as HH:MM (24-hour clock).',
      quiet_hours_pair: 'Enter both a start and an end, and make them different, or leave both empty.',
      time_zone_unknown: 'Choose a time zone from the list.',
      supplier_code_taken: 'Another supplier already uses this code.',
      supplier_no_email: 'This supplier has no order email address. Add one under Inventory → Suppliers.',
      supplier_unknown: 'Choose one of the listed suppliers.',
      item_archived: 'This item has been removed from stock.',
      job_category_taken: 'Another category already has this name (archived ones included).',
      job_category_zuper: 'Job categories come from Zuper while Zuper is connected: change them in Zuper.',
      window_place_unknown: 'This location or controller does not exist or is not yours to maintain.',
      window_rack_unknown: 'This controller has no rack with this reference.',
      window_range_order: 'The end must be after the start.',
      refrigerant_system_missing: "Set up this rack's refrigerant system (refrigerant and full charge) first.",
      correction_target_invalid: 'Choose an entry of this system that has not been corrected yet.',
      date_in_future: 'The date cannot be in the future.',
    },
    inUse: {
      item_open_orders: (n) => `This item is on ${n === 1 ? 'an open purchase order' : `${n} open purchase orders`}.`,
      org_members: (n) =>
        n === 1 ? '1 user belongs to this organization.' : `${n} users belong to this organization.`,
      org_controllers: (n) =>
        n === 1
          ? '1 controller is in service here; decommission or move it first.'
          : `${n} controllers are in service here; decommission or move them first.`,
      org_locations: (n) =>
        n === 1 ? 'It still has 1 location; remove it first.' : `It still has ${n} locations; remove them first.`,
      org_own: () => 'This is your own organization.',
      location_controllers: (n) =>
        n === 1
          ? '1 controller is installed at this location; decommission or move it first.'
          : `${n} controllers are installed at this location; decommission or move them first.`,
      location_assets: (n) =>
        n === 1 ? '1 asset is registered at this location.' : `${n} assets are registered at this location.`,
      team_members: (n) => (n === 1 ? '1 user is in this team.' : `${n} users are in this team.`),
      team_escalations: (n) =>
        n === 1 ? '1 alarm type escalates to this team.' : `${n} alarm types escalate to this team.`,
      role_users: (n) => (n === 1 ? '1 user has this role.' : `${n} users have this role.`),
      role_invitations: (n) =>
        n === 1 ? '1 pending invitation offers this role.' : `${n} pending invitations offer this role.`,
    },
    validation: {
      required: 'This field is required.',
      invalid_type: 'This value has the wrong type.',
      too_small_string: (n) => (n <= 1 ? 'This field is required.' : `Must be at least ${n} characters.`),
      too_big_string: (n) => `Must be at most ${n} characters.`,
      too_small_number: (n) => `Must be at least ${n}.`,
      too_big_number: (n) => `Must be at most ${n}.`,
      invalid_email: 'Enter a valid email address.',
      invalid_value: 'This value is not allowed.',
      unrecognized_keys: 'Unknown fields were sent.',
      current_password_required: 'Enter your current password to set a new one.',
      password_weak: 'This password is too easy to guess. Choose a longer or less common one.',
      phone_format: 'Enter the number with its country code, e.g. +1 312 555 0100.',
      locations_required: 'Choose at least one location, or all locations.',
      range_order: 'The end must be after the start.',
      not_applicable: 'This field does not apply to this kind of entry.',
      window_place: 'Choose a location or a controller.',
      window_rack_controller: 'A rack needs its controller.',
      recurrence_span: 'The daily span must end at a different time than it starts.',
      invalid: 'This value is not valid.',
    },
  },
  'es-MX': {
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
    },
    fields: {
      wrong_password: 'La contraseña actual es incorrecta.',
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
      job_category_zuper:
        'Las categorías de trabajo vienen de Zuper mientras Zuper está conectado: cámbialas en Zuper.',
      window_place_unknown: 'Esta ubicación o controlador no existe o no te corresponde darle mantenimiento.',
      window_rack_unknown: 'Este controlador no tiene un rack con esta referencia.',
      window_range_order: 'El final debe ser posterior al inicio.',
      refrigerant_system_missing:
        'Primero configura el sistema de refrigerante de este rack (refrigerante y carga completa).',
      correction_target_invalid: 'Elige un registro de este sistema que aún no se haya corregido.',
      date_in_future: 'La fecha no puede estar en el futuro.',
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
        n === 1
          ? 'Todavía tiene 1 ubicación; elimínala primero.'
          : `Todavía tiene ${n} ubicaciones; elimínalas primero.`,
      org_own: () => 'Esta es tu propia organización.',
      location_controllers: (n) =>
        n === 1
          ? '1 controlador está instalado en esta ubicación; dalo de baja o muévelo primero.'
          : `${n} controladores están instalados en esta ubicación; dalos de baja o muévelos primero.`,
      location_assets: (n) =>
        n === 1 ? '1 activo está registrado en esta ubicación.' : `${n} activos están registrados en esta ubicación.`,
      team_members: (n) => (n === 1 ? '1 usuario está en este equipo.' : `${n} usuarios están en este equipo.`),
      team_escalations: (n) =>
        n === 1 ? '1 tipo de alarma escala a este equipo.' : `${n} tipos de alarma escalan a este equipo.`,
      role_users: (n) => (n === 1 ? '1 usuario tiene este rol.' : `${n} usuarios tienen este rol.`),
      role_invitations: (n) =>
        n === 1 ? '1 invitación pendiente ofrece este rol.' : `${n} invitaciones pendientes ofrecen este rol.`,
    },
    validation: {
      required: 'Este campo es obligatorio.',
      invalid_type: 'Este valor tiene un tipo incorrecto.',
      too_small_string: (n) => (n <= 1 ? 'Este campo es obligatorio.' : `Debe tener al menos ${n} caracteres.`),
      too_big_string: (n) => `Debe tener como máximo ${n} caracteres.`,
      too_small_number: (n) => `Debe ser al menos ${n}.`,
      too_big_number: (n) => `Debe ser como máximo ${n}.`,
      invalid_email: 'Ingresa un correo electrónico válido.',
      invalid_value: 'Este valor no está permitido.',
      unrecognized_keys: 'Se enviaron campos desconocidos.',
      current_password_required: 'Ingresa tu contraseña actual para definir una nueva.',
      password_weak: 'Esta contraseña es demasiado fácil de adivinar. Elige una más larga o menos común.',
      phone_format: 'Ingresa el número con su código de país, p. ej. +52 55 1234 5678.',
      locations_required: 'Elige al menos una ubicación, o todas las ubicaciones.',
      range_order: 'El final debe ser posterior al inicio.',
      not_applicable: 'Este campo no corresponde a este tipo de registro.',
      window_place: 'Elige una ubicación o un controlador.',
      window_rack_controller: 'Un rack necesita su controlador.',
      recurrence_span: 'El horario diario debe terminar a una hora distinta de la de inicio.',
      invalid: 'Este valor no es válido.',
    },
  },
};

export type FieldIssue = { field: string; message: string };

/** The messages a schema's `refine` may name (its `message` is the key). */
const CUSTOM_KEYS = new Set([
  'current_password_required',
  'invalid_email',
  'password_weak',
  'phone_format',
  'locations_required',
  'range_order',
  'required',
  'not_applicable',
  'window_place',
  'window_rack_controller',
  'recurrence_span',
] as const satisfies readonly (keyof Catalog['validation'])[]);
type CustomKey = typeof CUSTOM_KEYS extends Set<infer K> ? K : never;

/** Turns a zod issue (as fastify-type-provider-zod reports it) into a localized field message. */
export function localizeIssue(
  locale: Locale,
  issue: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> },
): FieldIssue {
  const v = MESSAGES[locale].validation;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const p = issue.params;
  const n = Number(p.minimum ?? p.maximum ?? 0);
  let message: string;
  switch (issue.keyword) {
    case 'invalid_type':
      message = issue.message?.includes('undefined') ? v.required : v.invalid_type;
      break;
    case 'too_small':
      message = p.origin === 'string' ? v.too_small_string(n) : v.too_small_number(n);
      break;
    case 'too_big':
      message = p.origin === 'string' ? v.too_big_string(n) : v.too_big_number(n);
      break;
    case 'invalid_format':
      message = p.format === 'email' ? v.invalid_email : v.invalid;
      break;
    case 'invalid_value':
      message = issue.message === 'required' ? v.required : v.invalid_value;
      break;
    case 'unrecognized_keys':
      message = v.unrecognized_keys;
      break;
    case 'custom':
      message = (CUSTOM_KEYS as ReadonlySet<string>).has(issue.message ?? '')
        ? (v[issue.message as CustomKey] as string)
        : v.invalid;
      break;
    default:
      message = v.invalid;
  }
  return { field, message };
}
