import type { ComponentProps } from 'react';
import { SelectInput } from '@/components/ui/form.tsx';

type Props = Omit<ComponentProps<typeof SelectInput>, 'children'>;

/**
 * Who a team, schedule or policy belongs to: one organization, or (offered only to those who see
 * every organization) none, shared by the service company.
 */
export function OwnerSelect(
  props: Props & { shared: { label: string } | null; options: readonly { id: number; name: string }[] },
) {
  const { shared, options, ...field } = props;
  return (
    <SelectInput {...field}>
      {shared ? <option value="">{shared.label}</option> : null}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectInput>
  );
}
