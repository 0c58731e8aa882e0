import type { DeviceProfile } from '@rcm/shared/device-profile';
import { childId } from '@rcm/shared/gateway';
import {
  type BusConfig,
  busEndpoint,
  ConfigError,
  type DeviceConfig,
  type GatewayConfig,
  loadConfig,
} from './config.ts';
import { loadProfiles, type ProfileSet } from './profiles.ts';

export type Child = {
  child: string;
  device: DeviceConfig;
  bus: BusConfig;
  endpoint: string;
  profile: DeviceProfile;
};

export type Setup = { config: GatewayConfig; profiles: ProfileSet; children: Child[]; warnings: string[] };

/** Each device with its bus and profile; an unknown profile stops with the device's field named. */
export function resolveChildren(
  config: GatewayConfig,
  profiles: ProfileSet,
): { children: Child[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const children: Child[] = [];
  config.devices.forEach((device, i) => {
    const profile = profiles.get(device.profile);
    const bus = config.buses.find((b) => b.name === device.bus);
    if (!profile) {
      const known = [...profiles.keys()].sort().join(', ');
      problems.push(`  devices[${i}].profile: no profile "${device.profile}" (known: ${known})`);
      return;
    }
    if (!bus) return; // the config's own check names the bus
    const d = profile.serial_defaults;
    if (bus.serial && d) {
      const s = bus.serial;
      if (s.baud !== d.baud || s.parity !== d.parity || s.data_bits !== d.data_bits || s.stop_bits !== d.stop_bits) {
        warnings.push(
          `devices[${i}] (unit ${device.unit_id} on ${bus.name}): ${profile.id} defaults to ${d.baud} ${d.data_bits}${d.parity[0]?.toUpperCase()}${d.stop_bits}, the bus runs ${s.baud} ${s.data_bits}${s.parity[0]?.toUpperCase()}${s.stop_bits}; every unit on the bus must be set to the bus's settings`,
        );
      }
    }
    children.push({ child: childId(bus.name, device.unit_id), device, bus, endpoint: busEndpoint(bus), profile });
  });
  if (problems.length) throw new ConfigError(`config:\n${problems.join('\n')}`);
  return { children, warnings };
}

export function loadSetup(configPath: string): Setup {
  const config = loadConfig(configPath);
  const profiles = loadProfiles(config.profiles_dir);
  return { config, profiles, ...resolveChildren(config, profiles) };
}
