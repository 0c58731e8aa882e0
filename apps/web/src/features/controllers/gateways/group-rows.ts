import type { ControllerListItem, GatewayStatusView } from '@rcm/shared/controllers';

/** A row of the list: a controller, or one of an expanded gateway's children under it. */
export type Row = {
  c: ControllerListItem;
  /** Under its gateway: what the gateway's status says of its polls. */
  polled?: GatewayStatusView['children'][number] | null;
};

/**
 * The controllers list's rows with each expanded gateway's children under it (taken from where else they appear
 * on the page, so none shows twice), each with its state and last good poll from the gateway's status.
 */
export function groupRows(
  rows: readonly ControllerListItem[],
  expanded: ReadonlyMap<number, { children: ControllerListItem[]; status: GatewayStatusView | null }>,
): Row[] {
  const out: Row[] = [];
  for (const c of rows) {
    if (c.gateway && expanded.has(c.gateway.id)) continue;
    out.push({ c });
    const group = expanded.get(c.id);
    if (!group) continue;
    const polled = new Map((group.status?.children ?? []).map((k) => [k.controller_id, k]));
    for (const child of group.children) out.push({ c: child, polled: polled.get(child.id) ?? null });
  }
  return out;
}
