/** Connecting the first controller, the next steps of an empty install, and whether email leaves the installation. */
export const en = {
  connect: 'Connect a controller',
  connectSubtitle:
    'Point a controller at this console: it announces itself with the provisioning key and waits for you to authorize it.',
  steps: 'How it works',
  step1:
    'Configure the controller with the MQTT broker (or HTTP ingest) address and the provisioning key below. Its user name and client id are its MAC address.',
  step2: 'The controller announces itself and is listed as pending authorization.',
  step3:
    'Authorize it: choose its organization and location. It then gets a device key of its own, shown once, to enter on the controller.',
  endpoints: 'Endpoints',
  mqttUrl: 'MQTT broker',
  httpUrl: 'HTTP ingest',
  httpHint: 'POST to {{url}}/{mac}/status, /telemetry or /alarms with the header Authorization: Device <key>.',
  noMqtt: 'This installation has no MQTT broker: controllers post over HTTP.',
  httpFirstContact:
    'Through the external MQTT broker a new controller has no account yet: it announces itself over HTTP first and gets its broker account once authorized.',
  topics: 'Topic layout',
  topicsHint: '{mac} is the MAC address without colons. Status is retained and is also the last will.',
  topicStatus: 'online state, model, firmware',
  topicTelemetry: 'rack readings',
  topicAlarms: 'alarms the controller raises itself',
  key: 'Provisioning key',
  keyHint:
    'Only for a controller’s first contact: it lets a new controller announce itself, nothing more. Anyone holding it can add pending controllers, so give it to installers only.',
  rotate: 'Rotate key',
  rotateTitle: 'Rotate the provisioning key?',
  rotateBody:
    'A new key replaces this one at once. Controllers that have not announced themselves yet need the new key; authorized controllers keep working with their own device keys.',
  rotated: 'The provisioning key was replaced. The old key is refused from now on.',
  keyAdminOnly:
    'Only an administrator can see the provisioning key and the endpoints. Ask one to show them to you, or to connect the controller.',
  simulator: 'Try it with a simulated controller',
  simulatorHint:
    'From a copy of this project, this command starts one simulated controller that announces itself here:',
  command: 'Command',
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: 'Copy: {{what}}',
  waiting: 'Waiting for a controller to announce itself…',
  announced: 'Controller {{mac}} is waiting for authorization.',
  authorizeIt: 'Authorize {{mac}}',
  loadError: 'The connection details could not be loaded.',
  connectWays: 'What to connect',
  viaProtocol: 'A controller',
  viaGateway: 'A store gateway',
  gateway: {
    title: 'Connect a store gateway',
    subtitle:
      'For the Modbus controllers a store already owns (Danfoss, Carel, Dixell, Emerson): a small Linux box on their RS-485 bus or Modbus TCP converter polls them and speaks for each of them.',
    step1:
      'Save the gateway.yaml below on the box and list its buses and controllers: each controller’s bus, its Modbus unit id (the address set on the controller) and its device profile.',
    step2: 'Check the file, then start the gateway. It announces itself here with its controllers and waits.',
    step3:
      'Authorize the gateway: choose its organization and location. Authorizing a gateway authorizes all its controllers into the same location; a controller added to its file later appears there too.',
    step4:
      'Save the device key shown once after authorizing in the file named by key_file on the box: the gateway reads it within seconds and its controllers’ readings start.',
    waiting: 'Waiting for a gateway to announce itself…',
    announced_one: 'Gateway {{mac}} with {{count}} controller is waiting for authorization.',
    announced_other: 'Gateway {{mac}} with {{count}} controllers is waiting for authorization.',
    configTitle: 'The configuration to start from',
    configHint:
      'This installation’s MQTT broker and provisioning key are filled in. Change the buses and devices to match the store.',
    profilesHint:
      'Shipped profiles: danfoss-ak-cc55, carel-ir33 and generic-case (a template). For another model, copy generic-case into profiles_dir with the addresses from the vendor’s Modbus table.',
    noMqtt:
      'This installation has no MQTT broker, and a gateway speaks MQTT only. Enable the embedded broker (or configure MQTT_URL) before connecting a gateway.',
    externalBroker:
      'Through the external MQTT broker a new device has no account until it is authorized, and a gateway announces itself over MQTT only: it cannot make its first contact with this installation yet.',
    runTitle: 'Run it',
    check: 'Check the file and the profiles',
    run: 'Start the gateway (from a copy of this project)',
    serviceTitle: 'On a store box, as a service',
    serviceHint:
      'The standalone build and the systemd unit in deploy/: it starts at boot, checks the file before each start and restarts after a failure. On the box, set key_file and outbox.dir to /var/lib/rcm-gateway.',
    serviceSteps: 'Install and start the service',
  },
  noControllersTitle: 'No controllers yet',
  noControllersBody:
    'Connect your first controller: it announces itself, you authorize it, and its readings and alarms appear here.',
  noControllersAsk:
    'No controller has been connected yet. An administrator or a technician connects and authorizes them.',
  dashboardEmptyTitle: 'Nothing to monitor yet',
  dashboardEmptyBody:
    'Alarms appear here once controllers report. Add a location for each store, then connect its controllers.',
  addLocation: 'Add location',
  addLocationTitle: 'Add a location',
  addLocationBody: 'Which organization is the location part of?',
  continue: 'Continue',
  locationsEmptyTitle: 'No locations yet',
  locationsEmptyBody:
    'A location is a store or another site; a controller is placed in one when it is authorized. Add the first one.',
  invitationNotSent:
    'No mail server is configured, so no email was sent. Give {{email}} this link to choose a password (valid for 7 days, once):',
  invitationLink: 'Invitation link',
  email: {
    intro:
      'Alarm emails, invitations, password links and purchase orders leave through this mail server. The password is never shown.',
    transport: 'Mail server',
    none: 'None configured',
    noneHint:
      'Without SMTP_URL nothing leaves the installation: messages are kept in the console and marked “not sent”. Set SMTP_URL (for example smtp://user:password@mail.example.com:587) and restart.',
    host: 'Host',
    port: 'Port',
    secure: 'TLS from the start',
    user: 'User name',
    noUser: 'none',
    from: 'Sender',
    publicUrl: 'Links in emails point to',
    lastSent: 'Last message accepted by the server',
    lastFailure: 'Last undelivered message',
    lastFailureValue: 'queued {{at}}: {{error}}',
    never: 'never',
    test: 'Send a test message',
    testTo: 'Send to',
    testSend: 'Send test message',
    testSending: 'Sending…',
    testSent: 'The mail server accepted the test message for {{to}}.',
    testFailed: 'The mail server did not accept the test message: {{error}}',
    on: 'On',
    off: 'Off',
    adminOnly: 'Only an administrator of the installation can see the email settings.',
    loadError: 'The email settings could not be loaded. Try again in a moment.',
  },
};
