/** The device messages: the Connect page's examples and a controller's refused messages. */
export const en = {
  examplesTitle: 'Messages',
  examplesHint:
    'One JSON object per message, the same over MQTT and HTTP. msg_id is unique per message (a resent one is stored once); ts is an ISO 8601 time with its offset.',
  example: {
    status: 'Status message',
    telemetry: 'Telemetry message',
    alarms: 'Alarm message',
  },
  refusedHint:
    'A message that is not JSON or not of its channel’s shape is refused: over MQTT it is acknowledged and dropped, over HTTP answered 422. The controller’s page counts them and shows the last one.',
  plainHttpTitle: 'This address is plain HTTP',
  plainHttp:
    'Controllers are in secure mode when authorized: over plain HTTP their messages are refused with 403 tls_required. Put TLS in front of the console (a reverse proxy that passes X-Forwarded-Proto, see deploy/) and set PUBLIC_URL to its https:// address; this page then shows it. A controller that cannot use TLS: turn secure mode off on its edit page once it is authorized.',
  refusedTitle: 'Refused messages',
  refusedCount_one: '{{count}} message from this controller was refused.',
  refusedCount_other: '{{count}} messages from this controller were refused.',
  refusedLast: 'Last one: {{at}}, {{channel}} channel. {{why}}',
  refusedField: 'Field “{{field}}”: {{problem}}.',
  refusedWhole: 'The message as a whole: {{problem}}.',
  refusedFormat: 'The message format is on “Connect a controller”.',
  channel: {
    status: 'status',
    telemetry: 'telemetry',
    alarms: 'alarms',
  },
  reason: {
    too_large: 'larger than 256 KB',
  },
  problem: {
    not_json: 'not JSON',
    invalid_type: 'missing, or of the wrong type',
    too_big: 'too long or too large',
    too_small: 'too short, empty or too small',
    invalid_value: 'not one of the allowed values',
    invalid_format: 'in the wrong format',
    unrecognized_keys: 'fields it does not know',
    custom: 'a character it cannot hold',
    other: 'not accepted',
  },
};
