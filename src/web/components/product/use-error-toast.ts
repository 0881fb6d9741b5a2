import { useEffect } from 'react';
import { toast } from '@/web/lib/toast';

/**
 * Shows a destructive toast once per failure (SPEC point 8), not on every render: keyed by the query's
 * errorUpdatedAt, so a retry that fails again toasts again.
 */
export function useErrorToast(active: boolean, errorUpdatedAt: number, description: string, title = 'Error') {
  useEffect(() => {
    if (active) toast.error(title, { description });
  }, [active, errorUpdatedAt, description, title]);
}
