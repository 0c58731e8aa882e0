import type { ErrorCode } from '@rcm/shared/errors';

/** The shape every language's server messages fill (lib/messages-en.ts, lib/messages-es.ts). */
export type FieldMessageKey =
  | 'wrong_password'
  | 'mfa_code_wrong'
  | 'passkey_failed'
  | 'reauth_proof_missing'
  | 'expiry_past'
  | 'expiry_too_far'
  | 'grant_too_far'
  | 'permission_not_for_tokens'
  | 'organization_not_allowed'
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
  | 'haccp_correction_invalid'
  | 'not_an_excursion'
  | 'date_in_future'
  | 'supplier_code_taken'
  | 'supplier_no_email'
  | 'supplier_unknown'
  | 'item_archived'
  | 'job_category_taken'
  | 'job_category_zuper'
  | 'window_place_unknown'
  | 'window_rack_unknown'
  | 'window_range_order'
  | 'channel_unavailable'
  | 'contact_method_taken'
  | 'contact_method_unknown'
  | 'rule_duplicate'
  | 'code_wrong'
  | 'code_expired'
  | 'code_spent'
  | 'code_not_sent'
  | 'push_endpoint_private'
  | 'push_endpoint_invalid'
  | 'webhook_url_private'
  | 'invalid_unicode'
  | 'phone_country_not_allowed'
  | 'phone_country_unknown'
  | 'issuer_insecure'
  | 'domain_taken'
  | 'break_glass_not_member';

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
  | 'policy_default'
  | 'policy_alarm_types'
  | 'policy_locations'
  | 'schedule_policies'
  | 'role_users'
  | 'role_invitations'
  | 'role_sso_connections'
  | 'contact_method_rules';

export type Catalog = {
  errors: Record<ErrorCode, string>;
  fields: Record<FieldMessageKey, string>;
  inUse: Record<InUseKey, (n: number) => string>;
  validation: {
    required: string;
    invalid_type: string;
    too_small_string: (n: number) => string;
    too_big_string: (n: number) => string;
    too_small_number: (n: number) => string;
    /** An exclusive minimum (`positive()`: more than 0). */
    too_small_number_exclusive: (n: number) => string;
    too_big_number: (n: number) => string;
    invalid_email: string;
    invalid_value: string;
    unrecognized_keys: string;
    current_password_required: string;
    password_weak: string;
    phone_format: string;
    code_format: string;
    push_key_format: string;
    webhook_url_invalid: string;
    locations_required: string;
    range_order: string;
    not_applicable: string;
    window_place: string;
    domain_format: string;
    window_rack_controller: string;
    recurrence_span: string;
    invalid: string;
  };
};

/** Server-side message catalogs; the client shows `message` as given (X-Locale decides). */
