/**
 * What the API reference (/api/docs) says about each operation beyond its schemas: a summary, and
 * the error answers that cannot be read off the route (`add`: 409 and the like; `omit`: a derived
 * one the operation never gives, e.g. 403 where no permission is needed). The derived errors
 * (document.ts `derivedErrors`): 401 and 403 for every operation that needs a signed-in user, 404 for
 * a path with parameters, 422 for a request with a schema, 429 for a rate-limited one, 500 for all.
 * Keyed by `METHOD /api/path` as the OpenAPI document writes it. A route may instead carry its own
 * `schema.summary`; api-docs.test.ts fails for an operation with neither, and for an entry here that
 * names no operation.
 */

import { type OperationNote, self } from './operation-note.ts';
import { IDENTITY_OPERATIONS } from './operations-identity.ts';

export type { OperationNote };

export const OPERATIONS: Record<string, OperationNote> = {
  ...IDENTITY_OPERATIONS,
  // Controllers
  'GET /api/controllers': {
    summary: "List controllers in scope (search, filters, paging; `gateway_id`: a store gateway's children)",
  },
  'GET /api/controllers/unauthorised': {
    summary: "Controllers pending authorization (a store gateway with its children's count)",
  },
  'GET /api/controllers/{id}': { summary: "One controller (a store gateway's with its latest status)" },
  'PATCH /api/controllers/{id}': {
    summary: 'Edit a controller (name, location, organization, secure mode, device address)',
  },
  'DELETE /api/controllers/{id}': {
    summary: "Decommission a controller (a store gateway's children with it), or reject a pending one",
    add: [409],
  },
  'GET /api/controllers/{id}/racks': { summary: "A controller's racks with their latest values" },
  'GET /api/controllers/{id}/metrics': { summary: "A controller's metric series over a time range" },
  'POST /api/controllers/{id}/rotate-key': {
    summary: 'Issue a new device key (shown once; the old one stops at once)',
    add: [409],
  },
  'POST /api/controllers/{id}/authorise': {
    summary:
      "Authorize a pending controller (a store gateway's children into the same location) and issue its device key (shown once)",
    add: [409],
  },
  'GET /api/controllers/{id}/notifications': { summary: "Emails sent about a controller's alarms" },
  // Alarms
  'GET /api/alarms': { summary: 'List alarms in scope (filters, sorting, paging)' },
  'GET /api/alarms/stats': { summary: 'Alarm counts for the dashboard tiles, for the same filters' },
  'GET /api/alarm-types': { summary: 'The alarm types (for filters)' },
  'GET /api/alarms/{ref}': { summary: 'One alarm with its history and notes' },
  'POST /api/alarms/{ref}/acknowledge': { summary: 'Acknowledge an alarm', add: [409] },
  'POST /api/alarms/{ref}/clear': { summary: 'Clear an alarm', add: [409] },
  'PUT /api/alarms/{ref}/notes': { summary: "Save an alarm's notes (rich text, sanitized)" },
  'GET /api/alarms/{ref}/metrics': { summary: "The alarm's rack metrics over a time range" },
  'GET /api/alarms/{ref}/notifications': { summary: 'Emails sent about an alarm' },
  'POST /api/alarms/bulk': { summary: 'Acknowledge or clear the selected alarms, or all matching the filters' },
  'POST /api/alarms/{ref}/shelve': { summary: 'Shelve an open alarm for 5 to 1440 minutes (ISA-18.2)', add: [409] },
  'POST /api/alarms/{ref}/unshelve': { summary: 'End a shelving before its time', add: [409] },
  'GET /api/alarms/floods': { summary: 'Locations in an alarm flood now (more than 10 alarms in 10 minutes)' },
  // Maintenance windows
  'GET /api/maintenance-windows': { summary: 'Current and upcoming maintenance windows in scope' },
  'POST /api/maintenance-windows': { summary: 'Create a maintenance window for a location, controller or rack' },
  'PATCH /api/maintenance-windows/{id}': { summary: "Change a maintenance window's times, recurrence or reason" },
  'DELETE /api/maintenance-windows/{id}': { summary: 'Delete a maintenance window (archived when alarms refer to it)' },
  // Organizations, locations and members
  'GET /api/organizations': { summary: 'List organizations in scope' },
  'POST /api/organizations': { summary: 'Create an organization', add: [409] },
  'GET /api/organizations/{id}': { summary: 'One organization' },
  'PATCH /api/organizations/{id}': { summary: 'Rename an organization', add: [409] },
  'DELETE /api/organizations/{id}': {
    summary: 'Delete an organization, or archive it when history refers to it',
    add: [409],
  },
  'GET /api/organizations/{id}/locations': { summary: "An organization's locations" },
  'POST /api/organizations/{id}/locations': { summary: 'Create a location', add: [409] },
  'GET /api/locations': { summary: 'List locations in scope' },
  'GET /api/locations/{id}': { summary: 'One location' },
  'PATCH /api/locations/{id}': { summary: 'Edit a location', add: [409] },
  'DELETE /api/locations/{id}': { summary: 'Delete a location, or archive it when history refers to it', add: [409] },
  'GET /api/organizations/{id}/members': { summary: "An organization's members" },
  'POST /api/organizations/{id}/members': { summary: 'Invite a member by email', add: [409] },
  'PATCH /api/organizations/{id}/members/{userId}': { summary: "Change a member's role or locations", add: [409] },
  'DELETE /api/organizations/{id}/members/{userId}': { summary: 'Remove a member from the organization', add: [409] },
  'GET /api/organizations/{id}/invitations': { summary: "An organization's pending invitations" },
  'DELETE /api/organizations/{id}/invitations/{invitationId}': { summary: 'Revoke an invitation' },
  'GET /api/member-roles': { summary: 'The roles a member may be given' },
  'GET /api/invitations/{token}': { summary: 'What an invitation link invites to' },
  'POST /api/invitations/{token}/accept': { summary: 'Accept an invitation and choose a password', add: [409] },
  // Device ingest
  'POST /api/ingest/v1/{mac}/{channel}': {
    summary: "A device's status, telemetry or alarms over HTTP (Authorization: Device <key>)",
    add: [503],
  },
  // Backups and storage
  'GET /api/admin/storage': { summary: 'Disk use of the embedded database' },
  'GET /api/admin/backups': { summary: 'List backups of the embedded database', add: [409] },
  'POST /api/admin/backups': { summary: 'Write a backup of the embedded database now', add: [409, 503] },
  'GET /api/admin/backups/{name}': { summary: 'Download a backup', add: [409] },
  'GET /api/search': { summary: 'Search controllers, alarms, jobs, inventory and more' },
  // Jobs
  'GET /api/jobs': { summary: 'List field-service jobs in scope' },
  'POST /api/jobs': { summary: 'Create a job' },
  'GET /api/jobs/stats': { summary: 'Job counts by status' },
  'GET /api/jobs/categories': { summary: 'Job categories (for the job form)' },
  'GET /api/jobs/locations': { summary: 'Locations a job may be created for' },
  'GET /api/jobs/{id}': { summary: 'One job' },
  'PATCH /api/jobs/{id}': { summary: 'Edit a job', add: [409] },
  'POST /api/jobs/{id}/status': { summary: "Change a job's status", add: [409] },
  'GET /api/jobs/{id}/assignable': { summary: 'Users who may be assigned to a job' },
  'PUT /api/jobs/{id}/assignees': { summary: "Set a job's assignees", add: [409] },
  'GET /api/settings/job-categories': { summary: 'List job categories' },
  'POST /api/settings/job-categories': { summary: 'Create a job category', add: [409] },
  'PATCH /api/settings/job-categories/{id}': { summary: 'Rename a job category', add: [409] },
  'DELETE /api/settings/job-categories/{id}': { summary: 'Delete a job category', add: [409] },
  // Settings and audit log
  'GET /api/settings/users': { summary: 'List users' },
  'POST /api/settings/users': {
    summary: 'Create a user (emailed a link to choose a password; without a mail server the answer carries the link)',
    add: [409],
  },
  'POST /api/settings/email/test': { summary: 'Send a test message through the mail server', add: [409] },
  'GET /api/settings/users/{id}': { summary: 'One user' },
  'PUT /api/settings/users/{id}': { summary: 'Edit a user', add: [409] },
  'PATCH /api/settings/users/{id}': {
    summary: "Change some of a user's fields (disable or enable them, among others)",
    add: [409],
  },
  'DELETE /api/settings/users/{id}': { summary: 'Delete a user (their name stays on history)', add: [409] },
  'POST /api/settings/users/{id}/password-reset': {
    summary: 'Email a user a link to choose a new password',
    add: [409],
  },
  'GET /api/settings/teams': { summary: 'List teams' },
  'POST /api/settings/teams': { summary: 'Create a team', add: [409] },
  'GET /api/settings/teams/{id}': { summary: 'One team' },
  'PUT /api/settings/teams/{id}': { summary: 'Edit a team', add: [409] },
  'DELETE /api/settings/teams/{id}': { summary: 'Delete a team nobody is in', add: [409] },
  'GET /api/settings/roles': { summary: 'List roles' },
  'POST /api/settings/roles': { summary: 'Create a role', add: [409] },
  'GET /api/settings/roles/{id}': { summary: 'One role' },
  'PUT /api/settings/roles/{id}': { summary: "Edit a role's name, color and permissions", add: [409] },
  'DELETE /api/settings/roles/{id}': { summary: 'Delete a role, or archive it when history refers to it', add: [409] },
  'GET /api/settings/alarm-types': { summary: 'List alarm types with their escalation policy' },
  'GET /api/settings/alarm-types/{id}': { summary: 'One alarm type' },
  'PUT /api/settings/alarm-types/{id}': { summary: "Edit an alarm type's names, severity and escalation policy" },
  // On call
  'GET /api/oncall/schedules': { summary: 'List on-call schedules in scope' },
  'POST /api/oncall/schedules': { summary: 'Create an on-call schedule' },
  'GET /api/oncall/schedules/{id}': { summary: 'One on-call schedule with its layers and overrides' },
  'PATCH /api/oncall/schedules/{id}': { summary: 'Change an on-call schedule (layers replace its layers)' },
  'DELETE /api/oncall/schedules/{id}': { summary: 'Delete an on-call schedule no policy pages', add: [409] },
  'POST /api/oncall/schedules/{id}/overrides': { summary: 'Put one person on call over a period' },
  'DELETE /api/oncall/schedules/{id}/overrides/{oid}': { summary: 'Remove an override' },
  'GET /api/oncall/schedules/{id}/shifts': { summary: 'The final rota of a schedule over a period' },
  'GET /api/oncall/now': { summary: 'Who is on call now and next, per schedule in scope' },
  'GET /api/oncall/warnings': { summary: 'High and critical alarm types that would page nobody, per organization' },
  'GET /api/escalation-policies': { summary: 'List escalation policies in scope' },
  'POST /api/escalation-policies': { summary: 'Create an escalation policy' },
  'PATCH /api/escalation-policies/{id}': { summary: 'Change an escalation policy (steps replace its steps)' },
  'DELETE /api/escalation-policies/{id}': { summary: 'Delete an escalation policy nothing names', add: [409] },
  'GET /api/settings/webhooks': { summary: 'List outbound webhooks in scope' },
  'POST /api/settings/webhooks': { summary: 'Create an outbound webhook; the answer carries its signing secret, once' },
  'GET /api/settings/webhooks/{id}': { summary: 'An outbound webhook' },
  'PATCH /api/settings/webhooks/{id}': { summary: 'Change an outbound webhook (name, address, kind, events, enabled)' },
  'DELETE /api/settings/webhooks/{id}': { summary: 'Delete an outbound webhook and its delivery log' },
  'GET /api/settings/webhooks/{id}/deliveries': { summary: "A webhook's deliveries, newest first, with every attempt" },
  'POST /api/settings/webhooks/{id}/test': { summary: 'Send a test message to a webhook now and return the attempt' },
  'GET /api/alarms/{ref}/pages': { summary: 'Who was paged for an alarm, how, and what became of it' },
  'GET /api/audit-log': { summary: 'The audit log (filters, paging)' },
  'GET /api/audit-log/export': {
    summary: 'Audit entries since an instant, oldest first, as JSON lines (UTC) for a SIEM',
  },
  'GET /api/audit-log/actions': { summary: 'The audit log actions (for its filter)' },
  // Inventory, purchase orders and assets
  'GET /api/inventory/suppliers': { summary: 'List suppliers' },
  'POST /api/inventory/suppliers': { summary: 'Create a supplier', add: [409] },
  'PATCH /api/inventory/suppliers/{id}': { summary: 'Edit a supplier', add: [409] },
  'DELETE /api/inventory/suppliers/{id}': { summary: 'Delete a supplier', add: [409] },
  'GET /api/inventory': { summary: 'List inventory items in scope' },
  'POST /api/inventory': { summary: 'Create an inventory item', add: [409] },
  'GET /api/inventory/brands': { summary: 'The brands in use (for filters)' },
  'GET /api/inventory/export': { summary: 'Export inventory items as CSV' },
  'GET /api/inventory/{id}': { summary: 'One inventory item' },
  'PUT /api/inventory/{id}': { summary: 'Edit an inventory item', add: [409] },
  'DELETE /api/inventory/{id}': { summary: 'Delete an inventory item, or archive it when orders hold it', add: [409] },
  'POST /api/inventory/import': { summary: 'Import inventory items from CSV (matched by part number)' },
  'GET /api/purchase-orders': { summary: 'List purchase orders in scope' },
  'POST /api/purchase-orders': { summary: 'Create a draft purchase order' },
  'GET /api/purchase-orders/options': { summary: 'Suppliers and items a purchase order may use' },
  'GET /api/purchase-orders/{id}': { summary: 'One purchase order' },
  'DELETE /api/purchase-orders/{id}': { summary: 'Discard a draft purchase order', add: [409] },
  'POST /api/purchase-orders/{id}/send': { summary: 'Send a purchase order to its supplier', add: [409] },
  'POST /api/purchase-orders/{id}/receive': { summary: "Receive a purchase order's parts into stock", add: [409] },
  'GET /api/purchase-orders/{id}/pdf': { summary: 'A purchase order as PDF' },
  'GET /api/assets': { summary: 'List assets in scope' },
  'POST /api/assets': { summary: 'Create an asset', add: [409] },
  'GET /api/assets/options': { summary: 'Locations and controllers an asset may belong to' },
  'GET /api/assets/{id}': { summary: 'One asset' },
  'PUT /api/assets/{id}': { summary: 'Edit an asset', add: [409] },
  'DELETE /api/assets/{id}': { summary: 'Delete an asset', add: [409] },
  // Reports
  'GET /api/reports/locations': { summary: 'Locations for the report filters' },
  'GET /api/reports/uri_purchase_orders': { summary: 'URI purchase orders report (JSON, CSV or PDF)' },
  'GET /api/reports/rack_manually_on': { summary: 'Racks manually on report (JSON, CSV or PDF)' },
  'GET /api/reports/haccp': { summary: 'HACCP case temperature report (JSON, CSV or PDF)' },
  'GET /api/reports/alarm_response': { summary: 'Alarm response times report (JSON, CSV or PDF)' },
  'GET /api/reports/refrigerant': { summary: 'Refrigerant compliance report (JSON, CSV or PDF)' },
  'GET /api/reports/alarm_management': {
    summary: 'Alarm-management report against ISA-18.2 / EEMUA 191 (JSON, CSV or PDF)',
  },
  'GET /api/reports/haccp/excursions': {
    summary: 'HACCP excursions (runs of hours above the limit) with their corrective actions',
  },
  'GET /api/reports/haccp/entries': { summary: 'HACCP log entries: corrective actions and sign-offs' },
  'GET /api/reports/haccp/entries/{id}': { summary: 'One HACCP log entry' },
  'PATCH /api/reports/haccp/entries/{id}': {
    summary: 'Refused: a signed HACCP log entry never changes (409 entry_signed); record a correction',
    add: [409],
  },
  'DELETE /api/reports/haccp/entries/{id}': {
    summary: 'Refused: a signed HACCP log entry is never removed (409 entry_signed); record a correction',
    add: [409],
  },
  'POST /api/reports/haccp/corrective-actions': {
    summary: 'Record a corrective action on an excursion (or a correction of one)',
  },
  'POST /api/reports/haccp/sign-offs': {
    summary:
      "Sign a location's HACCP log for a period as the responsible person (or correct a sign-off), with a meaning and a re-authentication made for a signature (401 reauth_required); refused to an integration token and under impersonation",
  },
  'GET /api/reports/haccp/sign-offs/{id}/verify': {
    summary: "Check a sign-off's electronic signature: its stored record hash against the one the entry gives now",
  },
  'GET /api/reports/case_performance': {
    summary:
      'Case performance report: time in range without defrost, defrosts, doors, alarms held back (JSON, CSV or PDF)',
  },
  // Refrigerant
  'GET /api/refrigerants': { summary: 'The refrigerants and their global warming potential', ...self },
  'GET /api/controllers/{id}/racks/{ref}/refrigerant': { summary: "A rack's refrigerant system and compliance status" },
  'PATCH /api/controllers/{id}/racks/{ref}/refrigerant': { summary: "Edit a rack's refrigerant system" },
  'GET /api/controllers/{id}/racks/{ref}/refrigerant-events': { summary: "A rack's refrigerant log" },
  'POST /api/controllers/{id}/racks/{ref}/refrigerant-events': {
    summary: 'Add to the refrigerant log (charge, recovery, leak check, repair, correction)',
  },
  'GET /api/controllers/{id}/racks/{ref}/level-trend': { summary: "A rack's liquid level and its fitted leak trend" },
};
