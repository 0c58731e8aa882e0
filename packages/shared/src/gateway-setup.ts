import type { ProvisioningSettings } from './provisioning.ts';

/**
 * What "Connect a store gateway" gives an installer: a `gateway.yaml` to start from (this install's MQTT
 * address and provisioning key filled in), the command that runs it from a copy of the project, and the
 * steps that install it as a service on a store box. The gateway speaks MQTT only (it has no HTTP path).
 */

/** A YAML double-quoted scalar: JSON's string syntax is YAML's, so any key or address stays one value. */
const quoted = (value: string) => JSON.stringify(value);

export function gatewayConfigYaml(settings: Pick<ProvisioningSettings, 'mqtt_url' | 'provisioning_key'>): string {
  return `# The store gateway's configuration. Check it with --check first.
console:
  mqtt_url: ${quoted(settings.mqtt_url ?? 'mqtt://console.example:1883')}
  # The gateway's identity; default: the box's first network interface.
  # mac: 02:47:00:00:00:01
  provisioning_key: ${quoted(settings.provisioning_key)}
  # Where you save the device key shown once when you authorize it
  # (on a store box under systemd: /var/lib/rcm-gateway/device.key).
  key_file: ./device.key
outbox:
  # On a store box under systemd: /var/lib/rcm-gateway/outbox.
  dir: ./outbox
  # About a day of readings from 120 controllers; older messages are dropped past it.
  max_mb: 1000
  max_age_days: 30
# More device profiles besides the shipped ones:
# profiles_dir: ./profiles.d
buses:
  # One per RS-485 line (serial) or Modbus TCP converter (tcp).
  - name: rs485_1
    serial: { path: /dev/ttyUSB0, baud: 19200, parity: even, data_bits: 8, stop_bits: 1 }
  # - name: converter1
  #   tcp: { host: 192.168.1.50, port: 502 }
  #   (framing: rtu for an RTU-over-TCP converter)
devices:
  # One per controller: its bus, its Modbus unit id (the address
  # set on the controller) and its profile.
  - { bus: rs485_1, unit_id: 1, profile: danfoss-ak-cc55, name: Case 1, rack: A, poll_s: 10 }
  # - { bus: rs485_1, unit_id: 2, profile: carel-ir33, name: Case 2, rack: A }
`;
}

/** Runs the gateway from a copy of this project, beside the `gateway.yaml` above. */
export const GATEWAY_RUN_COMMAND = 'npm run gateway -w apps/gateway -- --config gateway.yaml';

/** Checks the config and the profiles and exits. */
export const GATEWAY_CHECK_COMMAND = `${GATEWAY_RUN_COMMAND} --check`;

/** The store box: the standalone build, its serial binding, the config, and the systemd unit (`deploy/`). */
export const GATEWAY_SERVICE_STEPS = `npm run build -w apps/gateway
sudo useradd --system --no-create-home --shell /usr/sbin/nologin rcm-gateway
sudo mkdir -p /opt/rcm-gateway /etc/rcm-gateway
sudo cp -r apps/gateway/dist/. /opt/rcm-gateway/
cd /opt/rcm-gateway && sudo npm install serialport@13 && cd -
sudo cp gateway.yaml /etc/rcm-gateway/gateway.yaml
sudo cp deploy/rcm-gateway.service /etc/systemd/system/
sudo systemctl daemon-reload && sudo systemctl enable --now rcm-gateway
journalctl -u rcm-gateway -f`;
