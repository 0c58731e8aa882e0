import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/components/ui/form.tsx';
import { ApiError, failureMessage } from './api-client.ts';
import { toast } from './toast.ts';

/** Where a failure is shown: on a form (its fields, the rest in its root error) or in a toast. */
export type MutationErrorDisplay<TForm extends FieldValues> =
  | { form: Pick<UseFormReturn<TForm>, 'setError'>; shown?: readonly Path<TForm>[] }
  | 'toast';

export type ApiMutationOptions<TData, TVariables, TForm extends FieldValues> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries to refetch once it succeeded (each key covers the queries under it), before `onSuccess`. */
  invalidates?: readonly QueryKey[] | ((data: TData, variables: TVariables) => readonly QueryKey[]);
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** For a change that may have partly happened before it failed (a bulk action): refetch after a failure too. */
  invalidatesOnFailure?: boolean;
  /** Without it a failure reaches the caller: `run` rejects (a confirm dialog shows it in place). */
  showError?: MutationErrorDisplay<TForm>;
};

export type ApiMutation<TData, TVariables> = UseMutationResult<TData, Error, TVariables> & {
  /**
   * Runs it and resolves once the invalidated queries refetched and `onSuccess` ran, with the answer;
   * with `showError` a failure is shown there and `run` resolves undefined.
   */
  run: (variables: TVariables) => Promise<TData | undefined>;
};

/**
 * The console's one way to change something through the API: TanStack's `useMutation`, which then
 * invalidates the queries the change affects (keys from the features' `api/keys.ts`) and shows a
 * failure on the form or in a toast.
 */
export function useApiMutation<TData, TVariables = void, TForm extends FieldValues = FieldValues>(
  options: ApiMutationOptions<TData, TVariables, TForm>,
): ApiMutation<TData, TVariables> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { showError } = options;
  const invalidate = (keys: readonly QueryKey[] | undefined) =>
    Promise.all((keys ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const mutation = useMutation<TData, Error, TVariables>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      await invalidate(
        typeof options.invalidates === 'function' ? options.invalidates(data, variables) : options.invalidates,
      );
      await options.onSuccess?.(data, variables);
    },
    onError: async (err) => {
      if (showError === 'toast') toast.error(failureMessage(err, t('errors.network')));
      else if (showError) applyServerErrors(showError.form, err, t('errors.network'), showError.shown);
      // A function of the answer names nothing without one.
      if (options.invalidatesOnFailure && typeof options.invalidates !== 'function')
        await invalidate(options.invalidates);
    },
  });
  const run = async (variables: TVariables) => {
    try {
      return await mutation.mutateAsync(variables);
    } catch (err) {
      // A form shows the API's refusals; anything else thrown there is a fault and reaches the caller.
      if (showError === 'toast' || (showError && err instanceof ApiError)) return undefined;
      throw err;
    }
  };
  return { ...mutation, run };
}
