import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { useDemoteOperator, useOperators, usePromoteOperator } from './operators-api';

const errorText = (error: unknown) => (error instanceof ApiError ? error.detail : 'Something went wrong. Please try again.');

export function OperatorsScreen() {
  const operators = useOperators();
  const promote = usePromoteOperator();
  const demote = useDemoteOperator();
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  if (operators.isPending) return <Spinner label="Loading operators" />;
  if (operators.isError) return <ErrorPanel error={operators.error} onRetry={() => void operators.refetch()} />;
  return (
    <section aria-labelledby="operators-heading" className="flex max-w-2xl flex-col gap-4">
      <h2 id="operators-heading" className="text-xl font-semibold">
        Operators
      </h2>
      <form
        className="flex flex-col gap-2 rounded-lg border p-3"
        onSubmit={(event) => {
          event.preventDefault();
          promote.mutate(email.trim(), {
            onSuccess: (row) => {
              toast.success('Operator added', { description: `${row.email} can now use the console` });
              setEmail('');
            },
            onError: (error) => toast.error('Could not promote', { description: errorText(error) }),
          });
        }}
      >
        <Label htmlFor="promote-email">Promote an account (they sign up first)</Label>
        <div className="flex gap-2">
          <Input id="promote-email" type="email" placeholder="name@example.in" value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" disabled={promote.isPending || email.trim() === ''}>
            Promote
          </Button>
        </div>
      </form>
      <ul className="divide-y rounded-lg border">
        {operators.data.map((row) => (
          <li key={row.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              {row.firstName} {row.lastName} <span className="text-muted-foreground">· {row.email}</span>
            </span>
            {row.email !== user?.email && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => demote.mutate(row.id, { onError: (error) => toast.error('Could not demote', { description: errorText(error) }) })}
              >
                Demote
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
