import { Link } from '@tanstack/react-router';
import { linkClass } from '@/components/ui/button.ts';

/** A link to a controller's page, named by the controller's name, else its MAC address. */
export function ControllerLink(props: {
  controller: { id: number; name: string | null; mac_address: string };
  className?: string;
  onClick?: () => void;
}) {
  const c = props.controller;
  return (
    <Link
      to="/controllers/$controllerId/view"
      params={{ controllerId: String(c.id) }}
      onClick={props.onClick}
      className={props.className ?? linkClass}
    >
      {c.name ?? c.mac_address}
    </Link>
  );
}
