import type { Catalog } from './catalog.ts';

/** The server's messages in American English (lib/messages.ts). */
export const EN_US: Catalog = {
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
    link_used: 'This acknowledge link was already used.',
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
    ingest_failing: 'The data could not be stored, so it was not accepted. Send it again in a moment.',
    no_mail_server: 'No mail server is configured (SMTP_URL), so no email can be sent.',
    already_acknowledged: 'This alarm was already acknowledged, by someone else or earlier: nothing changed.',
    already_cleared: 'This alarm is already cleared: nothing changed.',
    entry_signed:
      'This HACCP log entry is signed and cannot be changed or removed. Record a correction that names it instead.',
    account_throttled:
      'Too many failed sign-ins for this account. Wait a few minutes (at most five) and try again, or reset your password.',
    not_pageable:
      'Only people who can see alarms are paged, so only they add phone numbers. Ask an administrator if you should be paged.',
    verification_limit: 'You have been sent 5 verification codes in the last 24 hours. Try again tomorrow.',
    verification_limit_organization:
      'Your organization has been sent its 50 verification codes for the last 24 hours. Try again tomorrow, or ask an administrator.',
    push_endpoint_taken:
      'This push subscription belongs to another person. Subscribe this browser again to get one of its own.',
    reauth_required: 'Confirm it is you again (your password or an authenticator code) to do this.',
    token_cannot_sign: 'An integration token cannot sign records: a person signs, with their own password.',
    impersonation_cannot_sign: 'Nobody signs for someone else: stop signing in as this person and sign as yourself.',
    token_not_allowed: 'An integration token cannot do this: sign in as a person.',
    mfa_token_invalid: 'This sign-in step has expired or was tried too many times. Sign in again.',
    mfa_method_unavailable: 'This way of proving it is you is not set up for this account.',
    mfa_required_by_policy:
      'Your organization requires a second factor: add another one before you remove this one, or ask an administrator to reset your factors.',
    mfa_method_not_allowed: 'Your organization does not allow this kind of second factor.',
    sso_required: 'Your organization signs in with single sign-on. Use “Sign in with single sign-on”.',
    sso_no_role:
      'Your identity provider signed you in, but none of your groups gives access to this console. Ask your administrator to add you to a group it maps.',
    sso_not_provisioned:
      'Your identity provider signed you in, but you have no account in this console. Ask your administrator to create one.',
    sso_account_conflict:
      'An account with your email address already exists and is not linked to your identity provider. Ask your administrator.',
    sso_provider_error: 'Your identity provider did not sign you in. Try again, or ask your administrator.',
    sso_not_completed: 'The single sign-on did not complete or has expired. Start again from the sign-in page.',
    sso_unavailable: 'The identity provider could not be reached. Try again in a moment, or ask your administrator.',
    support_grant_required:
      'This organization lets people of other organizations in only with its support grant. Ask its administrators for one, and give a reason.',
  },
  fields: {
    wrong_password: 'The current password is incorrect.',
    mfa_code_wrong: 'This code is not valid. Enter the current code from your app, or an unused recovery code.',
    passkey_failed: 'This passkey could not be verified. Try again, or choose another way.',
    reauth_proof_missing: 'Enter your password or a code from your authenticator app.',
    expiry_past: 'Choose a date in the future.',
    expiry_too_far: 'A token can live at most a year.',
    grant_too_far: 'Support access can be granted for at most 30 days.',
    permission_not_for_tokens: 'An integration token cannot carry this permission.',
    organization_not_allowed:
      'Choose your own organization (only staff who see every organization may choose another, or all).',
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
    channel_unavailable: 'This console cannot send SMS or make calls: no Twilio account is set up.',
    contact_method_taken: 'You already have this number for this method.',
    contact_method_unknown: 'Choose one of your own phone numbers.',
    rule_duplicate: 'This method already has a rule with this delay.',
    code_wrong: 'This code is not the one we sent.',
    code_expired: 'This code has expired. Send a new one.',
    code_spent: 'Too many wrong codes. Send a new one.',
    code_not_sent: 'The code could not be sent to this number. Check it and try again.',
    push_endpoint_private:
      'This push service address points at a private or local network, which this console does not send to.',
    webhook_url_private:
      'This address points at a private or local network (or does not resolve), which this console does not send to.',
    push_endpoint_invalid:
      'This is not a push subscription a browser gives (an https endpoint and its p256dh and auth keys).',
    refrigerant_system_missing: "Set up this rack's refrigerant system (refrigerant and full charge) first.",
    correction_target_invalid: 'Choose an entry of this system that has not been corrected yet.',
    haccp_correction_invalid: 'Choose an entry of the same kind, place and excursion that has not been corrected yet.',
    not_an_excursion: 'No excursion of this case starts at that hour.',
    date_in_future: 'The date cannot be in the future.',
    phone_country_not_allowed:
      'Numbers in this country cannot be added for your organization. An administrator can allow more countries in the organization’s settings.',
    phone_country_unknown: 'This is not a country code (ISO 3166, e.g. US or MX).',
    issuer_insecure: 'The issuer must be an https address.',
    domain_taken: 'Another single sign-on connection already uses this domain.',
    break_glass_not_member: 'Choose people of this organization.',
    invalid_unicode: 'This text holds a character that is not valid Unicode. Remove it or type it again.',
  },
  inUse: {
    item_open_orders: (n) => `This item is on ${n === 1 ? 'an open purchase order' : `${n} open purchase orders`}.`,
    org_members: (n) => (n === 1 ? '1 user belongs to this organization.' : `${n} users belong to this organization.`),
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
    team_escalations: (n) => (n === 1 ? '1 escalation step pages this team.' : `${n} escalation steps page this team.`),
    policy_default: () => 'This is the default policy: alarms without a policy of their own page by it.',
    policy_alarm_types: (n) =>
      n === 1 ? '1 alarm type pages by this policy.' : `${n} alarm types page by this policy.`,
    policy_locations: (n) => (n === 1 ? '1 location pages by this policy.' : `${n} locations page by this policy.`),
    schedule_policies: (n) =>
      n === 1 ? '1 escalation policy pages this schedule.' : `${n} escalation policies page this schedule.`,
    role_users: (n) => (n === 1 ? '1 user has this role.' : `${n} users have this role.`),
    role_invitations: (n) =>
      n === 1 ? '1 pending invitation offers this role.' : `${n} pending invitations offer this role.`,
    role_sso_connections: (n) =>
      n === 1
        ? '1 single sign-on connection gives this role: change it first.'
        : `${n} single sign-on connections give this role: change them first.`,
    contact_method_rules: (n) =>
      n === 1
        ? '1 notification rule pages this number: change it first.'
        : `${n} notification rules page this number: change them first.`,
  },
  validation: {
    required: 'This field is required.',
    invalid_type: 'This value has the wrong type.',
    too_small_string: (n) => (n <= 1 ? 'This field is required.' : `Must be at least ${n} characters.`),
    too_big_string: (n) => `Must be at most ${n} characters.`,
    too_small_number: (n) => `Must be at least ${n}.`,
    too_small_number_exclusive: (n) => `Must be more than ${n}.`,
    too_big_number: (n) => `Must be at most ${n}.`,
    invalid_email: 'Enter a valid email address.',
    invalid_value: 'This value is not allowed.',
    unrecognized_keys: 'Unknown fields were sent.',
    current_password_required: 'Enter your current password to set a new one.',
    password_weak: 'This password is too easy to guess. Choose a longer or less common one.',
    phone_format: 'Enter the number with its country code, e.g. +1 312 555 0100.',
    code_format: 'Enter the 6 digits of the code.',
    webhook_url_invalid: 'Enter an http or https address.',
    push_key_format: 'This is not a key a browser gives a push subscription.',
    locations_required: 'Choose at least one location, or all locations.',
    range_order: 'The end must be after the start.',
    not_applicable: 'This field does not apply to this kind of entry.',
    window_place: 'Choose a location or a controller.',
    domain_format: 'Enter a domain such as example.com.',
    window_rack_controller: 'A rack needs its controller.',
    recurrence_span: 'The daily span must end at a different time than it starts.',
    invalid: 'This value is not valid.',
  },
};
